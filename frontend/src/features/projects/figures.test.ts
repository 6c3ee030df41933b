import { describe, expect, it } from 'vitest';
import { daysLeft } from './figures';

describe('a project card', () => {
  it('counts the campaign days left, then says it ended', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(daysLeft('2026-11-26T11:00:00Z', now)).toBe('2 days left');
    expect(daysLeft('2026-11-25T00:00:00Z', now)).toBe('1 day left');
    expect(daysLeft('2026-11-24T11:00:00Z', now)).toBe('Campaign ended');
    expect(daysLeft(null, now)).toBeNull();
  });
});
