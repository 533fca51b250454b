import type { NextFunction, Request, Response } from 'express';

/**
 * Bounds the answer Apollo sends: the cost estimate cannot know how long a whole catalog is or how large a
 * JSON payload is, so an answer over `maxBytes` is replaced by a `query_too_complex` error (GRAPHQL_MAX_ANSWER_BYTES). The answer is
 * already a string here; measuring it costs nothing.
 */
export function boundAnswerSize(maxBytes: number) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (typeof body === 'string' && body.length > maxBytes / 4 && Buffer.byteLength(body) > maxBytes) {
        res.status(400).type('application/json');
        const message = `The answer is over ${maxBytes} bytes; ask for smaller pages or fewer fields`;
        return send(
          JSON.stringify({ errors: [{ message, extensions: { code: 'query_too_complex', limit: maxBytes } }] }),
        );
      }
      return send(body);
    };
    next();
  };
}
