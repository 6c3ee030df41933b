import type { ChipProps } from '@mui/material';
import type { MemberRole } from '@/api/model';

/** Spec 2 §4: the status label of each role. */
export const roleLabels: Record<MemberRole, string> = {
  admin: 'Administrator',
  moderator: 'Moderator',
  member: 'Member',
};

/** The people who run the group stand out in member lists and the status panel. */
export const roleColors: Record<MemberRole, ChipProps['color']> = { admin: 'primary', moderator: 'primary', member: 'default' };

/** Spec 2 §9: the roles that can be assigned. */
export const ASSIGNABLE_ROLES = ['member', 'moderator'] as const satisfies readonly MemberRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The role an owner's role dialog starts from: the member's own (the owner's is not theirs to give). */
export const assignableRole: Record<MemberRole, AssignableRole> = { admin: 'member', moderator: 'moderator', member: 'member' };

/** Spec 2 §5: "{name} is now a moderator." / "… a member." */
export const becomesText: Record<AssignableRole, string> = { moderator: 'a moderator', member: 'a member' };

/** Spec 2 §9: leaving returns to the group list after 1 s. */
export const LEAVE_REDIRECT_MS = 1000;
/** Spec 2 §9: the invite form closes 1.5 s after success. */
export const INVITE_CLOSE_MS = 1500;
