import { staffScreen } from '@/ui/console/staffScreens';

/** The groups domain's console pages: the review of groups and their updates, the lookups. */
export const groupsStaffPages = [
  staffScreen('groups', () => import('./GroupsPage'), (m) => m.GroupsPage),
  staffScreen('groups/:id', () => import('./GroupReviewPage'), (m) => m.GroupReviewPage),
  staffScreen('group-updates', () => import('./GroupUpdatesPage'), (m) => m.GroupUpdatesPage),
  staffScreen('lookups', () => import('./LookupsPage'), (m) => m.LookupsPage),
];
