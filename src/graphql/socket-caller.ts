import type { IncomingMessage } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { UiSessionHttpOptions } from '../auth/session/graphql-caller.js';
import { UnauthorizedError } from '../common/errors.js';
import type { Principal, Reach } from '../common/principal.js';
import type { RequestContext } from '../common/request-context.js';
import type { LiveEvent } from '../live/live-signal.js';

// Who is on a subscription socket: the credential it opened with (a bearer token in connectionParams, or the
// web UI's session cookie from the hub's own pages), authenticated again whenever reach must be current. One
// event fans out to every subscription of the socket; the caller is authenticated once for that event and
// shared by them, and subscriptions that watch the same read it once, so a socket's cost per event does not
// grow with copies of one subscription.

export type Credential = { kind: 'bearer'; token: string } | { kind: 'session'; cookie: string };

export type Caller = { principal: Principal; reach: Reach };

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

function tokenOf(connectionParams: Readonly<Record<string, unknown>> | undefined): string | null {
  const value = connectionParams?.authorization ?? connectionParams?.Authorization;
  if (typeof value !== 'string') return null;
  return BEARER.exec(value)?.[1] ?? null;
}

/** The Origin of a browser's handshake; none from scripts (which use bearer tokens). */
function originOf(request: IncomingMessage): string | undefined {
  const value = request.headers.origin;
  return Array.isArray(value) ? value[0] : value;
}

/** The session cookie of the handshake, read as the HTTP surface reads it. */
function sessionCookieOf(request: IncomingMessage, callers: UiSessionHttpOptions): string | undefined {
  const asRequest = { header: (name: string) => request.headers[name.toLowerCase()] } as unknown as Request;
  return callers.cookie.read(asRequest);
}

/**
 * The connection's credential: a bearer token in connectionParams, else the session cookie, taken only from the
 * hub's own pages (browsers send Origin on every WebSocket handshake, and a page of another site cannot forge it).
 */
export function credentialOf(
  callers: UiSessionHttpOptions,
  connectionParams: Readonly<Record<string, unknown>> | undefined,
  request: IncomingMessage,
): Credential | null {
  const token = tokenOf(connectionParams);
  if (token) return { kind: 'bearer', token };
  const cookie = sessionCookieOf(request, callers);
  if (cookie && originOf(request) === callers.ownOrigin) return { kind: 'session', cookie };
  return null;
}

export function authenticate(callers: UiSessionHttpOptions, credential: Credential): Promise<Caller | null> {
  return credential.kind === 'bearer'
    ? callers.bearer.authenticate(credential.token)
    : callers.sessions.authenticate(credential.cookie);
}

/** One socket's caller: authenticated at the socket's start, and again per subscription start and per event. */
export class SocketCaller {
  /** The caller as of each event being fanned out on this socket (weak: gone with the event). */
  private readonly perEvent = new WeakMap<LiveEvent, Promise<Caller | null>>();
  /** What each event read for the subscriptions asking the same (weak: gone with the event). */
  private readonly reads = new WeakMap<LiveEvent, Map<string, Promise<unknown>>>();

  constructor(
    private readonly callers: UiSessionHttpOptions,
    private readonly orm: MikroORM,
    private readonly log: Logger,
    readonly credential: Credential,
    /** Who opened the socket: its user (or application) decides which limits it counts against. */
    readonly opened: Caller,
  ) {}

  /** The caller as of now, or null once the token or session has ended. */
  current(): Promise<Caller | null> {
    return authenticate(this.callers, this.credential);
  }

  /** A context with the caller as of now: a subscription's start. */
  async context(requestId: string): Promise<RequestContext> {
    return this.contextOf(await this.current(), requestId);
  }

  /** A context with the caller as of `event`, authenticated once for every subscription of the socket it reaches. */
  async contextFor(event: LiveEvent, requestId: string): Promise<RequestContext> {
    let caller = this.perEvent.get(event);
    if (!caller) {
      caller = this.current();
      this.perEvent.set(event, caller);
    }
    return this.contextOf(await caller, requestId);
  }

  /** What `read` makes of `event` for every subscription of this socket asking with `key`, read once with one context. */
  readOnce<T>(
    event: LiveEvent,
    key: string,
    requestId: string,
    read: (ctx: RequestContext) => Promise<T>,
  ): Promise<{ ctx: RequestContext; value: T }> {
    let byKey = this.reads.get(event);
    if (!byKey) this.reads.set(event, (byKey = new Map()));
    let result = byKey.get(key) as Promise<{ ctx: RequestContext; value: T }> | undefined;
    if (!result) {
      result = this.contextFor(event, requestId).then(async (ctx) => ({ ctx, value: await read(ctx) }));
      byKey.set(key, result);
    }
    return result;
  }

  /** A fresh EntityManager per context: a long subscription never reads through a stale identity map. */
  private contextOf(caller: Caller | null, requestId: string): RequestContext {
    if (!caller)
      throw new UnauthorizedError(
        this.credential.kind === 'bearer'
          ? 'The access token is invalid or expired'
          : 'The session has ended; sign in again',
      );
    return {
      requestId,
      log: this.log.child({ requestId }),
      em: this.orm.em.fork(),
      db: this.orm.em,
      principal: caller.principal,
      reach: caller.reach,
    };
  }
}
