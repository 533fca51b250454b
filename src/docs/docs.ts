import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { pageHeaders } from '../http/page-headers.js';
import { loadOpenApiDocument } from './openapi-document.js';

// Swagger UI's page and its init script are files served here; its stylesheet and the page's own style block
// need 'unsafe-inline' for styles (no script is inline).
const docsHeaders = pageHeaders(["style-src 'self' 'unsafe-inline'"]);

/**
 * /docs/index.html: Swagger UI for this hub's own document, with the page headers of the web UI. The index
 * route is registered before swaggerUi.serve, otherwise swagger-ui-dist's stock Petstore page is served there.
 */
export function docsRouter(publicBaseUrl: string): Router {
  const doc = loadOpenApiDocument(publicBaseUrl);
  const router = Router();
  router.use('/docs', docsHeaders);
  const page = swaggerUi.setup(doc, { customSiteTitle: 'Order Hub API' });
  router.get('/docs/openapi.json', (_req, res) => res.json(doc));
  router.get('/docs/index.html', page);
  router.get('/docs', (_req, res) => res.redirect(301, '/docs/index.html'));
  router.use('/docs', swaggerUi.serve);
  return router;
}
