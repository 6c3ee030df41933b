import { staffScreen } from '@/ui/console/staffScreens';

/** The accounts domain's console pages: members' accounts and their affiliations. */
export const authStaffPages = [
  staffScreen('users', () => import('./UsersPage'), (m) => m.UsersPage),
  staffScreen('users/new', () => import('./NewUserPage'), (m) => m.NewUserPage),
  staffScreen('users/:id', () => import('./UserPage'), (m) => m.UserPage),
  staffScreen('affiliations', () => import('./AffiliationsPage'), (m) => m.AffiliationsPage),
];
