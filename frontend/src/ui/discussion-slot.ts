import type { ComponentType } from 'react';
import type { listDiscussions } from '@/api/endpoints/discussions/discussions';

/** What a discussion hangs on: `groups`, `projects` or `blog/api`. */
export type TopicType = Parameters<typeof listDiscussions>[0];

/**
 * Where a page shows a discussion. Pages (a working group, a blog post) take the panel as
 * a prop and the router passes the discussions feature's panel in, so features never
 * import each other.
 */
export type DiscussionSlot = ComponentType<DiscussionProps>;

export interface DiscussionProps {
  topicType: TopicType;
  targetId: number;
  /** Called after the viewer posts or deletes, so the page can refresh its counts. */
  onChange?: () => void;
}

/** The id of a page's discussion section (`#discussion` links land on it). */
export const DISCUSSION_ANCHOR = 'discussion';

/** The id of the discussion's place on a page, there before the panel has loaded, which
 *  "View Discussion" scrolls to. */
export const DISCUSSION_PLACE = 'discussion-place';
