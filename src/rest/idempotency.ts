import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import type { Principal } from '../common/principal.js';
import { IdempotencyService, requestHash } from '../modules/idempotency/idempotency.service.js';

/**
 * Idempotency-Key on every /v1 POST (CONTRACT section 1). The response is stored before it is sent, so a
 * client that retries the moment it hears back already gets the replay.
 */
export function idempotencyKeys(orm: MikroORM, service = new IdempotencyService()) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.header('idempotency-key');
    if (req.method !== 'POST' || key === undefined) return next();
    const principal = res.locals.principal as Principal;
    const caller = principal.type === 'user' ? `user:${principal.userId}` : `client:${principal.clientId}`;
    const em = orm.em.fork();
    const claim = await service.claim(em, caller, key, requestHash(req.method, req.originalUrl, req.body));
    if (claim.outcome === 'replay') {
      res.status(claim.response.status).setHeader('Idempotent-Replayed', 'true');
      res.type(claim.response.contentType).send(claim.response.body);
      return;
    }
    const send = res.send.bind(res);
    res.send = ((body: unknown) => {
      const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body);
      const contentType = String(res.getHeader('content-type') ?? 'application/json');
      service.complete(em, caller, key, { status: res.statusCode, contentType, body: text }).then(
        () => send(text),
        (error: unknown) => {
          res.locals.log?.error({ err: error }, 'could not store the idempotent response');
          send(text);
        },
      );
      return res;
    }) as Response['send'];
    next();
  };
}
