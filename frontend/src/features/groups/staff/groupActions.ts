import type { GroupDetail } from '@/api/model';

/** A decision staff can take on a group in its present state. */
export interface GroupAction {
  action: 'approve' | 'reject' | 'suspend' | 'reactivate';
  label: string;
  confirmTitle: string;
  text: string;
  done: string;
  danger?: boolean;
}

const APPROVE: GroupAction = {
  action: 'approve',
  label: 'Approve',
  confirmTitle: 'Approve this working group?',
  text: 'The owner is told; the group (or its changes) goes live at once.',
  done: 'Approved.',
};
const REJECT: GroupAction = {
  action: 'reject',
  label: 'Reject',
  confirmTitle: 'Reject this working group?',
  text: 'The owner is told, with your reason.',
  done: 'Rejected.',
  danger: true,
};
const SUSPEND: GroupAction = {
  action: 'suspend',
  label: 'Suspend',
  confirmTitle: 'Suspend this working group?',
  text: 'It disappears from the site until reactivated; the owner is told, with your reason.',
  done: 'Suspended.',
  danger: true,
};
const REACTIVATE: GroupAction = {
  action: 'reactivate',
  label: 'Reactivate',
  confirmTitle: 'Reactivate this working group?',
  text: 'It shows on the site again.',
  done: 'Reactivated.',
};

/** What may be done: review decisions while the server says the group is under review, then suspend or reactivate. */
export function groupActions(group: GroupDetail): GroupAction[] {
  const actions = group.standing.is_under_review ? [APPROVE, REJECT] : [];
  actions.push(group.standing.is_suspended ? REACTIVATE : SUSPEND);
  return actions;
}
