import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';

// The SSRF guard of CONTRACT section 7: a partner URL must never reach loopback, private, link-local,
// metadata or unspecified addresses. The check runs on the addresses a name actually resolves to, at connect
// time (so a DNS answer cannot be swapped between a check and the connection), and on IP literals.

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; also Alibaba's metadata address 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local, with AWS's fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** IPv4 carried inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d) is judged as that IPv4 address. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 ? blocked.check(v4, 'ipv4') : blocked.check(bare, 'ipv6');
  }
  return true; // not an address at all: refuse rather than guess
}

export class ForbiddenAddressError extends Error {
  readonly code = 'EPARTNERADDRESS';
  constructor(host: string) {
    super(`The partner address ${host} is loopback, private, link-local or otherwise not allowed`);
    this.name = 'ForbiddenAddressError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/** A lookup that resolves with `base`, then refuses when any resolved address is forbidden. */
export function guardedLookup(base: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return ((hostname: string, options: object, callback: LookupCallback) => {
    base(hostname, options as never, ((err: NodeJS.ErrnoException | null, address: unknown, family?: number) => {
      if (err) return callback(err, '', undefined);
      const addresses = Array.isArray(address) ? (address as { address: string }[]).map((a) => a.address) : [address as string];
      if (addresses.length === 0 || addresses.some(isForbiddenAddress)) return callback(new ForbiddenAddressError(hostname), '', undefined);
      callback(null, address as never, family);
    }) as never);
  }) as LookupFunction;
}
