import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** openapi/openapi.yaml at the top of the repository: the validator and /docs both read this file. */
export const OPENAPI_PATH = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));

export function loadOpenApiDocument(publicBaseUrl: string): Record<string, unknown> {
  const doc = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Record<string, unknown>;
  // Swagger UI's "Try it out" should call this hub, wherever it runs.
  return { ...doc, servers: [{ url: publicBaseUrl, description: 'This hub' }] };
}
