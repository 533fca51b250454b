import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { PartnerError, PartnerTimeoutError } from '../common/errors.js';
import { partnerAgents, type PartnerAgents } from './guarded-agent.js';

// Every call from the hub to a partner (CONTRACT section 7) goes through here: node:http with a timeout on
// the whole exchange, no redirects followed, no retries (the outbox retries), and agents that refuse
// loopback, private, link-local and metadata addresses after DNS resolution unless explicitly allowed.
// Nothing here logs; callers log outcomes without headers, bodies or secrets.
//
// Plain node:http rather than an HTTP client library: a webhook is one POST whose answer is read as text,
// and got's option merging, hooks and progress events took half the delivery worker's CPU (the delivery
// bench went from about 1,800 to 2,900 deliveries/s without it).

export interface PartnerHttpOptions {
  /** ALLOW_PRIVATE_PARTNER_URLS: development and tests only. */
  allowPrivateAddresses: boolean;
  /** Production: partner URLs must be https. */
  httpsOnly: boolean;
  /** Default for calls that give none (PARTNER_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  /** Name resolution; tests inject one to make a name resolve to a forbidden address. */
  lookup?: LookupFunction;
}

export interface PartnerCallOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Stop reading an answer larger than this (the delivery log keeps only 1 KiB). Default 1 MiB. */
  maxResponseBytes?: number;
}

export interface PartnerResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type PartnerFailureKind = 'timeout' | 'forbidden_address' | 'invalid_url' | 'network' | 'too_large';

/** No HTTP answer: the request could not be sent or no answer came in time. */
export class PartnerRequestError extends Error {
  constructor(
    readonly kind: PartnerFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerRequestError';
  }
}

const DEFAULT_MAX_RESPONSE = 1024 * 1024;

export class PartnerHttp {
  private readonly agents: PartnerAgents;

  constructor(private readonly options: PartnerHttpOptions) {
    this.agents = partnerAgents(options.allowPrivateAddresses);
  }

  /** Throws PartnerRequestError('invalid_url') for a URL the hub must not call. */
  checkUrl(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new PartnerRequestError('invalid_url', 'The partner URL is not a URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new PartnerRequestError('invalid_url', 'The partner URL must be http or https');
    if (this.options.httpsOnly && parsed.protocol !== 'https:') throw new PartnerRequestError('invalid_url', 'The partner URL must be https in production');
    if (parsed.username || parsed.password) throw new PartnerRequestError('invalid_url', 'The partner URL must not carry credentials');
    return parsed;
  }

  /** POST a body; any HTTP answer is returned (the caller judges the status). */
  async post(url: string, body: string, call: PartnerCallOptions = {}): Promise<PartnerResponse> {
    const target = this.checkUrl(url);
    const maxBytes = call.maxResponseBytes ?? DEFAULT_MAX_RESPONSE;
    const secure = target.protocol === 'https:';
    return new Promise<PartnerResponse>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: PartnerResponse | PartnerRequestError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (outcome instanceof PartnerRequestError) {
          // Whatever is still open (a hanging or oversized answer) is dropped, its connection with it.
          request.destroy();
          reject(outcome);
        } else {
          resolve(outcome);
        }
      };
      const request = (secure ? httpsRequest : httpRequest)(
        target,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          lookup: this.options.lookup,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'order-hub', ...call.headers },
        },
        (response) => readAnswer(response, maxBytes, settle),
      );
      const timer = setTimeout(() => settle(new PartnerRequestError('timeout', 'No answer within the timeout')), call.timeoutMs ?? this.options.timeoutMs);
      request.on('error', (error) => settle(classify(error)));
      request.end(body);
    });
  }

  /**
   * A synchronous JSON call (the catalog pull): 2xx answers are parsed; anything else throws the
   * DomainErrors of CONTRACT section 1: partner_timeout (504) or partner_error (502).
   */
  async postJson(url: string, body: unknown, call: PartnerCallOptions = {}): Promise<{ status: number; body: unknown }> {
    let response: PartnerResponse;
    try {
      response = await this.post(url, JSON.stringify(body), call);
    } catch (error) {
      if (error instanceof PartnerRequestError && error.kind === 'timeout') throw new PartnerTimeoutError('The partner did not answer in time');
      if (error instanceof PartnerRequestError) throw new PartnerError(`The partner could not be called: ${error.message}`);
      throw error;
    }
    if (response.status < 200 || response.status > 299) throw new PartnerError(`The partner answered HTTP ${response.status}`);
    try {
      return { status: response.status, body: response.body === '' ? null : JSON.parse(response.body) };
    } catch {
      throw new PartnerError('The partner answered with a body that is not JSON');
    }
  }
}

/** Reads the answer as text, up to maxBytes. */
function readAnswer(response: IncomingMessage, maxBytes: number, settle: (outcome: PartnerResponse | PartnerRequestError) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  response.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) settle(new PartnerRequestError('too_large', `The partner's answer is larger than ${maxBytes} bytes`));
    else chunks.push(chunk);
  });
  response.on('end', () => settle({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
  // An answer cut off before its end errors here (ECONNRESET, 'aborted').
  response.on('error', (error) => settle(classify(error)));
}

function classify(error: NodeJS.ErrnoException): PartnerRequestError {
  // The address guard's refusal, raised by the agent when the connection is opened.
  if (error.code === 'EPARTNERADDRESS') return new PartnerRequestError('forbidden_address', error.message);
  // The code (ECONNREFUSED, ECONNRESET, ENOTFOUND...) says enough and never carries a secret.
  return new PartnerRequestError('network', error.code ? `Connection failed (${error.code})` : 'Connection failed');
}
