/**
 * zod for the app's forms, with texts for its checks (and the generated schemas') in the
 * spec's wording (document 1, §5): required means "minimum length 1". Forms import `z`
 * from here, so the texts are installed wherever a form is, and zod is loaded only there.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

export { z, zodResolver };

export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Invalid email';
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
      return undefined;
    },
  });
}

installZodMessages();
