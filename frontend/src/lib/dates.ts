/** Spec dates: "MMM dd YYYY, HH:mm" (feeds, discussions, lockouts, updates), in local time. */
const format = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function dateTime(value: string | Date): string {
  const parts = Object.fromEntries(format.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day} ${parts.year}, ${parts.hour}:${parts.minute}`;
}
