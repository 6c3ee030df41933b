import { describe, expect, it } from 'vitest';
import type { GroupDetail } from '@/api/model';
import { groupActions } from './groupActions';
import { reviewRows } from '@/ui/console/reviewRows';
import { GROUP_FIELDS } from './reviewFields';

const group: GroupDetail = {
  id: 1,
  slug: 'stroke-rehab',
  title: 'Stroke rehab',
  summary: '<p>Notes</p>',
  tags: [{ id: 1, slug: 'stroke', title: 'Stroke' }],
  goals_of_working_group: [],
  role_of_industry_partner: [],
  member_obligations: '<p>Be kind</p>',
  approved_status: 'approved',
  active_status: 'active',
  standing: { is_public: true, is_approved: true, has_pending_changes: false, is_under_review: false, is_suspended: false },
  comments: 0,
  members: 1,
  created_at: '2026-11-01T10:00:00Z',
  has_join_request: false,
  is_member: false,
  is_moderator: false,
  is_owner: false,
  abilities: {
    can_join: true,
    can_edit: false,
    can_edit_materials: false,
    can_post_update: false,
    can_see_members: false,
    can_manage_requests: false,
    can_leave: false,
    can_see_activity: false,
    can_manage_agreement: false,
  },
  agreement: { state: 'none', must_accept: false },
  phi_blocking: false,
};

describe('the side-by-side review', () => {
  it('marks only the fields the proposal changes', () => {
    const rows = reviewRows(GROUP_FIELDS, group, { ...group, title: 'Stroke rehabilitation', tags: [] });
    expect(rows.filter((row) => row.changed).map((row) => row.label)).toEqual(['Title', 'Topics']);
    expect(rows.find((row) => row.label === 'Topics')).toMatchObject({ current: 'Stroke', proposed: '' });
  });

  it('flags rich-text fields so they are shown as HTML', () => {
    const html = reviewRows(GROUP_FIELDS, group, group).filter((row) => row.html).map((row) => row.label);
    expect(html).toEqual(['Summary', 'Member obligations', 'Additional information']);
  });
});

describe('the decisions open to staff', () => {
  const labels = (g: GroupDetail) => groupActions(g).map((action) => action.action);

  const standing = group.standing;

  it('approve or reject while the server says it is under review, and suspend', () => {
    expect(labels({ ...group, standing: { ...standing, is_under_review: true } })).toEqual(['approve', 'reject', 'suspend']);
  });

  it('only suspend or reactivate once decided', () => {
    expect(labels(group)).toEqual(['suspend']);
    expect(labels({ ...group, standing: { ...standing, is_suspended: true } })).toEqual(['reactivate']);
  });
});
