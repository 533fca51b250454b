import express, { type NextFunction, type Request, type Response } from 'express';

// Partners' onboarding examples send the token request as JSON; oidc-provider parses only urlencoded bodies. This
// shim re-encodes a JSON body as a form and hands the provider a view of the request whose stream yields the
// form, with content-type and content-length to match (the provider checks the length it reads).

const LIMIT = 56 * 1024; // the provider's own body limit

const parseJson = express.json({ limit: LIMIT, type: () => true });

function sendError(res: Response, status: number, description: string): void {
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ error: 'invalid_request', error_description: description }));
}

function toForm(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (!['string', 'number', 'boolean'].includes(typeof item)) return null;
      form.append(key, String(item));
    }
  }
  return form.toString();
}

/** Wraps the provider's handler: JSON POST bodies arrive as forms, anything else passes untouched. */
export function acceptJsonBodies(handler: (req: Request, res: Response) => unknown) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || !req.is('application/json')) return handler(req, res);
    parseJson(req, res, (err?: unknown) => {
      if (err)
        return sendError(res, (err as { status?: number }).status === 413 ? 413 : 400, 'the body is not valid JSON');
      const form = toForm(req.body);
      if (form === null) return sendError(res, 400, 'the JSON body must be an object of strings, numbers or booleans');
      const bytes = Buffer.from(form, 'utf8');
      const view: Request = Object.create(req, {
        headers: {
          value: {
            ...req.headers,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': String(bytes.length),
          },
        },
        readable: { value: true },
        body: { value: undefined },
        iterator: { value: () => [bytes][Symbol.iterator]() },
      });
      try {
        Promise.resolve(handler(view, res)).catch(next);
      } catch (error) {
        next(error);
      }
    });
  };
}
