import type { GroupDetail, LookupItem } from '@/api/model';

/** One line of the side-by-side review: a field's current and proposed values. */
export interface ReviewRow {
  label: string;
  current: string;
  proposed: string;
  changed: boolean;
  /** The value is sanitised rich text. */
  html?: boolean;
}

const titles = (items: LookupItem[]) => items.map((item) => item.title).join(', ');

const FIELDS: { label: string; value: (group: GroupDetail) => string; html?: boolean }[] = [
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

/** Every reviewed field of both versions, marking the ones the proposal changes. */
export function reviewRows(current: GroupDetail, proposed: GroupDetail): ReviewRow[] {
  return FIELDS.map(({ label, value, html }) => {
    const before = value(current);
    const after = value(proposed);
    return { label, current: before, proposed: after, changed: before !== after, html };
  });
}
