import { Router } from 'express';

/** A readiness check: true when that part is working. */
export type ReadinessCheck = () => Promise<boolean> | boolean;

/**
 * /healthz: the process answers. /readyz: every registered part is ready (database reachable, migrations
 * applied, delivery worker running); 503 with the failing parts otherwise.
 */
export function healthRouter(checks: Record<string, ReadinessCheck>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await Promise.resolve().then(check).catch(() => false)] as const),
    );
    const results = Object.fromEntries(entries);
    const ready = entries.every(([, ok]) => ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: results });
  });
  return router;
}
