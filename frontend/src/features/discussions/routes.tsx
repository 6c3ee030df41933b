import { DiscussionPanel } from './DiscussionPanel';

/** The panel pages embed; the router hands it to them (see `@/ui/discussion-slot`). */
export const discussionPanel = DiscussionPanel;
