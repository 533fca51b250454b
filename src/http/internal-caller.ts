import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

// The web UI's sign-in calls this process's own /oauth2/token over loopback (src/auth/session/token-endpoint.ts),
// so the token endpoint would see every browser as 127.0.0.1 and throttle failed logins of all of them as one
// address. The session layer names the browser's address (express's req.ip, which honours TRUST_PROXY) in a
// header that this process accepts only with a secret it made at start-up and never sent anywhere else: no
// client outside the process can choose the address the login throttle counts.

const SECRET = randomBytes(32);
const SECRET_HEADER = 'x-order-hub-internal-caller';
const ADDRESS_HEADER = 'x-order-hub-client-address';

/** Headers for a call of this process to itself on behalf of a client at `clientAddress`. */
export function onBehalfOf(clientAddress: string | undefined): Record<string, string> {
  if (!clientAddress) return {};
  return { [SECRET_HEADER]: SECRET.toString('hex'), [ADDRESS_HEADER]: clientAddress };
}

/** The client address this process named for a call to itself; undefined for any other request. Removes both headers. */
export function takeOnBehalfOf(req: Request): string | undefined {
  const secret = req.headers[SECRET_HEADER];
  const address = req.headers[ADDRESS_HEADER];
  delete req.headers[SECRET_HEADER];
  delete req.headers[ADDRESS_HEADER];
  if (typeof secret !== 'string' || typeof address !== 'string') return undefined;
  const given = Buffer.from(secret, 'hex');
  return given.length === SECRET.length && timingSafeEqual(given, SECRET) ? address : undefined;
}
