import type { GroupDetail } from '@/api/model';
import { titles, type ReviewField } from '@/ui/console/reviewRows';

/** A group's fields in the side-by-side review of its proposed changes. */
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
