import { lazyScreen } from '@/lib/lazy-screen';

/** /staff/*. */
export const staffRoute = lazyScreen(() => import('./StaffConsole'), (m) => m.StaffConsole);
