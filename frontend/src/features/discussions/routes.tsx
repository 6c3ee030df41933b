import { lazy } from 'react';
import { lazyScreen } from '@/lib/lazy-screen';
import { useLocation } from 'react-router';
import { DISCUSSION_ANCHOR, DISCUSSION_PLACE, type DiscussionProps } from '@/ui/discussion-slot';
import { LazyWhenNear } from '@/ui/LazyWhenNear';
import { Loading } from '@/ui/QueryState';

const Panel = lazy(() => import('./DiscussionPanel').then((m) => ({ default: m.DiscussionPanel })));

/**
 * The panel pages embed; the router hands it to them (see `@/ui/discussion-slot`). It
 * sits below the page's own content, so it loads (code, topics and all) when it comes
 * near the screen, or at once when the page was opened at `#discussion`.
 */
export function DiscussionPanelSlot(props: DiscussionProps) {
  const { hash } = useLocation();
  return (
    <LazyWhenNear
      minHeight={320}
      id={DISCUSSION_PLACE}
      eager={hash === `#${DISCUSSION_ANCHOR}`}
      fallback={<Loading label="Loading the discussion" />}
    >
      <Panel {...props} />
    </LazyWhenNear>
  );
}

/** /my-profile/following: what the member follows or muted. */
export const followingTabRoute = lazyScreen(() => import('./FollowingTab'), (m) => m.FollowingTab);
