/** Puts a failed request's per-field texts on the form's fields (spec §5 and §8). */
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
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
    const [first] = error.fieldErrors(serverKey(field));
    if (first) {
      setError(field, { type: 'server', message: first });
      onFields += 1;
    }
  }
  const banner = errorMessage(error);
  // A banner repeating what the fields already say is noise.
  return onFields > 0 && error.body.code === 'invalid' && !error.body.messages?.non_field_errors ? null : banner;
}

/** The server's key for a form path: react-hook-form's `settings.0.methods` is the
 * envelope's `settings[0].methods`. */
export function serverKey(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/**
 * A "Required" text (or the server's) under a field goes as soon as the field is filled in;
 * the form's own checks keep re-running as the member types after a submit.
 */
export function useClearedWhenFilled<T extends FieldValues>(form: UseFormReturn<T>): void {
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (!name) return;
      const { error } = form.getFieldState(name);
      if (!error || (error.type !== 'required' && error.type !== 'server')) return;
      const value: unknown = form.getValues(name);
      const filled = Array.isArray(value) ? value.length > 0 : value !== '' && value !== null && value !== undefined;
      if (filled) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
