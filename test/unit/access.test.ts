import { reachesAccount } from '../../src/common/access.js';
import { REACH_EVERYTHING } from '../../src/common/principal.js';

describe('reachesAccount', () => {
  it('covers every account for an admin, and only the listed ones otherwise', () => {
    expect(reachesAccount(REACH_EVERYTHING, 'a1')).toBe(true);
    const merchant = { all: false, accountIds: new Set(['a1']), locationIds: null };
    expect(reachesAccount(merchant, 'a1')).toBe(true);
    expect(reachesAccount(merchant, 'a2')).toBe(false);
  });

  it("covers the accounts of an application's connected locations", () => {
    const application = { all: false, accountIds: new Set(['a1']), locationIds: new Set(['l1']) };
    expect(reachesAccount(application, 'a1')).toBe(true);
    expect(reachesAccount(application, 'a2')).toBe(false);
  });
});
