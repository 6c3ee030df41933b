/**
 * zod for the app's forms, with texts for its checks (and the generated schemas') in the
 * spec's wording (document 1, §5): required means "minimum length 1". Forms import `z`
 * from here, so the texts are installed wherever a form is, and zod is loaded only there.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { FIELD_REQUIRED, INVALID_EMAIL, INVALID_EMAIL_AT_SIGN_UP, REQUIRED } from './field-texts';

export { z, zodResolver };

export { FIELD_REQUIRED, INVALID_EMAIL, INVALID_EMAIL_AT_SIGN_UP, REQUIRED, SIX_DIGIT_CODE } from './field-texts';
/** Spec §5: passwords are the only fields with a minimum of 8 characters. */
export const PASSWORD_TOO_SHORT = 'This password is too short. It must contain at least 8 characters.';

function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return REQUIRED;
      if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED;
      if (issue.code === 'too_small' && issue.origin === 'array' && issue.minimum === 1) return REQUIRED;
      if (issue.code === 'invalid_format' && issue.format === 'email') {
        return issue.input === '' ? REQUIRED : INVALID_EMAIL;
      }
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 8) return PASSWORD_TOO_SHORT;
      if (issue.code === 'too_small' && issue.origin === 'string') {
        return `Ensure this field has at least ${issue.minimum} characters.`;
      }
      if (issue.code === 'too_big' && issue.origin === 'string') {
        return `Ensure this field has no more than ${issue.maximum} characters.`;
      }
      return undefined;
    },
  });
}

installZodMessages();

/** A resolver that checks (and submits) the form's text fields trimmed, as the server reads
 * them: a field of spaces is empty. */
export function trimming<T extends FieldValues>(resolve: Resolver<T>): Resolver<T> {
  return (values, context, options) => {
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
    ) as T;
    return resolve(trimmed, context, options);
  };
}

/** A resolver whose texts `from` read `to` instead, for forms the spec words differently. */
function rewording<T extends FieldValues>(resolve: Resolver<T>, from: string, to: string): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    reword(result.errors, from, to);
    return result;
  };
}

/** Rewrites `from` to `to` in an error tree, into the rows of list fields. */
function reword(errors: unknown, from: string, to: string): void {
  if (!errors || typeof errors !== 'object') return;
  const node = errors as { message?: unknown; ref?: unknown };
  if (node.message === from) node.message = to;
  for (const [key, child] of Object.entries(errors)) {
    // `ref` is the field's DOM element: not part of the tree.
    if (key !== 'ref') reword(child, from, to);
  }
}

/** A resolver whose e-mail errors use the sign-up wording (sign-up and forgot password). */
export function withSignUpEmailText<T extends FieldValues>(resolve: Resolver<T>): Resolver<T> {
  return rewording(resolve, INVALID_EMAIL, INVALID_EMAIL_AT_SIGN_UP);
}

/** A resolver saying "This field is required", as the server does for the console's and
 * the group forms (kernel `input::Long`). */
export function withFieldRequiredText<T extends FieldValues>(resolve: Resolver<T>): Resolver<T> {
  return rewording(resolve, REQUIRED, FIELD_REQUIRED);
}
