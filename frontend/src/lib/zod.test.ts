import { describe, expect, it } from 'vitest';
import {
  FIELD_REQUIRED,
  INVALID_EMAIL,
  INVALID_EMAIL_AT_SIGN_UP,
  PASSWORD_TOO_SHORT,
  REQUIRED,
  trimming,
  withFieldRequiredText,
  withSignUpEmailText,
  z,
  zodResolver,
} from './zod';

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

  it('name a maximum the way the server does', () => {
    const short = z.object({ title: z.string().max(5) });
    expect(short.safeParse({ title: 'too long' }).error?.issues[0].message).toBe(
      'Ensure this field has no more than 5 characters.',
    );
  });

  it('say "This field is required" on the forms the server words so', async () => {
    const resolve = withFieldRequiredText(zodResolver(form));
    const result = await resolve({ name: '', email: 'a@b.org', password: 'long enough' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.name?.message).toBe(FIELD_REQUIRED);
  });

  it('say it in the rows of list fields too', async () => {
    const rows = z.object({ team: z.array(z.object({ name: z.string().min(1), role: z.string().min(1) })) });
    const resolve = withFieldRequiredText(zodResolver(rows));
    const result = await resolve({ team: [{ name: '', role: 'Lead' }, { name: 'Ana', role: '' }] }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.team?.[0]?.name?.message).toBe(FIELD_REQUIRED);
    expect(result.errors.team?.[1]?.role?.message).toBe(FIELD_REQUIRED);
  });

  it('read text fields trimmed, and submit them so', async () => {
    const resolve = trimming(zodResolver(form));
    const options = { fields: {}, shouldUseNativeValidation: false };
    const blank = await resolve({ name: '   ', email: 'a@b.org', password: 'long enough' }, undefined, options);
    expect(blank.errors.name?.message).toBe(REQUIRED);
    const filled = await resolve({ name: ' Ada ', email: 'a@b.org', password: 'long enough' }, undefined, options);
    expect(filled.values).toEqual({ name: 'Ada', email: 'a@b.org', password: 'long enough' });
  });
});
