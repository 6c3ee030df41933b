import type { DiscussionSlot } from '@/ui/discussion-slot';
import { lazyScreen } from '@/lib/lazy-screen';

/** The profile's Pledges tab (My pledges): it lives with the funding it shows. */
export const pledgesTabRoute = lazyScreen(() => import('./pledges/PledgesTab'), (m) => m.PledgesTab);
export const myProjectsRoute = lazyScreen(() => import('./my/MyProjectsPage'), (m) => m.MyProjectsPage);
export const wizardRoute = lazyScreen(() => import('./wizard/ProjectWizardPage'), (m) => m.ProjectWizardPage);
export const listRoute = lazyScreen(() => import('./browse/ProjectsListPage'), (m) => m.ProjectsListPage);
/** The project page with the discussion panel the router hands in. */
export const projectRoute = (Discussion: DiscussionSlot) =>
  lazyScreen(
    () => import('./browse/ProjectPage'),
    ({ ProjectPage }) =>
      function ProjectRoute() {
        return <ProjectPage Discussion={Discussion} />;
      },
  );
export const resultsTrackerRoute = lazyScreen(() => import('./results/ResultsTrackerPage'), (m) => m.ResultsTrackerPage);
export const needsRoute = lazyScreen(() => import('./browse/NeedsPage'), (m) => m.NeedsPage);
export const updatesRoute = lazyScreen(() => import('./updates/ProjectUpdatesPage'), (m) => m.ProjectUpdatesPage);
export const updateFormRoute = lazyScreen(() => import('./updates/ProjectUpdateFormPage'), (m) => m.ProjectUpdateFormPage);
export const testOnboardingRoute = lazyScreen(() => import('./funding/TestOnboardingPage'), (m) => m.TestOnboardingPage);
export const protocolRoute = lazyScreen(() => import('./protocol/ProtocolPage'), (m) => m.ProtocolPage);
export const protocolRegistrationRoute = lazyScreen(() => import('./protocol/ProtocolRegistrationPage'), (m) => m.ProtocolRegistrationPage);
