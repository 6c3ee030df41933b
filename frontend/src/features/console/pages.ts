import { staffScreen } from '@/ui/console/staffScreens';

/** The console's own pages, across the domains: reports, the audit log, webhooks. */
export const consolePages = [
  staffScreen('reports', () => import('./ReportsPage'), (m) => m.ReportsPage),
  staffScreen('audit', () => import('./AuditPage'), (m) => m.AuditPage),
  staffScreen('webhooks', () => import('./WebhooksPage'), (m) => m.WebhooksPage),
];
