/** How an audit entry reads for the member it is about: what happened to what of theirs. */
import type { ReportSubject } from '@/api/model';
import { reportSubjectLabels } from '@/ui/moderation/labels';

/** The member's things, by the subject type of a staff decision. */
const SUBJECTS: Record<string, string> = {
  user: 'account',
  working_group: 'working group',
  group_update: 'group update',
  project: 'project',
  project_update: 'project update',
  api_token: 'API token',
};

/** What was done, by the last part of the action's name. */
const DONE: Record<string, string> = {
  approve: 'was approved',
  reject: 'was not approved',
  suspend: 'was suspended',
  reactivate: 'was reactivated',
  deactivate: 'was deactivated',
  close: 'was closed',
  hide: 'was hidden by the moderators',
  delete: 'was deleted by the moderators',
  warn: 'brought you a warning from the moderators',
  dismiss: 'was reported; the moderators dismissed the reports',
  grant_role: 'was given a staff role',
  revoke_role: 'lost its staff role',
  export: 'had its data exported by staff',
  reset_two_factor: 'had its two-step sign-in reset',
  resend_confirmation: 'was sent its confirmation e-mail again',
  create: 'was created',
  revoke: 'was revoked',
};

function words(text: string): string {
  return text.replaceAll('_', ' ');
}

/** "Your reply was hidden by the moderators", "Your project (funding) was approved". */
export function describeAuditEntry(action: string, subjectType: string): string {
  const [family = '', ...rest] = action.split('.');
  const last = rest[rest.length - 1] ?? family;
  const kind =
    family === 'moderation'
      ? (reportSubjectLabels[subjectType as ReportSubject] ?? words(subjectType))
      : (SUBJECTS[subjectType] ?? words(subjectType));
  const detail = rest.length > 1 ? ` (${words(rest.slice(0, -1).join(' '))})` : '';
  const done = DONE[last] ?? `: ${words(rest.join(' ') || family)}`;
  return `Your ${kind}${detail}${done.startsWith(':') ? done : ` ${done}`}`;
}
