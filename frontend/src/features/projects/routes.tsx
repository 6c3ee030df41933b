import { lazyScreen } from '@/lib/lazy-screen';

export const myProjectsRoute = lazyScreen(() => import('./my/MyProjectsPage'), (m) => m.MyProjectsPage);
export const wizardRoute = lazyScreen(() => import('./wizard/ProjectWizardPage'), (m) => m.ProjectWizardPage);
