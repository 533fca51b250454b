import { parseTrustedProxies } from '../../src/http/forwarded.js';

// Which proxies are trusted for X-Forwarded-For (src/http/forwarded.ts).

it('reads TRUST_PROXY as addresses, CIDR ranges and proxy-addr names', () => {
  expect(parseTrustedProxies('loopback, 10.0.0.0/8,2001:db8::1')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1']);
  expect(parseTrustedProxies('everyone')).toBeNull();
  expect(parseTrustedProxies('10.0.0.0/99')).toBeNull();
});
