import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { OPENAPI_PATH } from '../docs/openapi-document.js';

// openapi/openapi.yaml is where every request and response shape is declared. Everything that checks or types
// a shape reads it from here: the validator, the REST operations, the GraphQL input types.

/** A JSON Schema (an OpenAPI Schema Object) as written in the document. */
export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  allowEmptyValue?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  operationId?: string;
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | { $ref: string };
  responses?: Record<string, unknown>;
}

type OpenApiPathItem = Record<string, unknown> & { parameters?: (OpenApiParameter | { $ref: string })[] };

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters?: Record<string, OpenApiParameter>;
    responses?: Record<string, unknown>;
    requestBodies?: Record<string, unknown>;
  };
}

/** The HTTP methods a path item may document, in the order Allow lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

let document: OpenApiDocument | undefined;

/** openapi.yaml, parsed once per process. Shared by every reader: nothing may change it. */
export function openApiDocument(): OpenApiDocument {
  document ??= parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
  return document;
}

const LOCAL_REF = /^#\/components\/([^/]+)\/(.+)$/;

/** The object a local `$ref` (`#/components/<kind>/<name>`) names, followed until it is not a $ref. */
export function resolveRef<T>(doc: OpenApiDocument, value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let hops = 0; isRef(current); hops++) {
    const match = LOCAL_REF.exec(current.$ref);
    const target =
      match && (doc.components as Record<string, Record<string, unknown> | undefined>)[match[1]]?.[match[2]];
    if (!target || hops > 32) throw new Error(`openapi.yaml: cannot resolve ${current.$ref}`);
    current = target;
  }
  return current as T;
}

export function isRef(value: unknown): value is { $ref: string } {
  return typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';
}

/** The component schema name a `$ref` names (`#/components/schemas/PlaceOrder` → PlaceOrder), else undefined. */
export function schemaRefName(value: unknown): string | undefined {
  if (!isRef(value)) return undefined;
  const match = LOCAL_REF.exec(value.$ref);
  return match?.[1] === 'schemas' ? match[2] : undefined;
}
