import { encodeKey, pageRequest, toPage } from '../../src/common/pagination.js';
import { ValidationError } from '../../src/common/errors.js';

// Keyset paging (src/common/pagination.ts).

describe('paging', () => {
  const rows = Array.from({ length: 3 }, (_, i) => ({ id: `id-${i}`, createdAt: new Date(1_800_000_000_000 + i) }));

  it('tells whether another page exists from the extra row', () => {
    const page = toPage(rows, 2, (r) => r.id);
    expect(page).toEqual({ data: ['id-0', 'id-1'], hasNextPage: true, nextPageKey: encodeKey(rows[1]) });
    expect(toPage(rows, 3, (r) => r.id).nextPageKey).toBeNull();
  });

  it('round-trips the key and refuses keys it did not issue', () => {
    expect(pageRequest(10, encodeKey(rows[1])).after).toEqual({ createdAt: rows[1].createdAt, id: 'id-1' });
    expect(() => pageRequest(10, 'garbage')).toThrow(ValidationError);
    expect(() => pageRequest(0, null)).toThrow(ValidationError);
    expect(() => pageRequest(201, null)).toThrow(ValidationError);
    expect(pageRequest(undefined, null).limit).toBe(50);
  });
});
