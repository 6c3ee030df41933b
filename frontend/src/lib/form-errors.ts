/** Puts a failed request's per-field texts on the form's fields (spec §5 and §8). */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api-error';

/** Returns the banner text, after setting every error that names a form field. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) return errorMessage(error);
  let onFields = 0;
  for (const field of fields) {
    const [first] = error.fieldErrors(field);
    if (first) {
      setError(field, { type: 'server', message: first });
      onFields += 1;
    }
  }
  const banner = errorMessage(error);
  // A banner repeating what the fields already say is noise.
  return onFields > 0 && error.body.code === 'invalid' && !error.body.messages?.non_field_errors ? null : banner;
}
