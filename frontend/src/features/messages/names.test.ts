import { describe, expect, it } from 'vitest';
import { namesOf } from './names';

const p = (name: string, id = 1) => ({ id, name, avatar: null });

describe('a conversation’s name', () => {
  it('names the others as a sentence would', () => {
    expect(namesOf([p('Ada')])).toBe('Ada');
    expect(namesOf([p('Ada'), p('Bo')])).toBe('Ada and Bo');
    expect(namesOf([p('Ada'), p('Bo'), p('Cy')])).toBe('Ada, Bo and Cy');
    expect(namesOf([])).toBe('Former member');
  });
});
