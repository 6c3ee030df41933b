import type { ChipProps } from '@mui/material';
import type { UpdateStatus } from '@/api/model';

/** Spec 2 §2: the status with underscores replaced by spaces. */
export const statusText = (status: string) => status.replace(/_/g, ' ');

/** An approved update reads as done; one waiting or refused stays neutral. */
export const updateStatusColors: Record<UpdateStatus, ChipProps['color']> = {
  approved: 'success',
  waiting_for_approval: 'default',
  not_approved: 'default',
};

/** Members' lists name the status only of an update not (yet) approved. */
export const updateStatusShown: Record<UpdateStatus, boolean> = {
  approved: false,
  waiting_for_approval: true,
  not_approved: true,
};
