/**
 * Texts for the generated zod schemas' checks, so forms show the spec's wording
 * (document 1, §5): required means "minimum length 1".
 */
import { z } from 'zod';

export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Invalid email';
/** Spec §5: passwords are the only fields with a minimum of 8 characters. */
export const PASSWORD_TOO_SHORT = 'This password is too short. It must contain at least 8 characters.';

export function installZodMessages(): void {
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
      return undefined;
    },
  });
}
