import type { MessageActivity, ThreadActivity } from '@/api/model';

/**
 * The rooms this page watches on the live channel (issue 49 §3): the socket itself is the
 * notification bell's (one per tab, opened while signed in); a screen showing a discussion
 * watches its room here, and hears of each change there. Rooms are asked for again each
 * time the socket (re)opens, so a dropped connection resumes by itself.
 */
type Listener = (activity: ThreadActivity) => void;

interface Watcher {
  hear: Listener;
  /** The channel came back after a drop: what changed meanwhile was not told. */
  resumed: () => void;
}

const rooms = new Map<string, Set<Watcher>>();
let socket: WebSocket | null = null;
let openedBefore = false;

function send(ask: 'watch' | 'unwatch', room: string) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ [ask]: room }));
}

/** The bell's socket opened: every room watched so far is asked for on it, and told if
 * this is the channel coming back (it may have missed changes). */
export function attachLiveSocket(open: WebSocket) {
  socket = open;
  const resumed = openedBefore;
  openedBefore = true;
  for (const [room, watchers] of rooms) {
    send('watch', room);
    if (resumed) for (const watcher of watchers) watcher.resumed();
  }
}

/** The bell's socket closed (or is about to). */
export function detachLiveSocket(closed: WebSocket) {
  if (socket === closed) socket = null;
}

/**
 * Reads a frame that is about rooms: hands a change to its room's listeners and returns
 * true; false for anything else (a notification).
 */
export function routeLiveFrame(frame: unknown): boolean {
  if (typeof frame !== 'object' || frame === null) return false;
  if ('watching' in frame || 'refused' in frame) return true;
  if ('direct_message' in frame) {
    for (const hear of messageListeners) hear(frame.direct_message as MessageActivity);
    return true;
  }
  if (!('thread' in frame)) return false;
  const activity = frame.thread as ThreadActivity;
  for (const watcher of rooms.get(activity.room) ?? []) watcher.hear(activity);
  return true;
}

/** Hears of `room`'s changes (and of the channel coming back) until the returned function
 * is called. */
export function watchRoom(room: string, hear: Listener, resumed: () => void): () => void {
  let listeners = rooms.get(room);
  if (!listeners) {
    listeners = new Set();
    rooms.set(room, listeners);
    send('watch', room);
  }
  const watcher = { hear, resumed };
  listeners.add(watcher);
  return () => {
    listeners.delete(watcher);
    if (listeners.size === 0 && rooms.get(room) === listeners) {
      rooms.delete(room);
      send('unwatch', room);
    }
  };
}

type MessageListener = (activity: MessageActivity) => void;
const messageListeners = new Set<MessageListener>();

/** Hears of each direct message that arrives in one of the member's conversations (issue 49
 * §6: the server sends these to the conversation's members alone, no room to watch) until
 * the returned function is called. */
export function hearMessages(hear: MessageListener): () => void {
  messageListeners.add(hear);
  return () => {
    messageListeners.delete(hear);
  };
}
