import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../../src/shapes/openapi-source.js';

// Checks a JSON value against a schema of openapi/openapi.yaml, two ways: JSON Schema validation (types,
// required fields, enums, formats) and documentation, which validation alone does not give: an object whose
// schema lists its properties may carry no property the schema does not name, even where the document leaves
// objects open for partners (consumers ignore unknown fields, so the hub may add fields within v1, but each
// one it adds must be written down first). Objects whose schema lists no properties (credentials, an
// address carried as sent) are free-form.

// ajv-formats is CommonJS with its function as `default`; under NodeNext the import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  [keyword: string]: unknown;
};

export interface HeaderParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}

interface WebhookOperation {
  summary: string;
  parameters: (HeaderParameter | { $ref: string })[];
  requestBody: { content: { 'application/json': { schema: Schema; examples?: Record<string, unknown> } } };
  responses: Record<
    string,
    { content?: { 'application/json': { schema: Schema; examples?: Record<string, unknown> } } }
  >;
}

export interface OpenApiDocument {
  openapi: string;
  webhooks: Record<string, { post: WebhookOperation }>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

function loadOpenApi(): OpenApiDocument {
  return openApiDocument() as unknown as OpenApiDocument;
}

const DOC_ID = 'openapi.yaml';

export class DocumentedShapes {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDocument = loadOpenApi()) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(doc, DOC_ID);
  }

  /** The local `$ref` (`#/components/...`) resolved, repeatedly; anything else as it is. */
  resolve<T>(node: T | { $ref: string }): T {
    let current: unknown = node;
    while (current && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string') {
      const ref = (current as { $ref: string }).$ref;
      if (!ref.startsWith('#/')) throw new Error(`only local references are followed: ${ref}`);
      current = ref
        .slice(2)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], this.doc);
      if (current === undefined) throw new Error(`${ref} names nothing in openapi.yaml`);
    }
    return current as T;
  }

  /**
   * What is wrong with `value` as the schema at `pointer` (a JSON pointer into the document, such as
   * `/webhooks/ORDER_CREATED/post/requestBody/content/application~1json/schema`): validation errors and
   * undocumented properties, each with its JSON path. Empty when the value is what the document says.
   */
  problems(pointer: string, value: unknown): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.validators.set(pointer, validate);
    }
    const invalid = validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} (${e.schemaPath})`);
    const schema = this.resolve<Schema>({ $ref: `#${pointer}` });
    return [...invalid, ...undocumentedProperties(this, [schema], value, '').map((p) => `${p} is not documented`)];
  }
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value;

/** The schema with its allOf parts, references resolved, flattened. */
function parts(shapes: DocumentedShapes, schema: Schema): Schema[] {
  const resolved = shapes.resolve<Schema>(schema);
  return [resolved, ...(resolved.allOf ?? []).flatMap((part) => parts(shapes, part))];
}

function admits(shapes: DocumentedShapes, schema: Schema, value: unknown): boolean {
  const type = jsonType(value);
  return parts(shapes, schema).every((part) => {
    if (part.type === undefined) return true;
    const types = [part.type].flat();
    return types.includes(type) || (type === 'number' && types.includes('integer') && Number.isInteger(value));
  });
}

/** JSON paths of the properties in `value` that the schemas (all of which apply) do not name. */
function undocumentedProperties(shapes: DocumentedShapes, schemas: Schema[], value: unknown, path: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  const all = schemas.flatMap((schema) => parts(shapes, schema));
  const choice = all.find((part) => part.anyOf ?? part.oneOf);
  if (choice) {
    // The value is documented when one alternative (of a type the value has) documents it with the rest.
    const others = all.filter((part) => part !== choice).map(({ anyOf: _a, oneOf: _o, ...rest }) => rest);
    let fewest: string[] | null = null;
    for (const branch of (choice.anyOf ?? choice.oneOf)!) {
      if (!admits(shapes, branch, value)) continue;
      const found = undocumentedProperties(shapes, [...others, branch], value, path);
      if (fewest === null || found.length < fewest.length) fewest = found;
      if (found.length === 0) break;
    }
    return fewest ?? [];
  }
  if (Array.isArray(value)) {
    const items = all.flatMap((part) => (part.items ? [part.items] : []));
    return items.length === 0
      ? []
      : value.flatMap((element, i) => undocumentedProperties(shapes, items, element, `${path}/${i}`));
  }
  const named = new Map<string, Schema[]>();
  const extra: Schema[] = [];
  let listed = false;
  let open = false;
  for (const part of all) {
    for (const [name, schema] of Object.entries(part.properties ?? {})) {
      listed = true;
      named.set(name, [...(named.get(name) ?? []), schema]);
    }
    if (part.additionalProperties === true) open = true;
    else if (part.additionalProperties === false) listed = true;
    else if (part.additionalProperties) extra.push(part.additionalProperties);
  }
  if (!listed && extra.length === 0) return [];
  return Object.entries(value).flatMap(([name, property]) => {
    const at = `${path}/${name}`;
    const schemasOf = named.get(name) ?? extra;
    if (schemasOf.length > 0) return undocumentedProperties(shapes, schemasOf, property, at);
    return open ? [] : [at];
  });
}
