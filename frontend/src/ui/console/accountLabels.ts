import type { AccountState, StaffRole } from '@/api/model';

export const STATE_LABELS: Record<AccountState, string> = {
  active: 'Active',
  unconfirmed: 'E-mail not confirmed',
  deactivated: 'Deactivated',
};

export const STATE_COLORS: Record<AccountState, 'success' | 'warning' | 'error'> = {
  active: 'success',
  unconfirmed: 'warning',
  deactivated: 'error',
};

export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', moderator: 'Moderator' };

/** "Signed in as an admin." on the console's home. */
export const ROLE_NAMES: Record<StaffRole, string> = { admin: 'an admin', moderator: 'a moderator' };
