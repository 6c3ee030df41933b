import type { DiscussionSlot } from '@/ui/discussion-slot';
import { lazyScreen } from '@/lib/lazy-screen';

export const landingRoute = lazyScreen(() => import('./browse/WorkingGroupsLanding'), (m) => m.WorkingGroupsLanding);
export const listRoute = lazyScreen(() => import('./browse/GroupListPage'), (m) => m.GroupListPage);
/** The detail page with the discussion panel the router hands in. */
export const detailRoute = (Discussion: DiscussionSlot) =>
  lazyScreen(
    () => import('./detail/GroupDetailPage'),
    ({ GroupDetailPage }) =>
      function GroupDetailRoute() {
        return <GroupDetailPage Discussion={Discussion} />;
      },
  );
export const wizardRoute = lazyScreen(() => import('./wizard/WizardPage'), (m) => m.WizardPage);
const myGroups = (section: 'created' | 'joined' | 'applied') =>
  lazyScreen(
    () => import('./my/MyGroupsPage'),
    ({ MyGroupsPage }) =>
      function MyGroupsRoute() {
        return <MyGroupsPage section={section} />;
      },
  );
export const myGroupsRoute = myGroups('created');
export const myJoinedRoute = myGroups('joined');
export const myAppliedRoute = myGroups('applied');
export const updatesRoute = lazyScreen(() => import('./updates/UpdatesPage'), (m) => m.UpdatesPage);
export const updateFormRoute = lazyScreen(() => import('./updates/UpdateFormPage'), (m) => m.UpdateFormPage);
