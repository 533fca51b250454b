import type { NextFunction, Request, Response } from 'express';
import { closeIfBodyUnread } from '../../http/unread-body.js';
import type { Authenticator } from '../authenticator.js';
import { bearerAuth } from '../bearer.js';
import { assertOwnPage, UI_REQUEST_HEADER } from './csrf.js';
import type { SessionCookie } from './session-cookie.js';
import type { UiSessions } from './ui-sessions.js';

/** What the signIn and signOut mutations do to the browser's session (GraphQL context). */
export interface UiSessionControl {
  /** Ends any current session, signs in, sets the cookie and makes the new user this request's caller. */
  signIn(email: string, password: string): Promise<void>;
  /** Revokes the tokens, deletes the session, clears the cookie. */
  signOut(): Promise<void>;
}

export interface UiSessionHttpOptions {
  sessions: UiSessions;
  cookie: SessionCookie;
  /** The hub's public origin, the only one whose pages may use the cookie. */
  ownOrigin: string;
  /** Bearer tokens (scripts, partners): unchanged. */
  bearer: Authenticator;
}

/**
 * Who calls /graphql: a bearer token (Authorization), as on /v1; else the UI's session cookie, from the hub's
 * own pages only; else, for the UI's own requests, nobody yet (only viewer and signIn answer, see the
 * GraphQL context). Anything else without a token is the bearer middleware's 401.
 */
export function graphqlCaller({ sessions, cookie, ownOrigin, bearer }: UiSessionHttpOptions) {
  const byBearer = bearerAuth(bearer);
  return async (req: Request, res: Response, next: NextFunction) => {
    const value = cookie.read(req);
    if (
      req.header('authorization') !== undefined ||
      (value === undefined && req.header(UI_REQUEST_HEADER) === undefined)
    )
      return byBearer(req, res, next);
    try {
      assertOwnPage(req, ownOrigin);
    } catch (refused) {
      closeIfBodyUnread(req, res);
      throw refused;
    }
    if (value !== undefined) {
      const caller = await sessions.authenticate(value);
      if (caller) {
        res.locals.principal = caller.principal;
        res.locals.reach = caller.reach;
      } else {
        cookie.clear(res);
      }
    }
    next();
  };
}

export function uiSessionControl(
  req: Request,
  res: Response,
  { sessions, cookie }: Pick<UiSessionHttpOptions, 'sessions' | 'cookie'>,
): UiSessionControl {
  return {
    async signIn(email, password) {
      const previous = cookie.read(req);
      if (previous !== undefined) await sessions.signOut(previous);
      const { cookie: value, caller } = await sessions.signIn(email, password, req.ip);
      cookie.set(res, value);
      res.locals.principal = caller.principal;
      res.locals.reach = caller.reach;
    },
    async signOut() {
      const value = cookie.read(req);
      if (value !== undefined) await sessions.signOut(value);
      cookie.clear(res);
      res.locals.principal = undefined;
      res.locals.reach = undefined;
    },
  };
}
