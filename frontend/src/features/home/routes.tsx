import { lazyScreen } from '@/lib/lazy-screen';

export const homeRoute = lazyScreen(() => import('./HomePage'), (m) => m.HomePage);
