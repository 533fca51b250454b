import { ValidationError } from '../../src/common/errors.js';
import { parseBusyMode } from '../../src/modules/store-status/busy-mode.rules.js';
import { parseSnoozes } from '../../src/modules/catalog/snooze.rules.js';

const now = new Date('2027-03-27T19:00:00.000Z');

function paths(run: () => unknown): string[] {
  try {
    run();
    return [];
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return (err.errors ?? []).map((e) => e.path);
  }
}

describe('snooze rules', () => {
  it('takes each item with its end, keeping its index for later problems', () => {
    expect(
      parseSnoozes(
        {
          items: [
            { posReference: 'burrata', kind: 'PRODUCT', until: '2027-03-27T22:00:00+01:00' },
            { posReference: 'burrata', kind: 'MODIFIER', until: '2027-03-28T10:00:00Z' },
          ],
        },
        now,
      ),
    ).toEqual([
      { kind: 'PRODUCT', posReference: 'burrata', until: new Date('2027-03-27T21:00:00Z'), index: 0 },
      { kind: 'MODIFIER', posReference: 'burrata', until: new Date('2027-03-28T10:00:00Z'), index: 1 },
    ]);
  });

  it('names every bad value, a time not in the future and the same item twice', () => {
    expect(
      paths(() =>
        parseSnoozes(
          {
            items: [
              { posReference: '', kind: 'DISH', until: 'tonight' },
              { posReference: 'a', kind: 'PRODUCT', until: '2027-03-27T18:00:00Z', note: 1 },
              { posReference: 'b', kind: 'PRODUCT', until: '2027-03-27T20:00:00Z' },
              { posReference: 'b', kind: 'PRODUCT', until: '2027-03-27T21:00:00Z' },
            ],
            extra: true,
          },
          now,
        ),
      ),
    ).toEqual([
      '/extra',
      '/items/0/kind',
      '/items/0/posReference',
      '/items/0/until',
      '/items/1/note',
      '/items/1/until',
      '/items/3',
    ]);
    expect(paths(() => parseSnoozes({ items: [] }, now))).toEqual(['/items']);
    expect(paths(() => parseSnoozes(null, now))).toEqual(['/']);
  });
});

describe('busy mode rules', () => {
  it('takes minutes and an end within a day', () => {
    expect(parseBusyMode({ extraMinutes: 15, until: '2027-03-27T20:00:00Z' }, now)).toEqual({
      extraMinutes: 15,
      until: new Date('2027-03-27T20:00:00Z'),
    });
    expect(paths(() => parseBusyMode({ extraMinutes: 0, until: '2027-03-29T20:00:00Z', x: 1 }, now))).toEqual([
      '/x',
      '/extraMinutes',
      '/until',
    ]);
  });
});
