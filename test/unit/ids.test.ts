import { isUuid, uuidv7 } from '../../src/common/ids.js';

// Ids (src/common/ids.ts).

describe('uuidv7', () => {
  it('is a version 7, variant 10 UUID carrying the time', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const id = uuidv7(now);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(now);
  });

  it('sorts in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7(1_800_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
