import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it is sane), a child logger carrying it, and one
 * access log line when the response is finished.
 */
export function requestIdAndLogging(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.log = log.child({ requestId });
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      res.locals.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  };
}
