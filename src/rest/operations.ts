import {
  HTTP_METHODS,
  isRef,
  resolveRef,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from '../shapes/openapi-source.js';

// The operations openapi.yaml documents, as the REST edge looks them up: each path template compiled once to a
// regular expression, and the paths indexed by how many segments they have, so that a request is tried only
// against the templates of its own length (an order's GET against five, not forty). Matching is as express
// routes it: any case, a trailing slash aside. A concrete segment wins over a parameter (`/users/me` before
// `/users/{userId}`), as OpenAPI says.

export interface DocumentedParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  allowEmptyValue: boolean;
  schema: JsonSchema;
}

export interface DocumentedOperation {
  method: string;
  /** The path as the document writes it: `/v1/accounts/{accountId}` (logs and metric labels use it). */
  template: string;
  operationId: string | undefined;
  parameters: DocumentedParameter[];
  /** The JSON request body's schema, if the operation takes one. */
  body: { schema: JsonSchema; required: boolean } | undefined;
  /** The JSON schema of each documented answer, by status code (`200`, `default`). */
  responses: Map<string, JsonSchema | undefined>;
}

interface DocumentedPath {
  template: string;
  pattern: RegExp;
  names: string[];
  literalSegments: number;
  operations: Map<string, DocumentedOperation>;
}

export interface FoundOperation {
  operation: DocumentedOperation;
  pathParams: Record<string, string>;
}

/** A path parameter whose percent-escapes do not decode. */
export class MalformedPath extends Error {}

/** How many segments a path has, a trailing slash aside. */
export function segmentCount(path: string): number {
  let count = 0;
  const end = path.length > 1 && path.endsWith('/') ? path.length - 1 : path.length;
  for (let i = 0; i < end; i++) if (path.charCodeAt(i) === 47 /* / */) count++;
  return count;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileTemplate(template: string): Pick<DocumentedPath, 'pattern' | 'names' | 'literalSegments'> {
  const names: string[] = [];
  let literalSegments = 0;
  const source = template
    .split('/')
    .map((segment) => {
      if (!segment.includes('{')) {
        if (segment) literalSegments++;
        return escapeRegExp(segment);
      }
      return segment
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const param = /^\{([^}]+)\}$/.exec(part);
          if (!param) return escapeRegExp(part);
          names.push(param[1]);
          return '([^/]+?)';
        })
        .join('');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}\\/?$`, 'i'), names, literalSegments };
}

function parametersOf(doc: OpenApiDocument, list: OpenApiOperation['parameters']): DocumentedParameter[] {
  return (list ?? []).map((entry) => {
    const p = resolveRef<OpenApiParameter>(doc, entry);
    if (p.in === 'cookie') throw new Error(`openapi.yaml: cookie parameter ${p.name} is not supported`);
    return {
      name: p.name,
      in: p.in,
      required: p.required === true || p.in === 'path',
      allowEmptyValue: p.allowEmptyValue === true,
      schema: p.schema ?? {},
    };
  });
}

/** Operation-level parameters replace path-level ones of the same name and place. */
function mergedParameters(pathLevel: DocumentedParameter[], own: DocumentedParameter[]): DocumentedParameter[] {
  const key = (p: DocumentedParameter) => `${p.in}:${p.name.toLowerCase()}`;
  const replaced = new Set(own.map(key));
  return [...pathLevel.filter((p) => !replaced.has(key(p))), ...own];
}

function jsonSchemaOf(content: unknown): JsonSchema | undefined {
  const media = content as Record<string, { schema?: JsonSchema }> | undefined;
  if (!media) return undefined;
  const json = Object.entries(media).find(([type]) => /^application\/([a-z.+-]*\+)?json$/i.test(type));
  return json?.[1].schema;
}

function operationOf(
  doc: OpenApiDocument,
  method: string,
  template: string,
  raw: OpenApiOperation,
  pathLevel: DocumentedParameter[],
): DocumentedOperation {
  const requestBody = raw.requestBody && resolveRef(doc, raw.requestBody);
  const bodySchema = requestBody ? jsonSchemaOf(requestBody.content) : undefined;
  const responses = new Map<string, JsonSchema | undefined>();
  for (const [status, response] of Object.entries(raw.responses ?? {}))
    responses.set(status, jsonSchemaOf(resolveRef<{ content?: unknown }>(doc, response as object).content));
  return {
    method: method.toUpperCase(),
    template,
    operationId: raw.operationId,
    parameters: mergedParameters(pathLevel, parametersOf(doc, raw.parameters)),
    body: bodySchema ? { schema: bodySchema, required: requestBody?.required === true } : undefined,
    responses,
  };
}

export class DocumentedOperations {
  private readonly byLength = new Map<number, DocumentedPath[]>();

  constructor(doc: OpenApiDocument) {
    for (const [template, item] of Object.entries(doc.paths)) {
      const pathLevel = parametersOf(doc, item.parameters);
      const operations = new Map<string, DocumentedOperation>();
      for (const method of HTTP_METHODS) {
        const raw = item[method] as OpenApiOperation | undefined;
        if (raw && !isRef(raw))
          operations.set(method.toUpperCase(), operationOf(doc, method, template, raw, pathLevel));
      }
      const path: DocumentedPath = { template, operations, ...compileTemplate(template) };
      const length = segmentCount(template);
      const list = this.byLength.get(length) ?? [];
      list.push(path);
      this.byLength.set(length, list);
    }
    // Concrete before templated; otherwise the document's order.
    for (const list of this.byLength.values()) list.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /**
   * The operation `method path` names with its path parameters decoded; the methods the path has when it is
   * documented but not with this method; undefined when no documented path matches. MalformedPath when a path
   * parameter does not decode.
   */
  find(method: string, path: string): FoundOperation | { allow: string[] } | undefined {
    for (const candidate of this.byLength.get(segmentCount(path)) ?? []) {
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const operation = candidate.operations.get(method);
      if (!operation) return { allow: [...candidate.operations.keys()] };
      const pathParams: Record<string, string> = {};
      try {
        candidate.names.forEach((name, i) => (pathParams[name] = decodeURIComponent(match[i + 1])));
      } catch {
        throw new MalformedPath();
      }
      return { operation, pathParams };
    }
    return undefined;
  }

  /** Every documented operation (tests and benches walk them). */
  *all(): Iterable<DocumentedOperation> {
    for (const list of this.byLength.values()) for (const path of list) yield* path.operations.values();
  }
}
