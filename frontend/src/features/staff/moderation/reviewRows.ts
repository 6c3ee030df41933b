import type { GroupDetail, LookupItem, NeedDraft, ProjectTag, ProjectVersion, TeamMemberDraft } from '@/api/model';
import { ethicsStatusLabels, needKindLabels } from '@/lib/labels';

/** One line of the side-by-side review: a field's current and proposed values. */
export interface ReviewRow {
  label: string;
  current: string;
  proposed: string;
  changed: boolean;
  /** The value is sanitised rich text. */
  html?: boolean;
}

/** A reviewed field: its label and how to read it from a version. */
export interface ReviewField<T> {
  label: string;
  value: (version: T) => string;
  html?: boolean;
}

const titles = (items: (LookupItem | ProjectTag)[]) => items.map((item) => item.title).join(', ');

export const GROUP_FIELDS: ReviewField<GroupDetail>[] = [
  { label: 'Title', value: (g) => g.title },
  { label: 'Summary', value: (g) => g.summary, html: true },
  { label: 'Topics', value: (g) => titles(g.tags) },
  { label: 'Goals', value: (g) => titles(g.goals_of_working_group) },
  { label: 'Other goals', value: (g) => g.other_goals_of_wg ?? '' },
  { label: 'Industry partner likely', value: (g) => g.industry_partner_likely ?? '' },
  { label: 'Industry partner role', value: (g) => titles(g.role_of_industry_partner) },
  { label: 'Other partner role', value: (g) => g.other_role_of_industry_partner ?? '' },
  { label: 'Member obligations', value: (g) => g.member_obligations, html: true },
  { label: 'Additional information', value: (g) => g.additional_info ?? '', html: true },
  { label: 'Embedded link', value: (g) => g.embedded_link ?? '' },
  { label: 'Picture', value: (g) => g.image ?? '' },
];

const person = (m: TeamMemberDraft) => `${m.name} — ${m.role}${m.email ? ` (${m.email})` : ''}`;
const need = (n: NeedDraft) => `${needKindLabels[n.kind]}: ${n.description}`;

export const PROJECT_FIELDS: ReviewField<ProjectVersion>[] = [
  { label: 'Title', value: (p) => p.title },
  { label: 'Lay summary', value: (p) => p.lay_summary, html: true },
  { label: 'Topics', value: (p) => titles(p.tags) },
  { label: 'Picture', value: (p) => p.image ?? '' },
  { label: 'Video', value: (p) => p.video_url ?? '' },
  { label: 'The problem', value: (p) => p.problem, html: true },
  { label: 'Aims', value: (p) => p.aims, html: true },
  { label: 'Methods', value: (p) => p.methods, html: true },
  { label: 'Expected impact', value: (p) => p.impact, html: true },
  { label: 'Research ethics', value: (p) => (p.ethics_status ? ethicsStatusLabels[p.ethics_status] : '') },
  { label: 'Conflicts of interest', value: (p) => p.conflicts },
  { label: 'Team', value: (p) => p.team.map(person).join('\n') },
  { label: 'Needs', value: (p) => p.needs.map(need).join('\n') },
];

/** Every reviewed field of both versions, marking the ones the proposal changes. */
export function reviewRows<T>(fields: ReviewField<T>[], current: T, proposed: T): ReviewRow[] {
  return fields.map(({ label, value, html }) => {
    const before = value(current);
    const after = value(proposed);
    return { label, current: before, proposed: after, changed: before !== after, html };
  });
}
