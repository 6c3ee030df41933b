import { describe, expect, it, vi } from 'vitest';
import { attachLiveSocket, detachLiveSocket, hearMessages, routeLiveFrame, watchRoom } from './live-channel';

const socket = () => ({ readyState: WebSocket.OPEN, send: vi.fn() }) as unknown as WebSocket & { send: ReturnType<typeof vi.fn> };
const activity = { room: 'discussion:group:1', change: 'reply' as const, topic_id: 2, post_id: 3, author_id: 4 };

describe('the live channel’s rooms', () => {
  it('asks for each room on every socket, hands changes to its watchers and says when it came back', () => {
    const hear = vi.fn();
    const resumed = vi.fn();
    const stop = watchRoom('discussion:group:1', hear, resumed);
    const first = socket();
    attachLiveSocket(first);
    expect(first.send).toHaveBeenCalledWith(JSON.stringify({ watch: 'discussion:group:1' }));
    expect(resumed).not.toHaveBeenCalled();

    expect(routeLiveFrame({ thread: activity })).toBe(true);
    expect(routeLiveFrame({ thread: { ...activity, room: 'discussion:group:9' } })).toBe(true);
    expect(hear).toHaveBeenCalledTimes(1);
    expect(routeLiveFrame({ watching: 'discussion:group:1' })).toBe(true);
    expect(routeLiveFrame({ id: 1, title: 'A notification' })).toBe(false);

    detachLiveSocket(first);
    const second = socket();
    attachLiveSocket(second);
    expect(second.send).toHaveBeenCalledWith(JSON.stringify({ watch: 'discussion:group:1' }));
    expect(resumed).toHaveBeenCalledTimes(1);

    stop();
    expect(second.send).toHaveBeenLastCalledWith(JSON.stringify({ unwatch: 'discussion:group:1' }));
    routeLiveFrame({ thread: activity });
    expect(hear).toHaveBeenCalledTimes(1);
  });

  it('hands each arriving direct message to every listener until it stops listening', () => {
    const hear = vi.fn();
    const stop = hearMessages(hear);
    const arrived = { conversation_id: 4, message_id: 9, author_id: 1 };
    expect(routeLiveFrame({ direct_message: arrived })).toBe(true);
    expect(hear).toHaveBeenCalledWith(arrived);
    // A notification is not one (it has a `message` of its own).
    expect(routeLiveFrame({ id: 1, title: 'Ada sent you a message', message: 'Open the conversation to read it.' })).toBe(false);
    stop();
    expect(routeLiveFrame({ direct_message: arrived })).toBe(true);
    expect(hear).toHaveBeenCalledTimes(1);
  });
});
