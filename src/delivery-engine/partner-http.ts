import { got, type Got, type RequestError } from 'got';
import http, { type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { PartnerError, PartnerTimeoutError } from '../common/errors.js';
import { partnerAgents } from './guarded-agent.js';
import { signWebhook } from './sign.js';

// Every call from the hub to a partner (docs/contract.md "Calls the hub makes") goes through here: got with a request
// timeout, no redirects followed, no got-level retries (the outbox retries), and agents that refuse loopback,
// private, link-local and metadata addresses after DNS resolution unless explicitly allowed. Nothing here
// logs; callers log outcomes without headers, bodies or secrets.
//
// The one way to this hub's own address: a call the caller marks `sandbox` (it is for one of the built-in sandbox
// partners, which no one else can be) goes to this process's own listener, to a /sandbox path only, with a
// header that only this process knows. Every other call, whatever its URL, goes through the guarded agents.

export interface PartnerHttpOptions {
  /** ALLOW_PRIVATE_PARTNER_URLS: development and tests only. */
  allowPrivateAddresses: boolean;
  /** Production: partner URLs must be https. */
  httpsOnly: boolean;
  /** Default for calls that give none (PARTNER_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  /** Name resolution; tests inject one to make a name resolve to a forbidden address. */
  lookup?: LookupFunction;
  /** Where sandbox calls go; absent in production, where there is no sandbox. */
  sandbox?: SandboxRoute;
}

/** This process's own sandbox endpoints (src/http/sandbox-endpoints.ts). */
export interface SandboxRoute {
  /** This process's listener on loopback, e.g. http://127.0.0.1:3000. */
  origin: string;
  /** The only path prefix a sandbox call may have. */
  pathPrefix: string;
  /** The header that lets a call in: the endpoints answer 404 to anything without it. */
  header: { name: string; value: string };
}

export interface PartnerCallOptions {
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Stop reading an answer larger than this (the delivery log keeps only 1 KiB). Default 1 MiB. */
  maxResponseBytes?: number;
  /**
   * The call is for a sandbox partner (an application the hub made itself): the URL's path is sent to this
   * process's own sandbox endpoints. Only the callers that know the application is one set it.
   */
  sandbox?: boolean;
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
  /**
   * got with the options every partner call shares, merged and normalised once here: got does that work for
   * each call's own options too, and on the delivery worker's hot path the shared ones were most of it.
   */
  private readonly client: Got;
  /** Plain keep-alive: the sandbox route goes to loopback, which the guarded agents refuse. */
  private readonly sandboxAgent = new http.Agent({ keepAlive: true });

  constructor(private readonly options: PartnerHttpOptions) {
    this.client = got.extend({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'order-hub' },
      followRedirect: false,
      retry: { limit: 0 },
      throwHttpErrors: false,
      agent: partnerAgents(options.allowPrivateAddresses),
      dnsLookup: options.lookup,
      request: nodeRequest,
    });
  }

  /** Throws PartnerRequestError('invalid_url') for a URL the hub must not call. */
  checkUrl(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new PartnerRequestError('invalid_url', 'The partner URL is not a URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new PartnerRequestError('invalid_url', 'The partner URL must be http or https');
    if (this.options.httpsOnly && parsed.protocol !== 'https:')
      throw new PartnerRequestError('invalid_url', 'The partner URL must be https in production');
    if (parsed.username || parsed.password)
      throw new PartnerRequestError('invalid_url', 'The partner URL must not carry credentials');
    return parsed;
  }

  /**
   * POST a body; any HTTP answer is returned (the caller judges the status). got's stream interface, read here:
   * its promise interface wraps the same request in a cancelable promise and buffers the answer through more
   * layers. With nodeRequest, this costs 60 to 110 µs less CPU per call (`npm run bench:partner-calls`), on every delivery.
   */
  async post(url: string, body: string, call: PartnerCallOptions = {}): Promise<PartnerResponse> {
    const sandbox = call.sandbox ? this.sandboxRoute() : undefined;
    const target = sandbox ? this.sandboxTarget(url, sandbox) : this.checkUrl(url);
    const maxBytes = call.maxResponseBytes ?? DEFAULT_MAX_RESPONSE;
    return new Promise((resolve, reject) => {
      const stream = this.client.stream(target, {
        body,
        headers: sandbox ? { ...call.headers, [sandbox.header.name]: sandbox.header.value } : call.headers,
        timeout: { request: call.timeoutMs ?? this.options.timeoutMs },
        ...(sandbox ? { agent: { http: this.sandboxAgent } } : {}),
      });
      const chunks: Buffer[] = [];
      let received = 0;
      let response: IncomingMessage | undefined;
      stream.on('response', (answer: IncomingMessage) => (response = answer));
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received <= maxBytes) return void chunks.push(chunk);
        stream.destroy();
        reject(new PartnerRequestError('too_large', `The partner's answer is larger than ${maxBytes} bytes`));
      });
      stream.on('end', () => {
        if (!response) return reject(new PartnerRequestError('network', 'Connection failed'));
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks, received).toString('utf8'),
        });
      });
      stream.on('error', (error: RequestError) => reject(classify(error)));
    });
  }

  private sandboxRoute(): SandboxRoute {
    if (!this.options.sandbox) throw new PartnerRequestError('invalid_url', 'There is no sandbox in production');
    return this.options.sandbox;
  }

  /** The sandbox endpoint a sandbox partner's URL names, on this process's own listener. */
  private sandboxTarget(url: string, sandbox: SandboxRoute): URL {
    const { pathname, search } = this.checkUrl(url);
    if (!pathname.startsWith(`${sandbox.pathPrefix}/`))
      throw new PartnerRequestError('invalid_url', `A sandbox partner's URL is under ${sandbox.pathPrefix}/`);
    return new URL(`${pathname}${search}`, sandbox.origin);
  }

  /**
   * A synchronous JSON call (the catalog pull), signed as webhooks are when `signed` is given: 2xx answers are
   * parsed; anything else throws partner_timeout (504) or partner_error (502).
   */
  async postJson(
    url: string,
    body: unknown,
    call: PartnerCallOptions & { signed?: { secret: string; id: string } } = {},
  ): Promise<{ status: number; body: unknown }> {
    const { signed, ...options } = call;
    const text = JSON.stringify(body);
    if (signed)
      options.headers = { ...options.headers, ...signWebhook(signed.secret, signed.id, Date.now() / 1000, text) };
    let response: PartnerResponse;
    try {
      response = await this.post(url, text, options);
    } catch (error) {
      if (error instanceof PartnerRequestError && error.kind === 'timeout')
        throw new PartnerTimeoutError('The partner did not answer in time');
      if (error instanceof PartnerRequestError)
        throw new PartnerError(`The partner could not be called: ${error.message}`);
      throw error;
    }
    if (response.status < 200 || response.status > 299)
      throw new PartnerError(`The partner answered HTTP ${response.status}`);
    try {
      return { status: response.status, body: response.body === '' ? null : JSON.parse(response.body) };
    } catch {
      throw new PartnerError('The partner answered with a body that is not JSON');
    }
  }
}

/**
 * got's request function, as its default would be (node's http or https by the URL), given only the options
 * that are set: got hands node some forty, most of them undefined, and node copies every one of them twice per
 * request (the request's options, then the agent's).
 */
function nodeRequest(url: URL, options: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest {
  const set: RequestOptions = {};
  for (const key in options) {
    const value = options[key as keyof RequestOptions];
    if (value !== undefined) (set as Record<string, unknown>)[key] = value;
  }
  return (url.protocol === 'https:' ? https : http).request(url, set, callback);
}

function classify(error: RequestError): PartnerRequestError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (error.code === 'EPARTNERADDRESS' || cause?.code === 'EPARTNERADDRESS') {
    return new PartnerRequestError('forbidden_address', cause?.message ?? error.message);
  }
  if (error.name === 'TimeoutError' || error.code === 'ETIMEDOUT')
    return new PartnerRequestError('timeout', 'No answer within the timeout');
  // The code (ECONNREFUSED, ECONNRESET, ENOTFOUND...) says enough and never carries a secret.
  return new PartnerRequestError('network', error.code ? `Connection failed (${error.code})` : 'Connection failed');
}
