import { describe, expect, it } from 'vitest';
import { daysLeft, goal, plainText } from './figures';

describe('a project card', () => {
  it('reads a goal in dollars', () => {
    expect(goal(2_500_000)).toBe('CA$25,000');
    expect(goal(1999)).toBe('CA$19.99');
    expect(goal(450)).toBe('CA$4.50');
    expect(goal(null)).toBe('—');
  });

  it('counts the campaign days left, then says it ended', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(daysLeft('2026-11-26T11:00:00Z', now)).toBe('2 days left');
    expect(daysLeft('2026-11-25T00:00:00Z', now)).toBe('1 day left');
    expect(daysLeft('2026-11-24T11:00:00Z', now)).toBe('Campaign ended');
    expect(daysLeft(null, now)).toBeNull();
  });

  it('shows rich text as words', () => {
    expect(plainText('<p>A <strong>blood</strong> test</p>')).toBe('A blood test');
  });
});
