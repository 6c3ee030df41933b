import { lazyScreen } from '@/lib/lazy-screen';

export const dashboardRoute = lazyScreen(() => import('./DashboardPage'), (m) => m.DashboardPage);
