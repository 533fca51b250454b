import type { NextFunction, Request, Response } from 'express';
import { sendPage } from './interactions/page-response.js';
import { insecureRedirectPage } from './interactions/views.js';

// In production a sign-in code travels only to an https redirect URI (docs/contract.md "Principals, scopes and
// tokens"). Registration refuses any other (application.rules.ts), but an application registered before the
// hub ran in production may still list one. GET /oauth2/authorize refuses it here, with a page that says why,
// instead of sending the code in the clear; and such URIs are left out of the application's client metadata
// (clientMetadata), so no other way into the provider accepts one either.

export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** In front of GET /oauth2/authorize in production. A missing redirect_uri is the provider's to refuse. */
export function refuseInsecureRedirects() {
  return (req: Request, res: Response, next: NextFunction) => {
    const redirectUri = new URL(req.url, 'http://hub').searchParams.get('redirect_uri');
    if (redirectUri === null || isHttpsUrl(redirectUri)) return next();
    sendPage(res, 400, insecureRedirectPage({ redirectUri }));
  };
}
