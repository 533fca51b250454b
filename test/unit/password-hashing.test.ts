import { configurePasswordHashing, hashPassword, verifyPassword } from '../../src/common/crypto.js';

// A password hash keeps the cost it was made with: lowering or raising PASSWORD_HASH_COST changes new hashes
// only, and every stored one still verifies.

describe('password hashing', () => {
  afterAll(() => configurePasswordHashing(15));

  it('hashes at the configured cost and verifies a hash made at another', async () => {
    configurePasswordHashing(10);
    const cheap = await hashPassword('correct horse');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 10), '8', '1']);
    configurePasswordHashing(11);
    const dearer = await hashPassword('correct horse');
    expect(dearer.split('$')[1]).toBe(String(2 ** 11));
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('correct horse', dearer)).toBe(true);
    expect(await verifyPassword('wrong horse', cheap)).toBe(false);
  });
});
