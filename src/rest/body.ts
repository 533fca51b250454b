import express, { type NextFunction, type Request, type Response } from 'express';
import { DomainError } from '../common/errors.js';
import { MAX_IMPORT_BYTES } from '../modules/catalog/catalog-import.rules.js';

// Body rules of CONTRACT section 1: JSON only (415), 1 MiB (catalog import 32 MiB), malformed JSON 400.

export const BODY_LIMIT = 1024 * 1024;
export const IMPORT_BODY_LIMIT = MAX_IMPORT_BYTES;

const isImport = (req: Request) => req.method === 'PUT' && req.path.endsWith('/catalog/import');

const small = express.json({ limit: BODY_LIMIT, type: () => true });
const large = express.json({ limit: IMPORT_BODY_LIMIT, type: () => true });

function hasBody(req: Request): boolean {
  const length = req.header('content-length');
  return req.header('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

export function jsonBody() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const type = req.header('content-type') ?? '';
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
      return next(new DomainError('unsupported_media_type', 'Send the body as application/json'));
    }
    return (isImport(req) ? large : small)(req, res, next);
  };
}
