import type { NextFunction, Request, Response } from 'express';
import ipaddr from 'ipaddr.js';
import { takeOnBehalfOf } from './internal-caller.js';

// Forwarded headers (X-Forwarded-For/-Host/-Proto) are trusted only from the proxies TRUST_PROXY names (off by
// default): express computes the client address (req.ip) from them with that list. The hub's own address
// never comes from a request: it is PUBLIC_BASE_URL, whatever Host or X-Forwarded-Host says.

/** Names express (proxy-addr) understands besides addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: a comma-separated list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal; null when invalid. */
export function parseTrustedProxies(raw: string): string[] | null {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.has(entry)) return true;
    if (entry.includes('/')) {
      try {
        ipaddr.parseCIDR(entry);
        return true;
      } catch {
        return false;
      }
    }
    return ipaddr.isValid(entry);
  });
  return valid && entries.length > 0 ? entries : null;
}

/**
 * In front of oidc-provider (which runs with `proxy` on): its forwarded headers are rewritten to the public
 * origin of PUBLIC_BASE_URL and the client address express computed, so neither discovery's endpoints nor
 * redirects can be steered by a request, and secure cookies work behind a TLS-terminating proxy. The web UI's
 * sign-in, a call of this process to itself, passes on the browser's address (src/http/internal-caller.ts).
 */
export function canonicalForwarding(publicBaseUrl: string) {
  const url = new URL(publicBaseUrl);
  const proto = url.protocol.replace(/:$/, '');
  return (req: Request, _res: Response, next: NextFunction) => {
    req.headers['x-forwarded-host'] = url.host;
    req.headers['x-forwarded-proto'] = proto;
    req.headers['x-forwarded-for'] = takeOnBehalfOf(req) ?? req.ip ?? req.socket.remoteAddress ?? '';
    delete req.headers.forwarded;
    next();
  };
}
