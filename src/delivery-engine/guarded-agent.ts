import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress } from './address-guard.js';

// http(s) agents that apply the address guard when a connection is opened: IP literals are checked here,
// names through a lookup that checks what they resolve to (Node skips lookup for literals, hence both).

type CreateConnection = (
  options: http.ClientRequestArgs & { lookup?: LookupFunction },
  callback: (err: Error | null, socket?: Socket) => void,
) => Socket | undefined;

function guard<T extends http.Agent>(agent: T): T {
  const original = (agent as unknown as { createConnection: CreateConnection }).createConnection.bind(agent);
  (agent as unknown as { createConnection: CreateConnection }).createConnection = (options, callback) => {
    const host = String(options.host ?? options.hostname ?? '').replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      if (isForbiddenAddress(host)) {
        callback(new ForbiddenAddressError(host));
        return undefined;
      }
      return original(options, callback);
    }
    return original({ ...options, lookup: guardedLookup(options.lookup) }, callback);
  };
  return agent;
}

export interface PartnerAgents {
  http: http.Agent;
  https: https.Agent;
}

/** Keep-alive agents; guarded unless private addresses are explicitly allowed (development and tests). */
export function partnerAgents(allowPrivate: boolean): PartnerAgents {
  const options = { keepAlive: true, maxSockets: 256 };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return allowPrivate ? agents : { http: guard(agents.http), https: guard(agents.https) };
}
