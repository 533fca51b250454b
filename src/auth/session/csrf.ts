import type { Request } from 'express';
import { UnauthorizedError } from '../../common/errors.js';

/**
 * The header every request of the UI carries. It is not a CORS-safelisted header, so a page of another site
 * cannot add it without a preflight, which the hub never grants; a cross-site form or image cannot send it.
 */
export const UI_REQUEST_HEADER = 'x-order-hub-ui';

/**
 * Cookie-authenticated GraphQL must come from the hub's own pages: the UI's header and, as a second lock
 * (docs/contract.md "Web UI"), an Origin equal to the hub's public origin. Browsers send Origin on every POST.
 */
export function assertOwnPage(req: Request, ownOrigin: string): void {
  if (req.header(UI_REQUEST_HEADER) === undefined)
    throw new UnauthorizedError(
      `Requests with the session cookie must carry the ${UI_REQUEST_HEADER} header (cross-site requests are refused)`,
    );
  const origin = req.header('origin');
  if (origin !== ownOrigin)
    throw new UnauthorizedError(
      `Requests with the session cookie must come from ${ownOrigin} (cross-site requests are refused)`,
    );
}
