import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Grants } from '../../auth/authorize.js';
import type { Target } from '../../auth/operation.js';
import {
  EXPORT_OPERATIONS as EXPORTS,
  type ExportKind,
  type OrderExport,
  type OrderExportInput,
} from '../../modules/exports/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type Answer, type RestRoute } from '../operation-route.js';
import { queryFlag, queryText } from '../query-param.js';

const KINDS: ExportKind[] = ['orders', 'order-lines'];

const input = (req: Request): OrderExportInput => ({
  from: queryText(req, 'from'),
  to: queryText(req, 'to'),
  includeTest: queryFlag(req, 'includeTest'),
});

/**
 * The CSV piped to the response as the client reads it (backpressure: the next batch of orders is read only
 * once the last one is sent). A client that goes away stops the reading; a failure after the first line has
 * gone ends the response without its last chunk, so the client sees the download as incomplete.
 */
function csv<T extends Target>(make: (grant: Grants[T], req: Request) => Promise<OrderExport>): Answer<T> {
  return async (grant, req, res: Response) => {
    const { filename, chunks } = await make(grant, req);
    res.status(200);
    res.setHeader('content-type', 'text/csv; charset=utf-8; header=present');
    res.setHeader('content-disposition', `attachment; filename="${filename}"`);
    res.setHeader('cache-control', 'no-store');
    try {
      await pipeline(Readable.from(chunks), res);
    } catch (error) {
      if (!res.headersSent) throw error;
      // A client that went away is no failure of the hub's; anything else is, said in the request's log.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        res.locals.log?.error({ err: error }, 'order export cut short');
      res.destroy();
    }
  };
}

export function exportRoutes({ services }: RestDeps): RestRoute[] {
  const { orderExports } = services;
  return KINDS.flatMap((kind) => [
    route.get(
      `/accounts/:accountId/locations/:locationId/exports/${kind}`,
      EXPORTS.location,
      csv((access, req) => orderExports.forLocation(access, kind, input(req))),
    ),
    route.get(
      `/accounts/:accountId/exports/${kind}`,
      EXPORTS.account,
      csv((access, req) => orderExports.forAccount(access, kind, input(req))),
    ),
  ]);
}
