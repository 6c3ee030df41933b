import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@/api/model';
import { canReply, eventColour, itemLink, label } from './eventKinds';

const item = (event_type: FeedItem['event_type'], object_type: FeedItem['object_type']): FeedItem => ({
  id: 1,
  event_type,
  object_type,
  created_at: '2026-11-22T10:00:00Z',
  content: {},
  related_content: { slug: 'gait-lab' },
});

describe('feed items', () => {
  it('colour projects blue, working groups violet and the rest green', () => {
    expect(eventColour('PROJECT_CREATED')).toBe('#1e63c4');
    expect(eventColour('WORKING_GROUP_COMMENT_CREATED')).toBe('#7b3fb5');
    expect(eventColour('BLOG_CREATED')).toBe('#2e8b57');
  });

  it('offer Reply only on comments and discussions, leading to the thread', () => {
    expect(canReply(item('WORKING_GROUP_COMMENT_CREATED', 'COMMENT'))).toBe(true);
    expect(canReply(item('BLOG_DISCUSSION_CREATED', 'DISCUSSION'))).toBe(true);
    expect(canReply(item('WORKING_GROUP_CREATED', 'WORKING_GROUP'))).toBe(false);
    expect(itemLink(item('WORKING_GROUP_COMMENT_CREATED', 'COMMENT'))).toBe('/working-groups/gait-lab');
    expect(itemLink(item('BLOG_CREATED', 'BLOG'))).toBe('/blog/gait-lab');
    expect(itemLink(item('PROJECT_PROTOCOL_REGISTERED', 'PROJECT'))).toBe('/project/gait-lab/protocol');
    expect(itemLink(item('PROJECT_MILESTONE_VERIFIED', 'PROJECT'))).toBe('/project/gait-lab#milestones');
    expect(itemLink(item('PROJECT_RESULTS_POSTED', 'PROJECT'))).toBe('/project/gait-lab#results');
    expect(label('WORKING_GROUP_DISCUSSION_CREATED')).toBe('Working group discussion created');
  });
});
