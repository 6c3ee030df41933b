import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './dateInput';

describe('datetime-local values', () => {
  it('round-trips an instant through the input', () => {
    const iso = '2026-03-04T05:06:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('leaves blanks and nonsense unset', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-13-45T99:99')).toBeNull();
  });
});
