import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { newTrace, parseTraceparent, runInRequestScope } from '../common/request-scope.js';
import type { HubMetrics } from '../observability/metrics.js';
import { routeTemplate } from './route-template.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it is sane) and a trace (the caller's W3C
 * traceparent, or a new one), both kept in the request scope for the deliveries it causes, a child logger
 * carrying them (res.locals.log), and, when the response is finished, one JSON access log line (full path and
 * route template) and its metrics.
 */
export function requestIdAndLogging(log: Logger, metrics?: HubMetrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    const traceparent = req.headers.traceparent;
    const trace = (typeof traceparent === 'string' ? parseTraceparent(traceparent) : undefined) ?? newTrace();
    res.locals.requestId = requestId;
    requestLogger(res.locals, log, { requestId, traceId: trace.traceId });
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = routeTemplate(req);
      // The line is what the child logger would write (its bindings first), built only when it is written.
      if (log.isLevelEnabled('info'))
        log.info(
          {
            requestId,
            traceId: trace.traceId,
            method: req.method,
            path: req.originalUrl.split('?')[0],
            route,
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      metrics?.httpRequest(req.method, route, res.statusCode, ms / 1000);
    });
    res.locals.scope = { requestId, trace, clientAddress: () => req.ip };
    runInRequestScope(res.locals.scope, next);
  };
}

/**
 * res.locals.log: the child logger with the request's id and trace, made when something first logs through it.
 * Most requests never do (a pino child serializes its bindings when made), and the access log line above
 * writes the same fields without it.
 */
function requestLogger(
  locals: Record<string, unknown>,
  log: Logger,
  bindings: { requestId: string; traceId: string },
): void {
  let child: Logger | undefined;
  Object.defineProperty(locals, 'log', {
    configurable: true,
    enumerable: true,
    get: () => (child ??= log.child(bindings)),
    set: (value: Logger) => (child = value),
  });
}
