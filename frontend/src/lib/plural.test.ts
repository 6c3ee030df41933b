import { describe, expect, it } from 'vitest';
import { counted } from './plural';

describe('counted', () => {
  it('takes the singular for one only', () => {
    expect(counted(1, 'member')).toBe('1 member');
    expect(counted(0, 'member')).toBe('0 members');
    expect(counted(2, 'reply', 'replies')).toBe('2 replies');
  });
});
