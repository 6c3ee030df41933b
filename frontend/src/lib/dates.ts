/**
 * The spec's date texts, in local time. Written by hand rather than with Intl: the first
 * Intl formatter a page makes costs a phone tens of milliseconds of ICU start-up, and
 * these two English shapes need none of it.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');

/** "MMM dd YYYY, HH:mm" (feeds, discussions, lockouts, updates). */
export function dateTime(value: string | Date): string {
  const d = new Date(value);
  return `${MONTHS[d.getMonth()]} ${two(d.getDate())} ${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Spec 2 §9: "MMM dd, YYYY" for blog post dates. */
export function postDate(value: string | Date): string {
  const d = new Date(value);
  return `${MONTHS[d.getMonth()]} ${two(d.getDate())}, ${d.getFullYear()}`;
}
