import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL, PASSWORD_TOO_SHORT, REQUIRED, z } from './zod';

describe('zod messages', () => {
  const form = z.object({ name: z.string().min(1), email: z.email(), password: z.string().min(8) });
  const messages = (input: unknown) =>
    Object.fromEntries(form.safeParse(input).error?.issues.map((i) => [i.path[0], i.message]) ?? []);

  it('use the spec wording', () => {
    expect(messages({ name: '', email: '', password: 'short' })).toEqual({
      name: REQUIRED,
      email: REQUIRED,
      password: PASSWORD_TOO_SHORT,
    });
    expect(messages({ name: 'A', email: 'nope', password: 'long enough' })).toEqual({ email: INVALID_EMAIL });
  });
});
