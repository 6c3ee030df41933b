import { describe, expect, it } from 'vitest';
import { lockMessage } from './LoginPage';

describe('lockMessage', () => {
  it('words the lock as the spec does', () => {
    const until = new Date(2026, 10, 22, 19, 5).toISOString();
    expect(lockMessage(10, until)).toBe('Locked due 10 failed attempts till Nov 22 2026, 19:05');
  });
});
