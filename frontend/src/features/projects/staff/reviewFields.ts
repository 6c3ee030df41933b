import type { NeedDraft, ProjectVersion, TeamMemberDraft } from '@/api/model';
import { ethicsStatusLabels, needKindLabels } from '@/lib/labels';
import { titles, type ReviewField } from '@/ui/console/reviewRows';

const person = (m: TeamMemberDraft) => `${m.name} — ${m.role}${m.email ? ` (${m.email})` : ''}`;
const need = (n: NeedDraft) => `${needKindLabels[n.kind]}: ${n.description}`;

/** A project's fields in the side-by-side review of its proposed changes. */
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
