import type { MikroORM } from '@mikro-orm/postgresql';
import type { NextFunction, Request, Response } from 'express';
import { isUuid } from '../common/ids.js';
import { findClientApplication } from './adapter.js';

/**
 * An application's id works as its client_id (docs/contract.md "Shapes existing clients send"). The token, revocation
 * and introspection endpoints only look the client up (ApplicationClientAdapter.find resolves either id). The
 * authorization endpoint also files the session's grant under the client_id as sent and looks it up under the client's
 * own, so there the id is replaced by the application's client_id before the provider reads the request.
 */
export function applicationIdAsClientId(orm: MikroORM) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const url = new URL(req.url, 'http://hub');
    const sent = url.searchParams.get('client_id');
    if (sent && isUuid(sent)) {
      const application = await findClientApplication(orm.em.fork(), sent);
      if (application) {
        url.searchParams.set('client_id', application.clientId);
        req.url = `${url.pathname}${url.search}`;
      }
    }
    next();
  };
}
