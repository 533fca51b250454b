import { ValidationError } from '../../src/common/errors.js';
import { checkStoreStatus } from '../../src/modules/store-status/store-status.rules.js';

const now = new Date('2026-11-23T12:00:00.000Z');

function problems(input: Parameters<typeof checkStoreStatus>[0]): string[] {
  try {
    checkStoreStatus(input, now);
    return [];
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return (err.errors ?? []).map((e) => e.path);
  }
}

describe('store status rules', () => {
  it('OFFLINE keeps until when and why; ONLINE clears them', () => {
    expect(
      checkStoreStatus({ storeStatus: 'OFFLINE', closedUntil: '2026-11-23T13:00:00Z', closedReason: 'TOO_BUSY' }, now),
    ).toEqual({
      storeStatus: 'OFFLINE',
      closedUntil: new Date('2026-11-23T13:00:00Z'),
      closedReason: 'TOO_BUSY',
      closedReasonNotes: null,
    });
    expect(checkStoreStatus({ storeStatus: 'ONLINE' }, now)).toEqual({
      storeStatus: 'ONLINE',
      closedUntil: null,
      closedReason: null,
      closedReasonNotes: null,
    });
  });

  it('refuses a closedUntil not in the future, closing details on ONLINE, and unknown statuses', () => {
    expect(problems({ storeStatus: 'OFFLINE', closedUntil: '2026-11-23T12:00:00Z' })).toEqual(['/closedUntil']);
    expect(problems({ storeStatus: 'OFFLINE', closedUntil: 'tomorrow' })).toEqual(['/closedUntil']);
    expect(problems({ storeStatus: 'ONLINE', closedUntil: '2026-11-23T13:00:00Z', closedReason: 'x' })).toEqual([
      '/closedUntil',
      '/closedReason',
    ]);
    expect(problems({ storeStatus: 'CLOSED' as never })).toEqual(['/storeStatus']);
  });
});
