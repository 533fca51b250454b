import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SchemaValidator } from '../shapes/schema-validator.js';
import { fieldErrors } from '../shapes/field-errors.js';
import type { DocumentedRequest } from './request-validation.js';

// Tests only (startHub's validateResponses): every JSON answer of a documented operation is checked against the
// schema the document gives for its status, so that the document cannot drift from the code. An answer that
// does not match becomes a 500 whose detail says where it differs, which fails the test that caused it.

export class UndocumentedAnswer extends Error {
  readonly status = 500;
}

function schemaFor(req: DocumentedRequest, status: number) {
  const responses = req.operation?.responses;
  if (!responses) return undefined;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses.has(k));
  if (key === undefined)
    return { missing: `no answer ${status} is documented for ${req.method} ${req.operation?.template}` };
  return { schema: responses.get(key) };
}

export function responseValidation(validator: SchemaValidator): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const found = schemaFor(req as DocumentedRequest, res.statusCode);
      if (found && 'missing' in found) throw new UndocumentedAnswer(found.missing);
      if (found?.schema) {
        const validate = validator.schema(found.schema);
        // The answer is checked as sent: a copy, so that no default is filled into it.
        if (!validate(JSON.parse(JSON.stringify(body)))) {
          const problems = fieldErrors(validate.errors ?? [], '/response')
            .map((e) => `${e.path} ${e.message}`)
            .join('; ');
          throw new UndocumentedAnswer(`The answer does not match openapi.yaml: ${problems}`);
        }
      }
      return json(body);
    };
    next();
  };
}
