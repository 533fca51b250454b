import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

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

/** openapi/openapi.yaml at the top of the repository. */
export const OPENAPI_PATH = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));

/**
 * The build's copy of openapi.yaml as JSON (dist/openapi.json, written by src/shapes/build-document.ts), made
 * only once every schema in it compiled. Parsing 240 KB of YAML costs a process start about 150 ms of CPU and
 * reading the JSON a tenth of that, which counts where many hubs start (each test file starts its own).
 */
export const BUILT_DOCUMENT_PATH = fileURLToPath(new URL('../../openapi.json', import.meta.url));

interface LoadedDocument {
  doc: OpenApiDocument;
  /** True when read from the build's copy, whose every schema is known to compile. */
  checkedByBuild: boolean;
}

let loaded: LoadedDocument | undefined;

const modifiedAt = (path: string): number | undefined => statSync(path, { throwIfNoEntry: false })?.mtimeMs;

function load(): LoadedDocument {
  const built = modifiedAt(BUILT_DOCUMENT_PATH);
  // The YAML edited since the build (or no build): it is what the hub serves, read as it is now.
  if (built === undefined || built < (modifiedAt(OPENAPI_PATH) ?? Infinity))
    return { doc: parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument, checkedByBuild: false };
  return { doc: JSON.parse(readFileSync(BUILT_DOCUMENT_PATH, 'utf8')) as OpenApiDocument, checkedByBuild: true };
}

/** openapi.yaml, read once per process. Shared by every reader: nothing may change it. */
export function openApiDocument(): OpenApiDocument {
  loaded ??= load();
  return loaded.doc;
}

/** Whether the document was read from the build's copy, whose schemas the build compiled (see above). */
export function openApiDocumentCheckedByBuild(): boolean {
  loaded ??= load();
  return loaded.checkedByBuild;
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
