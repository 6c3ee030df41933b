/** Time zones as the browser knows them (IANA names), and times written in one. */

/** Every zone, UTC first, for a select. */
export function timeZoneOptions(): { value: string; label: string }[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** The browser's own zone. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** How far `zone`'s clocks are ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock time (`2026-12-10T18:00`, as a datetime-local input gives it)
 * names in `zone`. */
export function zonedToUtc(local: string, zone: string): Date {
  const [date, time = '00:00'] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, h, min);
  // Twice: the first guess may sit across a change of offset (summer time) from the answer.
  let at = wall - offsetAt(wall, zone);
  at = wall - offsetAt(at, zone);
  return new Date(at);
}

/** The wall-clock time (for a datetime-local input) that `iso` is in `zone`. */
export function utcToZoned(iso: string, zone: string): string {
  const at = new Date(iso).getTime();
  return new Date(at + offsetAt(at, zone)).toISOString().slice(0, 16);
}

/** A time as people read it in `zone`: "Thu 10 Dec 2026, 18:00 CET". */
export function inZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
