import type { LookupItem, ProjectTag } from '@/api/model';

/** One line of the side-by-side review: a field's current and proposed values. */
export interface ReviewRow {
  label: string;
  current: string;
  proposed: string;
  changed: boolean;
  /** The value is sanitised rich text. */
  html?: boolean;
}

/** A reviewed field: its label and how to read it from a version. */
export interface ReviewField<T> {
  label: string;
  value: (version: T) => string;
  html?: boolean;
}

/** A list of topics or lookups as one value. */
export const titles = (items: (LookupItem | ProjectTag)[]) => items.map((item) => item.title).join(', ');

/** Every reviewed field of both versions, marking the ones the proposal changes. */
export function reviewRows<T>(fields: ReviewField<T>[], current: T, proposed: T): ReviewRow[] {
  return fields.map(({ label, value, html }) => {
    const before = value(current);
    const after = value(proposed);
    return { label, current: before, proposed: after, changed: before !== after, html };
  });
}
