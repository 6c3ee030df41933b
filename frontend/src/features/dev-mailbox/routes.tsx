import { MailboxPage } from './MailboxPage';

export const mailboxRoute = { Component: MailboxPage };
