import ipaddr from 'ipaddr.js';
import { isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';

// The SSRF guard of docs/contract.md "Calls the hub makes": a partner URL must never reach loopback, private,
// link-local, metadata or unspecified addresses. The check runs on the addresses a name actually resolves to, at
// connect time (so a DNS answer cannot be swapped between a check and the connection), and on IP literals.

// Judged by ipaddr.js's range of the address (a maintained table of IANA's special-purpose registries), as
// an allow-list: only ordinary public unicast passes. IPv4 carried in IPv6 (::ffff:a.b.c.d) is judged as the
// IPv4 address; the IPv6 forms that carry IPv4 in other ways (IPv4-compatible ::a.b.c.d, SIIT ::ffff:0:a.b.c.d,
// NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4, Teredo) and site-local fec0::/10 are refused as a whole.

/** ::/96, "IPv4-compatible" addresses: deprecated, and a loopback or metadata address in disguise. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIP(bare)) return true; // not an address at all: refuse rather than guess
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(IPV4_COMPATIBLE)) return true;
  return parsed.range() !== 'unicast';
}

export class ForbiddenAddressError extends Error {
  readonly code = 'EPARTNERADDRESS';
  constructor(host: string) {
    super(`The partner address ${host} is loopback, private, link-local or otherwise not allowed`);
    this.name = 'ForbiddenAddressError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/** A lookup that resolves with `base`, then refuses when any resolved address is forbidden. */
export function guardedLookup(base: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return ((hostname: string, options: object, callback: LookupCallback) => {
    base(
      hostname,
      options as never,
      ((err: NodeJS.ErrnoException | null, address: unknown, family?: number) => {
        if (err) return callback(err, '', undefined);
        const addresses = Array.isArray(address)
          ? (address as { address: string }[]).map((a) => a.address)
          : [address as string];
        if (addresses.length === 0 || addresses.some(isForbiddenAddress))
          return callback(new ForbiddenAddressError(hostname), '', undefined);
        callback(null, address as never, family);
      }) as never,
    );
  }) as LookupFunction;
}
