import type { Request } from 'express';

/** A query parameter's text, or null when it is absent (the OpenAPI validator has already checked its shape). */
export function queryText(req: Request, name: string): string | null {
  const value = req.query[name];
  return typeof value === 'string' ? value : null;
}
