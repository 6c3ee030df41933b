import type { ActiveStatus, ApprovedStatus } from '@/api/model';

export const activeLabels: Record<ActiveStatus, string> = { active: 'Active', suspended: 'Suspended' };

export const approvalLabels: Record<ApprovedStatus, string> = {
  approved: 'Approved',
  not_approved: 'Not approved',
  waiting_for_approval: 'Waiting for approval',
  pending_approval_for_changes: 'Changes waiting for approval',
};
