import { lazyScreen } from '@/lib/lazy-screen';

export const messagesRoute = lazyScreen(() => import('./MessagesPage'), (m) => m.MessagesPage);
