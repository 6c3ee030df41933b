import { lazyScreen } from '@/lib/lazy-screen';

export const mailboxRoute = lazyScreen(() => import('./MailboxPage'), (m) => m.MailboxPage);
