import { lazyScreen } from '@/lib/lazy-screen';

export const searchRoute = lazyScreen(() => import('./SearchPage'), (m) => m.SearchPage);
