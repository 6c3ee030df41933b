/** How the moderation's enumerations read on screen. */
import type { ModerationAction, ReportReason, ReportSubject } from '@/api/model';

/** The terms' review guidelines, in the order the report form offers them. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Abuse or discrimination',
  medical_misinformation: 'False or dangerous medical claim',
  patient_privacy: 'Privacy breach of a patient',
  other: 'Something else',
};

/** A moderator's buttons. */
export const moderationActionLabels: Record<ModerationAction, string> = {
  dismiss: 'Dismiss reports',
  hide: 'Hide',
  delete: 'Delete',
  warn: 'Warn author',
  suspend: 'Suspend author',
};

/** What the log says a moderator did. */
export const moderationActionVerbs: Record<ModerationAction, string> = {
  dismiss: 'dismissed the reports about',
  hide: 'hid',
  delete: 'deleted',
  warn: 'warned the author of',
  suspend: "suspended the author's account over",
};

export const reportSubjectLabels: Record<ReportSubject, string> = {
  topic: 'topic',
  reply: 'reply',
  group: 'working group',
  group_update: 'group update',
  project_update: 'project update',
  profile: 'profile',
  message: 'message',
};
