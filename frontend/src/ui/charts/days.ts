import type { Period } from '@/api/model';

/** A chart's day as its axis and tooltip show it (the server counts UTC days). */
export const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The period's days, as UTC midnights. */
export function daysOf({ first_day, days }: Period): Date[] {
  const [year, month, day] = first_day.split('-').map(Number);
  return Array.from({ length: days }, (_, offset) => new Date(Date.UTC(year, month - 1, day + offset)));
}
