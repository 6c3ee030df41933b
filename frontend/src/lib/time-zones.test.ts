import { describe, expect, it } from 'vitest';
import { inZone, utcToZoned, zonedToUtc } from './time-zones';

describe('times in a zone', () => {
  it('reads a wall-clock time in its zone, summer and winter', () => {
    expect(zonedToUtc('2026-12-10T18:00', 'Europe/Paris').toISOString()).toBe('2026-12-10T17:00:00.000Z');
    expect(zonedToUtc('2026-07-10T18:00', 'Europe/Paris').toISOString()).toBe('2026-07-10T16:00:00.000Z');
    expect(zonedToUtc('2026-12-10T09:30', 'America/Halifax').toISOString()).toBe('2026-12-10T13:30:00.000Z');
    expect(zonedToUtc('2026-12-10T09:30', 'UTC').toISOString()).toBe('2026-12-10T09:30:00.000Z');
  });

  it('writes an instant back as the zone’s wall clock, and for people', () => {
    expect(utcToZoned('2026-12-10T17:00:00Z', 'Europe/Paris')).toBe('2026-12-10T18:00');
    expect(inZone('2026-12-10T17:00:00Z', 'Europe/Paris')).toContain('18:00');
  });
});
