import type { ThreadActivity } from '@/api/model';

/**
 * The rooms this page watches on the live channel (issue 49 §3): the socket itself is the
 * notification bell's (one per tab, opened while signed in); a screen showing a discussion
 * watches its room here, and hears of each change there. Rooms are asked for again each
 * time the socket (re)opens, so a dropped connection resumes by itself.
 */
type Listener = (activity: ThreadActivity) => void;

const rooms = new Map<string, Set<Listener>>();
let socket: WebSocket | null = null;

function send(ask: 'watch' | 'unwatch', room: string) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ [ask]: room }));
}

/** The bell's socket opened: every room watched so far is asked for on it. */
export function attachLiveSocket(open: WebSocket) {
  socket = open;
  for (const room of rooms.keys()) send('watch', room);
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
  if (!('thread' in frame)) return false;
  const activity = frame.thread as ThreadActivity;
  for (const listener of rooms.get(activity.room) ?? []) listener(activity);
  return true;
}

/** Hears of `room`'s changes until the returned function is called. */
export function watchRoom(room: string, listener: Listener): () => void {
  let listeners = rooms.get(room);
  if (!listeners) {
    listeners = new Set();
    rooms.set(room, listeners);
    send('watch', room);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && rooms.get(room) === listeners) {
      rooms.delete(room);
      send('unwatch', room);
    }
  };
}
