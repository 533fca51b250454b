import { timingSafeEqual, createHash } from 'node:crypto';
import type { IRouter } from 'express';
import type { HubMetrics } from '../observability/metrics.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN as its bearer token. Without
 * the setting there is no such endpoint (404): process figures are not published by default. Registered on
 * `router` (the app itself): without the setting, nothing at all, rather than an empty router every request
 * passes through.
 */
export function metricsRoute(router: IRouter, metrics: HubMetrics, token: string | undefined): void {
  if (!token) return;
  const expected = sha256(token);
  router.get('/metrics', async (req, res, next) => {
    const given = /^Bearer (.+)$/.exec(req.header('authorization') ?? '')?.[1];
    // Hashes compared in constant time: equal lengths whatever was sent.
    if (!given || !timingSafeEqual(sha256(given), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).type('text/plain').send('a bearer token (METRICS_TOKEN) is required\n');
      return;
    }
    try {
      const { contentType, body } = await metrics.scrape();
      res.type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  });
}
