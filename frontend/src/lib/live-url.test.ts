import { describe, expect, it } from 'vitest';
import { liveUrl } from './live-url';

describe('liveUrl', () => {
  it('opens the socket on the page host with the matching scheme', () => {
    expect(liveUrl('a b', { href: 'http://127.0.0.1:8080/dashboard' } as Location)).toBe('ws://127.0.0.1:8080/ws/notifications?ticket=a%20b');
    expect(liveUrl('t', { href: 'https://cohort.example/x' } as Location)).toBe('wss://cohort.example/ws/notifications?ticket=t');
  });
});
