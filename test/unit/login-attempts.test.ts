import { slowdownFor } from '../../src/auth/login-attempts.js';

// Password guessing slowed per e-mail (src/auth/login-attempts.ts).

it('slows an e-mail down once its failures over every address reach the limit, up to ten steps', () => {
  const limits = { maxFailures: 10, slowdownMs: 1000 };
  expect(slowdownFor(0, limits)).toBe(0);
  expect(slowdownFor(9, limits)).toBe(0);
  expect(slowdownFor(10, limits)).toBe(1000);
  expect(slowdownFor(12, limits)).toBe(3000);
  expect(slowdownFor(500, limits)).toBe(10_000);
  expect(slowdownFor(500, { maxFailures: 0, slowdownMs: 1000 })).toBe(0);
});
