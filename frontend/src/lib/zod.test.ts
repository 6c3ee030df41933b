import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL, INVALID_EMAIL_AT_SIGN_UP, PASSWORD_TOO_SHORT, REQUIRED, withSignUpEmailText, z, zodResolver } from './zod';

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

  it('say what the server says, in the sign-up wording on sign-up forms', async () => {
    expect(INVALID_EMAIL).toBe('Must be a valid email');
    const resolve = withSignUpEmailText(zodResolver(form));
    const result = await resolve({ name: 'A', email: 'nope', password: 'long enough' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.email?.message).toBe(INVALID_EMAIL_AT_SIGN_UP);
  });
});
