import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { ThreadChange, type ThreadActivity } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { watchRoom } from '@/lib/live-channel';

/** Edits and votes that arrive together cause one reload, this long after the last
 * (the reload also shows what was new). */
const SETTLE_MS = 400;

export interface LiveDiscussion {
  /** Topics others started since the list was loaded. */
  newTopics: number;
  /** Replies others posted since, by topic. */
  newReplies: ReadonlyMap<number, number>;
  /** The list was loaded again: everything new is shown. */
  caughtUp: () => void;
}

/**
 * Issue 49 §3, live threads: while a signed-in member has a discussion open, new topics and
 * replies by others are counted (the page offers "2 new replies", as Discourse does) and
 * edits and votes reload the list in place. The server sends only what the member may read,
 * and never the text: the reload asks the API for it.
 */
export function useLiveDiscussion(room: string | undefined, reload: () => Promise<unknown>): LiveDiscussion {
  const { isSignedIn } = useAuth();
  const me = useGetMe({ query: { enabled: isSignedIn } }).data?.data.id;
  const [newTopics, setNewTopics] = useState(0);
  const [newReplies, setNewReplies] = useState<ReadonlyMap<number, number>>(new Map());
  const caughtUp = useCallback(() => {
    setNewTopics(0);
    setNewReplies(new Map());
  }, []);
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  useEffect(() => {
    if (!room || !isSignedIn) return;
    let settle: number | undefined;
    const reloadSoon = () => {
      window.clearTimeout(settle);
      settle = window.setTimeout(() => {
        reloadRef
          .current()
          .then(caughtUp)
          .catch((error: unknown) => console.error('could not reload the discussion', error));
      }, SETTLE_MS);
    };
    const hear = (activity: ThreadActivity) => {
      if (activity.author_id != null && activity.author_id === me) return;
      switch (activity.change) {
        case ThreadChange.topic:
          setNewTopics((n) => n + 1);
          break;
        case ThreadChange.reply:
          setNewReplies((counts) => new Map(counts).set(activity.topic_id, (counts.get(activity.topic_id) ?? 0) + 1));
          break;
        default:
          reloadSoon();
      }
    };
    // Back after a drop: what changed meanwhile was not told, so the list is read again.
    const stop = watchRoom(room, hear, reloadSoon);
    return () => {
      window.clearTimeout(settle);
      stop();
    };
  }, [room, isSignedIn, me, caughtUp]);
  return { newTopics, newReplies, caughtUp };
}
