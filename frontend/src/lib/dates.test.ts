import { describe, expect, it } from 'vitest';
import { dateTime, postDate } from './dates';

describe('dateTime', () => {
  it('reads MMM dd YYYY, HH:mm in local time', () => {
    expect(dateTime(new Date(2026, 10, 2, 7, 5))).toBe('Nov 02 2026, 07:05');
    expect(dateTime(new Date(2026, 0, 31, 23, 59))).toBe('Jan 31 2026, 23:59');
  });
});

describe('postDate', () => {
  it('reads MMM dd, YYYY in local time', () => {
    expect(postDate(new Date(2026, 10, 2, 7, 5))).toBe('Nov 02, 2026');
    expect(postDate(new Date(2026, 11, 31, 23, 59))).toBe('Dec 31, 2026');
  });
});
