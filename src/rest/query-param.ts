import type { Request } from 'express';

/** A query parameter's text, or null when it is absent (the OpenAPI validator has already checked its shape). */
export function queryText(req: Request, name: string): string | null {
  const value = req.query[name];
  return typeof value === 'string' ? value : null;
}

/** A `true`/`false` query parameter as a boolean, or null when it is absent (the validator allows only those two). */
export function queryFlag(req: Request, name: string): boolean | null {
  const value = queryText(req, name);
  return value === null ? null : value === 'true';
}
