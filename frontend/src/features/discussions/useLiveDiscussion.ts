import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetMe } from '@/api/endpoints/auth/auth';
import { ThreadChange, type ThreadActivity } from '@/api/model';
import { useAuth } from '@/lib/auth';
import { watchRoom } from '@/lib/live-channel';

/** Edits and votes that arrive together cause one reload, this long after the last
 * (the reload also shows what was new). */
const SETTLE_MS = 400;

/** What others posted since the list was loaded: topics, and replies by topic. */
export interface Unseen {
  topics: number;
  replies: ReadonlyMap<number, number>;
}

const NOTHING: Unseen = { topics: 0, replies: new Map() };

/** What is still unseen after a reload that began when `before` was: what arrived while it
 * ran may not be in it, so it stays offered. */
export function stillUnseen(now: Unseen, before: Unseen): Unseen {
  const replies = new Map<number, number>();
  for (const [topic, n] of now.replies) {
    const left = n - (before.replies.get(topic) ?? 0);
    if (left > 0) replies.set(topic, left);
  }
  return { topics: Math.max(0, now.topics - before.topics), replies };
}

export interface LiveDiscussion {
  unseen: Unseen;
  /** Loads the list again with `reload`; what it shows is no longer offered. */
  catchUp: (reload: () => Promise<unknown>) => Promise<void>;
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
  const [unseen, setUnseen] = useState<Unseen>(NOTHING);
  // The same counts, for the callbacks (kept beside the state, written only by them).
  const counts = useRef<Unseen>(NOTHING);
  const show = useCallback((next: Unseen) => {
    counts.current = next;
    setUnseen(next);
  }, []);
  const catchUp = useCallback(
    async (load: () => Promise<unknown>) => {
      const before = counts.current;
      await load();
      show(stillUnseen(counts.current, before));
    },
    [show],
  );
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
        catchUp(() => reloadRef.current()).catch((error: unknown) => console.error('could not reload the discussion', error));
      }, SETTLE_MS);
    };
    const hear = (activity: ThreadActivity) => {
      if (activity.author_id != null && activity.author_id === me) return;
      const now = counts.current;
      switch (activity.change) {
        case ThreadChange.topic:
          show({ ...now, topics: now.topics + 1 });
          break;
        case ThreadChange.reply:
          show({ ...now, replies: new Map(now.replies).set(activity.topic_id, (now.replies.get(activity.topic_id) ?? 0) + 1) });
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
  }, [room, isSignedIn, me, catchUp, show]);
  return { unseen, catchUp };
}
