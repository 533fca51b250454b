import type { MikroORM } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { UiSessionControl } from '../auth/session/graphql-caller.js';
import { UnauthorizedError } from '../common/errors.js';
import type { RequestContext } from '../common/request-context.js';
import { contextOf } from '../http/context.js';
import type { LiveFanout } from '../live/live-fanout.js';
import type { LiveEvent } from '../live/live-signal.js';
import type { Services } from '../services.js';

/** What every resolver gets, over HTTP (HttpGraphQLContext) and on a subscription (src/graphql/subscriptions.ts). */
export interface GraphQLContext {
  /** The caller's service context; reading it without a caller is `unauthorized`. */
  readonly ctx: RequestContext;
  readonly services: Services;
  /** The web UI's session cookie: signIn, signOut (HTTP only; a subscription refuses both). */
  readonly session: UiSessionControl;
  readonly log: Logger;
  /** True once the request has a caller (a bearer token or a live session). */
  signedIn(): boolean;
  /** Present on subscriptions (graphql-ws): the live signals and a way to read with the caller's current reach. */
  readonly live?: LiveContext;
}

export interface LiveContext {
  fanout: LiveFanout;
  /**
   * A context for reading what one event names: the caller authenticated again (an expired or revoked
   * token or session, or a connection that went away, ends the subscription) with its reach as of now, once
   * per socket for each event, and a fresh EntityManager, so a long subscription never reads through a stale
   * identity map.
   */
  fresh(event: LiveEvent): Promise<RequestContext>;
  /**
   * What `read` makes of `event` with such a context, made once for every subscription of the socket that asks
   * with the same `key` (the same field and arguments), so a socket's cost per event does not grow with copies of
   * one subscription.
   */
  readOnce<T>(
    event: LiveEvent,
    key: string,
    read: (ctx: RequestContext) => Promise<T>,
  ): Promise<{ ctx: RequestContext; value: T }>;
}

/**
 * The context of an HTTP request. `ctx` is built from the caller the request has when it is read, and built
 * again when the caller changed: signIn over a live session makes the new user the caller, and the answer and
 * every field after it are that user's, never the previous session's (read first by the rate limit). Without
 * a caller (the UI before sign-in) reading it is `unauthorized`, so no resolver can run for nobody. A class,
 * not an object literal: Apollo copies the context's own properties per request, which would read the getter
 * too early.
 */
export class HttpGraphQLContext implements GraphQLContext {
  private cached: RequestContext | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly res: Response,
    readonly services: Services,
    readonly session: UiSessionControl,
    readonly log: Logger,
  ) {}

  get ctx(): RequestContext {
    const principal = this.res.locals.principal;
    if (!principal) throw new UnauthorizedError('Sign in first');
    if (this.cached && this.cached.principal === principal) return this.cached;
    this.cached = contextOf(this.orm, this.res);
    return this.cached;
  }

  signedIn(): boolean {
    return Boolean(this.res.locals.principal);
  }
}
