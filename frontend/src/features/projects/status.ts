import { ProjectStatus } from '@/api/model';

/** How a project's state reads on its owner's screens, and its badge colour. */
export const STATUS: Record<ProjectStatus, { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }> = {
  [ProjectStatus.draft]: { label: 'Draft', color: 'default' },
  [ProjectStatus.submitted]: { label: 'Waiting for review', color: 'info' },
  [ProjectStatus.live]: { label: 'Live', color: 'success' },
  [ProjectStatus.closed]: { label: 'Closed', color: 'default' },
  [ProjectStatus.rejected]: { label: 'Sent back', color: 'warning' },
  [ProjectStatus.suspended]: { label: 'Suspended', color: 'error' },
};
