import type { NextFunction, Request, Response } from 'express';
import { UnauthorizedError } from '../common/errors.js';
import { closeIfBodyUnread } from '../http/unread-body.js';
import type { Authenticator } from './authenticator.js';

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

/**
 * RFC 6750 bearer authentication for /v1 and /graphql: sets res.locals.principal and res.locals.reach, or
 * fails with 401 (the error mappers add WWW-Authenticate). It runs before any body parser: a request without a
 * valid token never has its body read.
 */
export function bearerAuth(authenticator: Authenticator) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const match = BEARER.exec(req.header('authorization') ?? '');
    const caller = match ? await authenticator.authenticate(match[1]) : undefined;
    if (!caller) {
      closeIfBodyUnread(req, res);
      throw match
        ? new UnauthorizedError('The access token is invalid or expired')
        : new UnauthorizedError('A bearer token is required in the Authorization header', false);
    }
    res.locals.principal = caller.principal;
    res.locals.reach = caller.reach;
    next();
  };
}
