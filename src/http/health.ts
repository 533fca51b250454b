import type { IRouter } from 'express';

/** A readiness check: true when that part is working. */
export type ReadinessCheck = () => Promise<boolean> | boolean;

/**
 * A check that has not answered within this is failing: a database that went silent without closing its
 * connections (a network partition, a failover that leaves the old address unanswering) would otherwise
 * hold /readyz as long as TCP waits, while the balancer needs an answer to take the process out.
 */
const READINESS_CHECK_TIMEOUT_MS = 2000;

/** The check's answer, false once it fails or has not answered within `timeoutMs`. */
function within(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answer = Promise.resolve()
    .then(check)
    .catch(() => false);
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers. /readyz: every registered part is ready (database reachable, migrations
 * applied, delivery worker running); 503 with the failing parts otherwise, within READINESS_CHECK_TIMEOUT_MS.
 * Registered as two routes on `router` (the app itself), not as a router of their own that every request
 * would enter and leave on its way to /v1.
 */
export function healthRoutes(
  router: IRouter,
  checks: Record<string, ReadinessCheck>,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): void {
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await within(check, timeoutMs)] as const),
    );
    const results = Object.fromEntries(entries);
    const ready = entries.every(([, ok]) => ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}
