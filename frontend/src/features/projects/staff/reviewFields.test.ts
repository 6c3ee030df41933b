import { describe, expect, it } from 'vitest';
import type { ProjectVersion } from '@/api/model';
import { reviewRows } from '@/ui/console/reviewRows';
import { PROJECT_FIELDS } from './reviewFields';

describe("a project's side-by-side review", () => {
  it('reads the team and needs of a project as lines, so a changed person is marked', () => {
    const project: ProjectVersion = {
      title: 'Early sepsis',
      lay_summary: '<p>Plain</p>',
      tags: [],
      problem: '',
      aims: '',
      methods: '',
      impact: '',
      conflicts: 'None.',
      team: [{ name: 'Ada', role: 'Statistician' }],
      needs: [{ kind: 'participants', description: 'Parents' }],
    };
    const proposed = { ...project, team: [{ name: 'Ada', role: 'Lead statistician', email: 'ada@example.org' }] };
    const rows = reviewRows(PROJECT_FIELDS, project, proposed);
    expect(rows.filter((row) => row.changed)).toEqual([
      { label: 'Team', current: 'Ada — Statistician', proposed: 'Ada — Lead statistician (ada@example.org)', changed: true, html: undefined },
    ]);
    expect(rows.find((row) => row.label === 'Needs')?.current).toBe('Participants: Parents');
  });
});
