import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';
import { OAUTH_MOUNT } from './provider.js';

/**
 * RFC 8414 authorization server metadata, where OAuth clients look for it: `/.well-known/oauth-authorization-server`
 * and, the issuer having a path, `/.well-known/oauth-authorization-server/oauth2` (section 3.1). The document is
 * the provider's own discovery document (one source for both): the request is handed to it as a request for
 * `/oauth2/.well-known/openid-configuration`, so the endpoints it names are the mounted ones.
 */
export const SERVER_METADATA_PATHS = [
  '/.well-known/oauth-authorization-server',
  `/.well-known/oauth-authorization-server${OAUTH_MOUNT}`,
];

export function serverMetadata(provider: Provider) {
  const callback = provider.callback();
  return (req: Request, res: Response) => {
    req.url = '/.well-known/openid-configuration';
    req.originalUrl = `${OAUTH_MOUNT}${req.url}`;
    return callback(req, res);
  };
}
