import type { NextFunction, Request, Response } from 'express';
import { UnauthorizedError } from '../common/errors.js';
import type { Authenticator } from './authenticator.js';

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

/**
 * RFC 6750 bearer authentication for /v1 and /graphql: sets res.locals.principal and res.locals.reach, or
 * fails with 401 (the error mappers add WWW-Authenticate).
 */
export function bearerAuth(authenticator: Authenticator) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = BEARER.exec(req.header('authorization') ?? '');
    if (!match) throw new UnauthorizedError('A bearer token is required in the Authorization header');
    const caller = await authenticator.authenticate(match[1]);
    if (!caller) throw new UnauthorizedError('The access token is invalid or expired');
    res.locals.principal = caller.principal;
    res.locals.reach = caller.reach;
    next();
  };
}
