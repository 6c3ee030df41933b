import { lazyScreen } from '@/lib/lazy-screen';

export const myProjectsRoute = lazyScreen(() => import('./my/MyProjectsPage'), (m) => m.MyProjectsPage);
export const wizardRoute = lazyScreen(() => import('./wizard/ProjectWizardPage'), (m) => m.ProjectWizardPage);
export const listRoute = lazyScreen(() => import('./browse/ProjectsListPage'), (m) => m.ProjectsListPage);
export const projectRoute = lazyScreen(() => import('./browse/ProjectPage'), (m) => m.ProjectPage);
export const needsRoute = lazyScreen(() => import('./browse/NeedsPage'), (m) => m.NeedsPage);
