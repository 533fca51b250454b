import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../common/principal.js';
import type { DatabaseWatch } from '../db/outage.js';
import { IdempotencyService, requestHash } from '../modules/idempotency/index.js';

export interface IdempotencyOptions {
  service?: IdempotencyService;
  /** Told of a database outage met while storing the answer. */
  database?: DatabaseWatch;
  /**
   * An answer the client should simply retry (the key is released, not replayed): a 5xx over REST; over
   * GraphQL, which answers 200 with errors, also an unexpected error in the body.
   */
  failed?: (status: number, body: string) => boolean;
}

const serverError = (status: number) => status >= 500;

/**
 * Idempotency-Key on every POST of /v1 and /graphql alike (docs/contract.md "Conventions"): the same key and body
 * replay the first answer, with `Idempotent-Replayed: true`. The response is stored before it is sent, so a client that
 * retries the moment it hears back already gets the replay.
 */
export function idempotencyKeys(orm: MikroORM, options: IdempotencyOptions = {}) {
  const { database } = options;
  const service = options.service ?? new IdempotencyService();
  const failed = options.failed ?? serverError;
  // Not an async function itself: every GET, PATCH and PUT passes through here, and an async middleware costs
  // each of them a promise and express's handler for its rejection.
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.header('idempotency-key');
    // A caller not signed in yet (the UI's sign-in) has nothing to scope a key to.
    const principal = res.locals.principal as Principal | undefined;
    if (req.method !== 'POST' || key === undefined || !principal) return next();
    return withKey(req, res, next, key, principal);
  };

  async function withKey(
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    principal: Principal,
  ): Promise<void> {
    const caller = idempotencyCaller(principal);
    const em = orm.em.fork();
    const claim = await service.claim(em, caller, key, requestHash(req.method, req.originalUrl, req.body));
    if (claim.outcome === 'replay') {
      res.status(claim.response.status).setHeader('Idempotent-Replayed', 'true');
      res.type(claim.response.contentType).send(claim.response.body);
      return;
    }
    const send = res.send.bind(res);
    res.send = ((body: unknown) => {
      const text =
        typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body);
      const contentType = String(res.getHeader('content-type') ?? 'application/json');
      const done = failed(res.statusCode, text)
        ? service.release(em, caller, key)
        : service.complete(em, caller, key, { status: res.statusCode, contentType, body: text });
      done.then(
        () => send(text),
        (error: unknown) => {
          // The change is made (a database outage after its commit): the client hears the answer all the same.
          if (!database?.report(error))
            res.locals.log?.error({ err: error }, 'could not store the idempotent response');
          send(text);
        },
      );
      return res;
    }) as Response['send'];
    next();
  }
}

/**
 * Whose keys these are: an operator's own, an application's own, or an application's for one user, so that a
 * response stored for one principal is never replayed to another that reaches different records.
 */
function idempotencyCaller(principal: Principal): string {
  if (principal.type === 'user') return `user:${principal.userId}`;
  const user = principal.onBehalfOf ? `:user:${principal.onBehalfOf.userId}` : '';
  return `client:${principal.clientId}${user}`;
}
