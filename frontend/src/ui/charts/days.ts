import type { Period } from '@/api/model';

/** A chart's day as its axis and tooltip show it (the server counts UTC days). */
export const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The period's days, as UTC midnights. */
export function daysOf({ first_day, days }: Period): Date[] {
  const [year, month, day] = first_day.split('-').map(Number);
  return Array.from({ length: days }, (_, offset) => new Date(Date.UTC(year, month - 1, day + offset)));
}

/** A count on a chart's axis, short enough for its margin (12,400 as 12K); tooltips and
 * captions say it in full. */
export const AXIS_COUNT = new Intl.NumberFormat(undefined, { notation: 'compact' });

/** A count in full, grouped as the reader's language groups digits (12,400). */
export const COUNT = new Intl.NumberFormat();
