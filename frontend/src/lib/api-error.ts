/** The server's error envelope (DESIGN.md §3) and how screens read it. */
export interface ErrorEnvelope {
  message?: string;
  code?: string;
  detail?: string;
  messages?: Record<string, string[] | string | undefined>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorEnvelope;

  constructor(status: number, body: ErrorEnvelope) {
    super(firstMessage(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body.code;
  }

  /** Texts for one form field. */
  fieldErrors(field: string): string[] {
    const value = this.body.messages?.[field];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  }
}

const first = (value: string[] | string | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The banner text of an error payload, read in the order of spec §8 (document 1):
 * message, messages.non_field_errors, messages.non_field, detail, messages.detail,
 * messages.file, messages.error, messages.details.
 */
export function firstMessage(body: ErrorEnvelope | undefined): string | undefined {
  if (!body) return undefined;
  const m = body.messages ?? {};
  return (
    body.message ??
    first(m.non_field_errors) ??
    first(m.non_field) ??
    body.detail ??
    first(m.detail) ??
    first(m.file) ??
    first(m.error) ??
    first(m.details)
  );
}

export const SOMETHING_WENT_WRONG = 'Something went wrong.';

/** What to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return firstMessage(error.body) ?? SOMETHING_WENT_WRONG;
  return SOMETHING_WENT_WRONG;
}
