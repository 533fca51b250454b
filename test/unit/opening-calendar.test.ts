import {
  availabilityAt,
  openPeriods,
  snoozeChoices,
  type Schedule,
} from '../../src/modules/availability/opening-calendar.js';
import { localMoment, zonedInstant } from '../../src/common/local-time.js';

const AMSTERDAM = 'Europe/Amsterdam';
const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start, end }));
const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  timeZone: AMSTERDAM,
  openingHours: everyDay('12:00', '22:00'),
  holidays: [],
  ...overrides,
});
const at = (iso: string) => new Date(iso);
const isoPeriods = (periods: { start: Date; end: Date }[]) =>
  periods.map((p) => [p.start.toISOString(), p.end.toISOString()]);

describe('local time', () => {
  it('reads the wall clock of a zone, and finds the instant of a local time across daylight saving', () => {
    expect(localMoment(at('2027-03-28T00:30:00Z'), AMSTERDAM)).toMatchObject({ day: 28, dayOfWeek: 7, minute: 90 });
    expect(localMoment(at('2027-03-28T01:30:00Z'), AMSTERDAM)).toMatchObject({ day: 28, dayOfWeek: 7, minute: 210 });
    const sunday = { year: 2027, month: 3, day: 28 };
    expect(zonedInstant(sunday, 60, AMSTERDAM).toISOString()).toBe('2027-03-28T00:00:00.000Z');
    // 02:30 does not happen that night: it is read with the winter offset, landing at 03:30 summer time.
    expect(zonedInstant(sunday, 150, AMSTERDAM).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zonedInstant(sunday, 180, AMSTERDAM).toISOString()).toBe('2027-03-28T01:00:00.000Z');
    // 02:30 happens twice on the last Sunday of October: the first one.
    expect(zonedInstant({ year: 2027, month: 10, day: 31 }, 150, AMSTERDAM).toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    );
    expect(zonedInstant(sunday, 1440, AMSTERDAM).toISOString()).toBe('2027-03-28T22:00:00.000Z');
  });
});

describe('opening calendar', () => {
  it('opens by the local clock across the last Sunday of March (Europe/Amsterdam)', () => {
    expect(isoPeriods(openPeriods(schedule(), at('2027-03-27T09:00:00Z'), 3))).toEqual([
      ['2027-03-27T11:00:00.000Z', '2027-03-27T21:00:00.000Z'],
      ['2027-03-28T10:00:00.000Z', '2027-03-28T20:00:00.000Z'],
      ['2027-03-29T10:00:00.000Z', '2027-03-29T20:00:00.000Z'],
    ]);
    // Saturday night, after closing: closed by hours until Sunday 12:00 summer time.
    expect(availabilityAt(schedule(), null, at('2027-03-27T22:00:00Z'))).toEqual({
      state: 'CLOSED_BY_HOURS',
      until: '2027-03-28T10:00:00.000Z',
      reason: null,
    });
    expect(availabilityAt(schedule(), null, at('2027-03-28T10:00:00Z'))).toEqual({
      state: 'OPEN',
      until: '2027-03-28T20:00:00.000Z',
      reason: null,
    });
  });

  it('joins a range to midnight with the next day’s range from midnight', () => {
    const late = schedule({
      openingHours: [
        { dayOfWeek: 5, start: '18:00', end: '24:00' },
        { dayOfWeek: 6, start: '00:00', end: '02:00' },
      ],
      timeZone: 'UTC',
    });
    // Friday 2027-03-26 23:00 UTC.
    expect(availabilityAt(late, null, at('2027-03-26T23:00:00Z'))).toEqual({
      state: 'OPEN',
      until: '2027-03-27T02:00:00.000Z',
      reason: null,
    });
  });

  it('says a holiday, then the hours; a pause before both', () => {
    const christmas = schedule({
      holidays: [{ from: '2027-12-24T23:00:00.000Z', to: '2027-12-25T23:00:00.000Z', reason: 'Christmas' }],
    });
    expect(availabilityAt(christmas, null, at('2027-12-25T12:00:00Z'))).toEqual({
      state: 'CLOSED_FOR_HOLIDAY',
      until: '2027-12-25T23:00:00.000Z',
      reason: 'Christmas',
    });
    expect(availabilityAt(christmas, null, at('2027-12-24T12:00:00Z'))).toEqual({
      state: 'OPEN',
      until: '2027-12-24T21:00:00.000Z',
      reason: null,
    });
    expect(
      availabilityAt(christmas, { closedUntil: null, closedReason: 'TOO_BUSY' }, at('2027-12-25T12:00:00Z')),
    ).toEqual({ state: 'PAUSED', until: null, reason: 'TOO_BUSY' });
    // No hours: open but for holidays, until the next one starts.
    expect(availabilityAt({ ...christmas, openingHours: [] }, null, at('2027-12-20T12:00:00Z'))).toEqual({
      state: 'OPEN',
      until: '2027-12-24T23:00:00.000Z',
      reason: null,
    });
    expect(availabilityAt({ ...christmas, openingHours: [], holidays: [] }, null, at('2027-12-20T12:00:00Z'))).toEqual({
      state: 'OPEN',
      until: null,
      reason: null,
    });
    // A holiday cuts into the periods sent to marketplaces.
    expect(isoPeriods(openPeriods(christmas, at('2027-12-24T09:00:00Z'), 2))).toEqual([
      ['2027-12-24T11:00:00.000Z', '2027-12-24T21:00:00.000Z'],
    ]);
  });

  it('gives the snooze presets: an hour, until closing, until the next day’s opening', () => {
    expect(snoozeChoices(schedule(), at('2027-03-27T19:00:00Z'))).toEqual({
      oneHour: '2027-03-27T20:00:00.000Z',
      untilClosing: '2027-03-27T21:00:00.000Z',
      untilTomorrow: '2027-03-28T10:00:00.000Z',
    });
    // Closed by hours: nothing to close; without hours, tomorrow is local midnight.
    expect(snoozeChoices(schedule(), at('2027-03-27T22:30:00Z')).untilClosing).toBeNull();
    expect(snoozeChoices(schedule({ openingHours: [] }), at('2027-03-27T19:00:00Z'))).toEqual({
      oneHour: '2027-03-27T20:00:00.000Z',
      untilClosing: null,
      untilTomorrow: '2027-03-27T23:00:00.000Z',
    });
  });
});
