import type { MemberRole } from '@/api/model';

/** Spec 2 §4: the status label of each role. */
export const roleLabels: Record<MemberRole, string> = {
  admin: 'Administrator',
  moderator: 'Moderator',
  member: 'Member',
};

/** Spec 2 §9: the roles that can be assigned. */
export const ASSIGNABLE_ROLES = ['member', 'moderator'] as const satisfies readonly MemberRole[];

/** Spec 2 §9: leaving returns to the group list after 1 s. */
export const LEAVE_REDIRECT_MS = 1000;
/** Spec 2 §9: the invite form closes 1.5 s after success. */
export const INVITE_CLOSE_MS = 1500;
