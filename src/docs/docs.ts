import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { loadOpenApiDocument } from './openapi-document.js';

/**
 * /docs/index.html: Swagger UI for this hub's own document. The index route is registered before
 * swaggerUi.serve, otherwise swagger-ui-dist's stock Petstore page is served there.
 */
export function docsRouter(publicBaseUrl: string): Router {
  const doc = loadOpenApiDocument(publicBaseUrl);
  const router = Router();
  const page = swaggerUi.setup(doc, { customSiteTitle: 'Order Hub API' });
  router.get('/docs/openapi.json', (_req, res) => res.json(doc));
  router.get('/docs/index.html', page);
  router.get('/docs', (_req, res) => res.redirect(301, '/docs/index.html'));
  router.use('/docs', swaggerUi.serve);
  return router;
}
