import type { ChipProps } from '@mui/material';
import type { ActiveStatus, ApprovedStatus } from '@/api/model';

export const activeLabels: Record<ActiveStatus, string> = { active: 'Active', suspended: 'Suspended' };
export const activeColors: Record<ActiveStatus, ChipProps['color']> = { active: 'success', suspended: 'error' };

export const approvalLabels: Record<ApprovedStatus, string> = {
  approved: 'Approved',
  not_approved: 'Not approved',
  waiting_for_approval: 'Waiting for approval',
  pending_approval_for_changes: 'Changes waiting for approval',
};

export const approvalColors: Record<ApprovedStatus, ChipProps['color']> = {
  approved: 'success',
  not_approved: 'warning',
  waiting_for_approval: 'warning',
  pending_approval_for_changes: 'warning',
};
