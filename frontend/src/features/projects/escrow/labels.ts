import { MilestoneState } from '@/api/model';

/** How a milestone's state reads, and its chip's colour. */
export const MILESTONE_STATE: Record<MilestoneState, { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }> = {
  [MilestoneState.pending]: { label: 'Waiting for its report', color: 'default' },
  [MilestoneState.reported]: { label: 'Reported: being verified', color: 'info' },
  [MilestoneState.returned]: { label: 'Sent back', color: 'warning' },
  [MilestoneState.verified]: { label: 'Verified', color: 'success' },
  [MilestoneState.missed]: { label: 'Missed', color: 'error' },
  [MilestoneState.rejected]: { label: 'Rejected', color: 'error' },
  [MilestoneState.cancelled]: { label: 'Cancelled', color: 'default' },
};

/** How the reason given on a milestone reads in its state (why it was sent back, or why the
 * project ended on it), and its colour. */
export const MILESTONE_REASON: Record<MilestoneState, { prefix: string; color: string }> = {
  [MilestoneState.pending]: { prefix: '', color: 'text.secondary' },
  [MilestoneState.reported]: { prefix: 'Sent back before: ', color: 'text.secondary' },
  [MilestoneState.returned]: { prefix: 'Sent back: ', color: 'warning.dark' },
  [MilestoneState.verified]: { prefix: '', color: 'text.secondary' },
  [MilestoneState.missed]: { prefix: 'Missed: ', color: 'error.dark' },
  [MilestoneState.rejected]: { prefix: 'Rejected: ', color: 'error.dark' },
  [MilestoneState.cancelled]: { prefix: '', color: 'text.secondary' },
};
