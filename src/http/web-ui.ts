import express, { Router, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pageHeaders } from './page-headers.js';

/** Where `npm run build` puts the UI (Vite, base /ui/): dist/ui beside dist/src. */
export const UI_DIST_DIR = fileURLToPath(new URL('../../ui/', import.meta.url));

// Mantine sets inline style attributes, hence 'unsafe-inline' for styles only; scripts are files of ours;
// GraphiQL's Monaco editor runs its language services in workers made from blobs.
const uiHeaders = pageHeaders(["style-src 'self' 'unsafe-inline'", "worker-src 'self' blob:"]);

/**
 * GET / → /ui; /ui serves the built single-page app: hashed assets cached for good, every other path under
 * /ui is index.html (the router draws deep links such as /ui/accounts/…), never cached.
 */
export function webUiRouter(dir = UI_DIST_DIR): Router {
  const router = Router();
  const index = `${dir}index.html`;
  router.get('/', (_req, res) => res.redirect(302, '/ui/'));
  // Browsers ask every page's origin for an icon; the hub has none (the UI declares an empty one).
  router.get('/favicon.ico', (_req, res) => res.status(204).set('Cache-Control', 'max-age=86400').end());
  router.use('/ui', uiHeaders);
  router.use(
    '/ui/assets',
    express.static(`${dir}assets`, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use('/ui', express.static(dir, { index: false, redirect: false }));
  router.get(/^\/ui(\/.*)?$/, (_req: Request, res: Response) => {
    if (!existsSync(index)) {
      res.status(503).type('text').send('The web UI is not built: run `npm run build`.');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}
