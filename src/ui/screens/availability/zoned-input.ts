import { localMoment, zonedInstant } from '../../../common/local-time';

// A location's times in a datetime-local field, read and written on the location's clock (not the
// browser's): "2026-12-24T22:00" in Europe/Amsterdam is 2026-12-24T21:00:00Z, whatever the browser's zone.

const two = (n: number) => String(n).padStart(2, '0');

/** The value a datetime-local field shows for an instant, on the zone's clock. */
export function toLocalInput(iso: string, timeZone: string): string {
  const m = localMoment(new Date(iso), timeZone);
  return `${m.year}-${two(m.month)}-${two(m.day)}T${two(Math.floor(m.minute / 60))}:${two(m.minute % 60)}`;
}

/** The instant a datetime-local value stands for on the zone's clock; null when the value is not one. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes] = match.map(Number);
  return zonedInstant({ year, month, day }, hours * 60 + minutes, timeZone).toISOString();
}
