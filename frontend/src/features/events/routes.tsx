import { lazyScreen } from '@/lib/lazy-screen';

export const myEventsRoute = lazyScreen(() => import('./MyEventsPage'), (m) => m.MyEventsPage);
