import type { NextFunction, Request, Response } from 'express';
import { UnauthorizedError } from '../../common/errors.js';
import { bearerAuth } from '../bearer.js';
import { UI_REQUEST_HEADER } from './csrf.js';
import type { UiSessionHttpOptions } from './graphql-caller.js';

/**
 * Who calls /v1: a bearer token; else, for a GET from the hub's own pages (the web UI's downloads, such as an
 * order export), the UI's session cookie. A read the session may make through /v1 is one its GraphQL queries
 * already make, and writes stay bearer-only. Its locks: the UI's header, which a page of another site cannot
 * send without a preflight the hub never grants, and the browser's word that the request comes from the hub's
 * own origin (Origin, or Sec-Fetch-Site on a same-origin GET, which carries no Origin; neither can a page set).
 */
export function restCaller({ sessions, cookie, ownOrigin, bearer }: UiSessionHttpOptions) {
  const byBearer = bearerAuth(bearer);
  return async (req: Request, res: Response, next: NextFunction) => {
    // Partners' calls (a token, or not a GET) go straight to the bearer check, cookie unread.
    if (req.method !== 'GET' || req.header('authorization') !== undefined) return byBearer(req, res, next);
    const value = cookie.read(req);
    if (value === undefined) return byBearer(req, res, next);
    const ownPage =
      req.header(UI_REQUEST_HEADER) !== undefined &&
      (req.header('origin') === ownOrigin || req.header('sec-fetch-site') === 'same-origin');
    if (!ownPage) return byBearer(req, res, next);
    const caller = await sessions.authenticate(value);
    if (!caller) throw new UnauthorizedError('The session has ended: sign in again', false);
    res.locals.principal = caller.principal;
    res.locals.reach = caller.reach;
    next();
  };
}
