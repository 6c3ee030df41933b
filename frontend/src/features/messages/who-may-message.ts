import type { WhoMayMessage } from '@/api/model';

/** How each choice of who may start a conversation reads in the settings. */
export const whoMayMessageLabels: Record<WhoMayMessage, string> = {
  everyone: 'Everyone on Cohort',
  my_groups: 'Members of my working groups',
  nobody: 'Nobody',
};
