/** Spec 2 §9: "MMM dd, YYY" for post dates. */
const format = new Intl.DateTimeFormat('en', { month: 'short', day: '2-digit', year: 'numeric' });

export function postDate(value: string): string {
  return format.format(new Date(value));
}
