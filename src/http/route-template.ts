import type { Request } from 'express';
import type { DocumentedRequest } from '../rest/request-validation.js';

/** oidc-provider's own endpoints under /oauth2 (its routes are not express routes). */
const OAUTH_ENDPOINTS = new Set([
  'token',
  'authorize',
  'revoke',
  'introspect',
  'jwks',
  'userinfo',
  'session',
  '.well-known',
]);

/**
 * The route a request matched, as a template (`/v1/accounts/{accountId}`), for logs and metric labels: never
 * the raw path, whose ids would make every request a label of its own. Read once the response is finished.
 */
export function routeTemplate(req: Request): string {
  const operation = (req as DocumentedRequest).operation;
  if (operation) return operation.template;
  if (req.route?.path && typeof req.route.path === 'string') return `${req.baseUrl}${req.route.path}`;
  const path = req.originalUrl.split('?')[0];
  if (path === '/graphql') return path;
  const oauth = /^\/oauth2\/([^/]+)/.exec(path);
  if (oauth) return OAUTH_ENDPOINTS.has(oauth[1]) ? `/oauth2/${oauth[1]}` : '/oauth2/*';
  if (path.startsWith('/docs')) return '/docs/*';
  if (path.startsWith('/ui')) return '/ui/*';
  return 'unmatched';
}
