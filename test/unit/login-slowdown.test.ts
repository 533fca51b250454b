import { slowdownFor } from '../../src/auth/login-attempts.js';
import { parseTrustedProxies } from '../../src/http/forwarded.js';

it('slows an e-mail down once its failures over every address reach the limit, up to ten steps', () => {
  const limits = { maxFailures: 10, slowdownMs: 1000 };
  expect(slowdownFor(0, limits)).toBe(0);
  expect(slowdownFor(9, limits)).toBe(0);
  expect(slowdownFor(10, limits)).toBe(1000);
  expect(slowdownFor(12, limits)).toBe(3000);
  expect(slowdownFor(500, limits)).toBe(10_000);
  expect(slowdownFor(500, { maxFailures: 0, slowdownMs: 1000 })).toBe(0);
});

it('reads TRUST_PROXY as addresses, CIDR ranges and proxy-addr names', () => {
  expect(parseTrustedProxies('loopback, 10.0.0.0/8,2001:db8::1')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1']);
  expect(parseTrustedProxies('everyone')).toBeNull();
  expect(parseTrustedProxies('10.0.0.0/99')).toBeNull();
});
