import type { MikroORM } from '@mikro-orm/postgresql';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { verifyWebhook } from '../delivery-engine/sign.js';
import { webhookSecretFor } from '../modules/applications/index.js';
import {
  DEMO_CATALOG,
  recordReceipt,
  SANDBOX_MARKETPLACE_ID,
  SANDBOX_PATHS,
  SANDBOX_POS_ID,
  scheduleKitchenStep,
} from '../modules/sandbox/index.js';

// The sandbox partners' endpoints, the URLs of the two sandbox applications (src/modules/sandbox). The delivery
// engine calls them on this process's own address with a header only this process knows; anything else gets
// 404, so they are no door into the hub from outside. Each call is then checked as a real partner checks it:
// the Standard Webhooks signature by the application's own webhook secret (401 otherwise). Bodies of up to the
// largest a partner is sent (a menu publication of a 32 MiB catalog).

const MAX_BODY = '40mb';

export interface SandboxEndpointDeps {
  orm: MikroORM;
  log: Logger;
  /** The header the sandbox route of this process's partner client sends (partner-http.ts). */
  header: { name: string; value: string };
  /** The sandbox POS's kitchen pace (SANDBOX_POS_PACE_MS). */
  posPaceMs: number;
}

interface Received {
  body: Record<string, unknown>;
  eventId: string;
}

type Handler = (received: Received, req: Request) => Promise<unknown>;

export function sandboxEndpoints(deps: SandboxEndpointDeps): Router {
  const router = Router();
  const expected = Buffer.from(deps.header.value);
  router.use((req: Request, res: Response, next: NextFunction) => {
    const given = Buffer.from(String(req.headers[deps.header.name] ?? ''));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    res.status(404).end();
  });
  const raw = express.raw({ type: () => true, limit: MAX_BODY });

  /** A signed call to `applicationId`'s endpoint: verified, parsed, handled; its answer is the handler's. */
  const endpoint = (path: string, applicationId: string, handle: Handler) =>
    router.post(path, raw, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
        const secret = await webhookSecretFor(deps.orm.em.fork(), applicationId);
        if (!verifyWebhook(secret, req.headers, text, Date.now() / 1000))
          return void res.status(401).json({ error: 'The signature does not verify' });
        const body = JSON.parse(text) as Record<string, unknown>;
        const answer = await handle({ body, eventId: String(req.headers['webhook-id']) }, req);
        res.status(200).json(answer ?? { received: true });
      } catch (error) {
        next(error);
      }
    });

  /** What the sandbox marketplace receives is kept (the UI shows it). */
  const keep: Handler = async ({ body, eventId }) =>
    recordReceipt(deps.orm.em.fork(), {
      connectionId: String(body.connectionId),
      locationId: String(body.locationId),
      eventType: String(body.eventType),
      eventId,
      body,
    });

  endpoint(SANDBOX_PATHS.posCatalog, SANDBOX_POS_ID, async () => DEMO_CATALOG);
  endpoint(SANDBOX_PATHS.posWebhooks, SANDBOX_POS_ID, async ({ body }) => {
    // The kitchen starts on every order it receives; what it hears later (a cancel) it finds when it next looks.
    if (body.eventType !== 'ORDER_CREATED') return;
    const job = {
      accountId: String(body.accountId),
      locationId: String(body.locationId),
      orderId: String(body.orderId),
      from: 'NEW' as const,
    };
    await scheduleKitchenStep(deps.orm.em.fork(), job, deps.posPaceMs);
    deps.log.debug({ orderId: job.orderId }, 'sandbox POS: order received, the kitchen starts');
  });
  endpoint(SANDBOX_PATHS.marketplaceWebhooks, SANDBOX_MARKETPLACE_ID, keep);
  endpoint(SANDBOX_PATHS.marketplaceMenus, SANDBOX_MARKETPLACE_ID, keep);
  endpoint(SANDBOX_PATHS.marketplaceStoreStatus, SANDBOX_MARKETPLACE_ID, keep);
  return router;
}
