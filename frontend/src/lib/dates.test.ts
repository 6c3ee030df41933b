import { describe, expect, it } from 'vitest';
import { dateTime } from './dates';

describe('dateTime', () => {
  it('reads MMM dd YYYY, HH:mm in local time', () => {
    expect(dateTime(new Date(2026, 10, 2, 7, 5))).toBe('Nov 02 2026, 07:05');
    expect(dateTime(new Date(2026, 0, 31, 23, 59))).toBe('Jan 31 2026, 23:59');
  });
});
