import { ValidationError } from '../../src/common/errors.js';
import { parseOpeningHours } from '../../src/modules/availability/opening-hours.rules.js';

function problems(input: unknown): Record<string, string> {
  try {
    parseOpeningHours(input);
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries((err.errors ?? []).map((e) => [e.path, e.message]));
  }
}

const CONNECTION = '0191d2a8-7c4e-7b1a-9d3e-3f1e2d4c5b6a';

describe('opening hours rules', () => {
  it('keeps ranges in day and time order, several a day, 24:00 as the end of the day, holidays in UTC', () => {
    expect(
      parseOpeningHours({
        openingHours: [
          { dayOfWeek: 2, start: '18:00', end: '24:00' },
          { dayOfWeek: 1, start: '17:00', end: '22:00' },
          { dayOfWeek: 1, start: '11:30', end: '14:00' },
          { dayOfWeek: 3, start: '00:00', end: '02:00' },
        ],
        overrides: [{ connectionId: CONNECTION, openingHours: [{ dayOfWeek: 7, start: '12:00', end: '13:00' }] }],
        holidays: [{ from: '2026-12-25T00:00:00+01:00', to: '2026-12-26T00:00:00+01:00', reason: 'Christmas' }],
      }),
    ).toEqual({
      openingHours: [
        { dayOfWeek: 1, start: '11:30', end: '14:00' },
        { dayOfWeek: 1, start: '17:00', end: '22:00' },
        { dayOfWeek: 2, start: '18:00', end: '24:00' },
        { dayOfWeek: 3, start: '00:00', end: '02:00' },
      ],
      overrides: [{ connectionId: CONNECTION, openingHours: [{ dayOfWeek: 7, start: '12:00', end: '13:00' }] }],
      holidays: [{ from: '2026-12-24T23:00:00.000Z', to: '2026-12-25T23:00:00.000Z', reason: 'Christmas' }],
    });
    expect(parseOpeningHours({ openingHours: [] })).toEqual({ openingHours: [], overrides: [], holidays: [] });
  });

  it('refuses a range past midnight, naming it and saying how to write it', () => {
    const found = problems({ openingHours: [{ dayOfWeek: 5, start: '22:00', end: '02:00' }] });
    expect(Object.keys(found)).toEqual(['/openingHours/0/end']);
    expect(found['/openingHours/0/end']).toContain('22:00-24:00, then 00:00-02:00 on the next day');
  });

  it('names every bad value by its JSON path', () => {
    expect(
      problems({
        openingHours: [
          { dayOfWeek: 0, start: '9:00', end: '24:01' },
          { dayOfWeek: 1, start: '10:00', end: '14:00' },
          { dayOfWeek: 1, start: '13:00', end: '15:00' },
          { dayOfWeek: 1, start: '08:00', end: '08:00', note: 'x' },
        ],
        overrides: [
          { connectionId: 'nope', openingHours: [] },
          { connectionId: CONNECTION, openingHours: [] },
          { connectionId: CONNECTION, openingHours: [{ dayOfWeek: 2 }] },
        ],
        holidays: [
          { from: '2026-12-25', to: '2026-12-24T00:00:00Z', reason: 5 },
          { from: '2026-12-25T10:00:00Z', to: '2026-12-25T09:00:00Z' },
        ],
        extra: true,
      }),
    ).toEqual({
      '/extra': expect.any(String),
      '/openingHours/0/dayOfWeek': 'must be an integer from 1 (Monday) to 7 (Sunday)',
      '/openingHours/0/start': 'must be a time "HH:MM" from 00:00 to 23:59',
      '/openingHours/0/end': 'must be a time "HH:MM" from 00:01 to 24:00',
      '/openingHours/2': 'overlaps /openingHours/1 (Monday 10:00-14:00)',
      '/openingHours/3/note': expect.any(String),
      '/openingHours/3/end': expect.stringContaining('must be after start'),
      '/overrides/0/connectionId': 'must be the id of a marketplace connection of this location',
      '/overrides/2/connectionId': 'has an override already (/overrides/1)',
      '/overrides/2/openingHours/0/start': 'is required',
      '/overrides/2/openingHours/0/end': 'is required',
      '/holidays/0/from': 'must be an RFC 3339 date-time',
      '/holidays/0/reason': expect.any(String),
      '/holidays/1/to': 'must be after from',
    });
    expect(Object.keys(problems([]))).toEqual(['/']);
    expect(Object.keys(problems({}))).toEqual(['/openingHours']);
  });
});
