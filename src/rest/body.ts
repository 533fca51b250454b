import express, { type NextFunction, type Request, type Response } from 'express';
import { DomainError, ValidationError } from '../common/errors.js';
import { findUnsafeText, isUnsafeText, refuseUnsafeText } from '../common/unsafe-text.js';
import { MAX_IMPORT_BYTES } from '../modules/catalog/index.js';

// Body rules of docs/contract.md "Conventions": JSON only (415), 1 MiB (catalog import 32 MiB), malformed JSON 400;
// text PostgreSQL cannot store (NUL, unpaired surrogates) 400 naming where it is, in the body or the query.

const BODY_LIMIT = 1024 * 1024;
const IMPORT_BODY_LIMIT = MAX_IMPORT_BYTES;

const isImport = (req: Request) => req.method === 'PUT' && req.path.endsWith('/catalog/import');

const small = express.json({ limit: BODY_LIMIT, type: () => true });
const large = express.json({ limit: IMPORT_BODY_LIMIT, type: () => true });

function hasBody(req: Request): boolean {
  const length = req.header('content-length');
  return req.header('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/** A body or query parameter with a NUL character or an unpaired surrogate is a 400 naming it (unsafe-text.ts). */
function refuseUnsafe(req: Request, next: NextFunction) {
  return (err?: unknown) => {
    if (err) return next(err);
    try {
      for (const [name, value] of Object.entries(req.query))
        if (findUnsafeText(value) !== null || isUnsafeText(name))
          throw ValidationError.field(name, 'must not contain NUL characters or unpaired UTF-16 surrogates');
      refuseUnsafeText(req.body);
    } catch (error) {
      return next(error);
    }
    return next();
  };
}

export function jsonBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return refuseUnsafe(req, next)();
    const type = req.header('content-type') ?? '';
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
      return next(new DomainError('unsupported_media_type', 'Send the body as application/json'));
    }
    return (isImport(req) ? large : small)(req, res, refuseUnsafe(req, next));
  };
}
