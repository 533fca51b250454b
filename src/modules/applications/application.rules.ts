import { ValidationError, type FieldError } from '../../common/errors.js';
import type { ApplicationKind } from '../../common/principal.js';
import { DEFAULT_APPLICATION_SCOPES, isScope } from '../../auth/scopes.js';
import { APPLICATION_KINDS } from './application.entity.js';

// Field rules of an application (docs/contract.md "Operations"). Partner URLs and redirect URIs are absolute http(s)
// URLs without credentials or fragment, and https when HUB_ENV=production. Whether an address is private or
// loopback is the delivery engine's SSRF guard's business (checked again when it calls).

export interface ApplicationFields {
  kind?: string | null;
  name?: string | null;
  redirectUris?: string[] | null;
  scopes?: string[] | null;
  webhookUrl?: string | null;
  catalogPullUrl?: string | null;
  menuPublicationUrl?: string | null;
  storeStatusUrl?: string | null;
  firstParty?: boolean | null;
}

/**
 * A kind as partners write it, "POS" or "Marketplace" in any case (docs/contract.md "Principals, scopes and
 * tokens"), as the one spelling answers use: POS or MARKETPLACE. Anything else is a 400 naming `path`.
 */
export function canonicalKind(written: string, path: string): ApplicationKind {
  const kind = written.toUpperCase();
  const known = APPLICATION_KINDS.find((k) => k === kind);
  if (!known) throw ValidationError.field(path, 'must be POS or MARKETPLACE (in any case)');
  return known;
}

/** Which partner URLs each kind has; the others must not be sent for it. */
const URLS_OF_KIND: Record<ApplicationKind, readonly (keyof ApplicationFields)[]> = {
  POS: ['webhookUrl', 'catalogPullUrl'],
  MARKETPLACE: ['webhookUrl', 'menuPublicationUrl', 'storeStatusUrl'],
};
const ALL_URLS = ['webhookUrl', 'catalogPullUrl', 'menuPublicationUrl', 'storeStatusUrl'] as const;

export function urlProblem(value: unknown, production: boolean): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048)
    return 'must be an absolute URL of at most 2048 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (production && url.protocol !== 'https:') return 'must use https in production';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.hash) return 'must not have a fragment';
  return null;
}

/**
 * Checks a create (all required fields) or an update (only what is given) for an application of `kind`. Returns
 * nothing; throws one ValidationError naming every bad field.
 */
export function checkApplicationFields(
  fields: ApplicationFields,
  kind: ApplicationKind,
  production: boolean,
  creating: boolean,
): void {
  const errors: FieldError[] = [];
  if (creating || fields.name !== undefined) {
    if (typeof fields.name !== 'string' || fields.name.trim().length < 1 || fields.name.length > 255)
      errors.push({ path: '/name', message: 'is required, 1 to 255 characters' });
  }
  if (fields.redirectUris != null) {
    if (!Array.isArray(fields.redirectUris))
      errors.push({ path: '/redirectUris', message: 'must be an array of URLs' });
    else
      fields.redirectUris.forEach((uri, i) => {
        const problem = urlProblem(uri, production);
        if (problem) errors.push({ path: `/redirectUris/${i}`, message: problem });
      });
  }
  if (fields.scopes != null) {
    if (!Array.isArray(fields.scopes) || fields.scopes.length === 0)
      errors.push({ path: '/scopes', message: 'must be a non-empty array of scopes' });
    else
      fields.scopes.forEach((scope, i) => {
        if (!isScope(scope)) errors.push({ path: `/scopes/${i}`, message: `"${scope}" is not a scope of this hub` });
      });
  }
  // Every URL is optional: an application without one for an event reads it from the event feed
  // (GET /v1/events). Null clears one on update, as it does for the kind's other URLs.
  for (const key of ['redirectUris', 'scopes', 'firstParty'] as const) {
    if (fields[key] === null) errors.push({ path: `/${key}`, message: 'cannot be null' });
  }
  for (const key of ALL_URLS) {
    const value = fields[key];
    if (value == null) continue;
    if (!URLS_OF_KIND[kind].includes(key))
      errors.push({ path: `/${key}`, message: `is not a URL of a ${kind} application` });
    else {
      const problem = urlProblem(value, production);
      if (problem) errors.push({ path: `/${key}`, message: problem });
    }
  }
  if (errors.length > 0) throw ValidationError.fields(errors);
}

export function defaultScopes(kind: ApplicationKind): string[] {
  return [...DEFAULT_APPLICATION_SCOPES[kind]];
}
