import { ApiError, errorMessage } from '@/lib/api-error';

/**
 * The text of a refused staff action: the summary, then the precise reason the server
 * gave (why a moderator may not do it, which field is wrong).
 */
export function staffError(error: unknown): string {
  const summary = errorMessage(error);
  if (!(error instanceof ApiError)) return summary;
  const { detail, messages } = error.body;
  const fieldTexts = Object.entries(messages ?? {})
    .filter(([field]) => field !== 'non_field_errors')
    .map(([, value]) => (Array.isArray(value) ? value[0] : value))
    .filter((text): text is string => Boolean(text));
  const precise = fieldTexts[0] ?? (detail && detail !== summary ? detail : undefined);
  return precise && precise !== summary ? `${summary} ${precise}` : summary;
}
