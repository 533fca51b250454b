import { formatRelative, formatWhenIn, formatWhenThere, zoneLabel } from '../../src/ui/components/time-format.js';

// How far away a time is, as the delivery log and the store status show it ("in 59 min", "3 s ago"). The unit
// follows the rounded amount: a retry 59.7 minutes away reads "in 1.0 h", not "in 60 min".

const NOW = Date.parse('2026-11-25T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

test.each([
  [400, 'now'],
  [-400, 'now'],
  [3 * SECOND, 'in 3 s'],
  [-3 * SECOND, '3 s ago'],
  [59.4 * SECOND, 'in 59 s'],
  [59.6 * SECOND, 'in 1 min'],
  [59 * MINUTE + 29 * SECOND, 'in 59 min'],
  [59 * MINUTE + 42 * SECOND, 'in 1.0 h'],
  [-(59 * MINUTE + 42 * SECOND), '1.0 h ago'],
  [72 * MINUTE, 'in 1.2 h'],
  [23.94 * HOUR, 'in 23.9 h'],
  [23.97 * HOUR, 'in 1.0 days'],
  [36 * HOUR, 'in 1.5 days'],
])('%d ms from now reads "%s"', (offset, expected) => {
  expect(formatRelative(at(offset), NOW)).toBe(expected);
});

describe('formatWhenIn', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('shows a location time on its own clock, labelled when the browser keeps another', () => {
    // 23:47 UTC is 00:47 the next day in Amsterdam (UTC+1 in November).
    const text = formatWhenIn('2026-11-23T23:47:00Z', 'Europe/Amsterdam', now, 'UTC');
    expect(text).toMatch(/24 Nov|Nov 24/);
    expect(text).toMatch(/12:47:00|00:47:00/);
    expect(text).toMatch(/\(Amsterdam time\)$/);
  });

  it('needs no label on the browser’s own clock', () => {
    const text = formatWhenIn('2026-11-23T13:05:00Z', 'America/New_York', now, 'America/New_York');
    expect(text).toMatch(/8:05:00/);
    expect(text).not.toMatch(/time\)/);
  });
});

describe('a column of location times', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('says the clock once, in its heading, when the browser keeps another', () => {
    expect(zoneLabel('Placed', 'Europe/Amsterdam', 'UTC')).toBe('Placed (Amsterdam time)');
    expect(zoneLabel('Placed', 'Europe/Amsterdam', 'Europe/Amsterdam')).toBe('Placed');
    expect(zoneLabel('Placed', undefined, 'UTC')).toBe('Placed');
    const text = formatWhenThere('2026-11-23T23:47:00Z', 'Europe/Amsterdam', now);
    expect(text).toMatch(/24 Nov|Nov 24/);
    expect(text).not.toMatch(/time\)/);
  });
});
