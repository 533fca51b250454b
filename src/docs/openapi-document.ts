import { openApiDocument } from '../shapes/openapi-source.js';

/** openapi.yaml as /docs serves it: the document the validator reads, with this hub as its server. */
export function loadOpenApiDocument(publicBaseUrl: string): Record<string, unknown> {
  // Swagger UI's "Try it out" should call this hub, wherever it runs.
  return { ...openApiDocument(), servers: [{ url: publicBaseUrl, description: 'This hub' }] };
}
