import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { pageHeaders } from '../http/page-headers.js';
import { loadOpenApiDocument } from './openapi-document.js';
import { GUIDE_STYLESHEET, GUIDES_PATH, renderPartnerGuides } from './partner-guides.js';

// Swagger UI's page and its init script are files served here; its stylesheet and the page's own style block
// need 'unsafe-inline' for styles (no script is inline).
const docsHeaders = pageHeaders(["style-src 'self' 'unsafe-inline'"]);

/**
 * /docs/index.html: Swagger UI for this hub's own document, and /docs/guides/<slug>.html: the partner guides
 * (docs/guides), all with the page headers of the web UI. The index route is registered before swaggerUi.serve,
 * otherwise swagger-ui-dist's stock Petstore page is served there.
 */
export function docsRouter(publicBaseUrl: string): Router {
  const doc = loadOpenApiDocument(publicBaseUrl);
  const router = Router();
  router.use('/docs', docsHeaders);
  const page = swaggerUi.setup(doc, { customSiteTitle: 'Order Hub API' });
  router.get('/docs/openapi.json', (_req, res) => res.json(doc));
  router.get('/docs/index.html', page);
  const guides = renderPartnerGuides();
  router.get(`${GUIDES_PATH}/guide.css`, (_req, res) => res.type('text/css').send(GUIDE_STYLESHEET));
  router.get(`${GUIDES_PATH}/:page`, (req, res, next) => {
    const guide = guides.get(req.params.page.replace(/\.html$/, ''));
    if (!guide || !req.params.page.endsWith('.html')) return next();
    res.type('html').send(guide);
  });
  router.get('/docs', (_req, res) => res.redirect(301, '/docs/index.html'));
  router.use('/docs', swaggerUi.serve);
  return router;
}
