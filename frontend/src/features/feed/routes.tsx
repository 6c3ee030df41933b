import { lazyScreen } from '@/lib/lazy-screen';

export const feedRoute = lazyScreen(() => import('./FeedPage'), (m) => m.FeedPage);
