import { lazyScreen } from '@/lib/lazy-screen';

export const notificationsRoute = lazyScreen(() => import('./NotificationsPage'), (m) => m.NotificationsPage);
