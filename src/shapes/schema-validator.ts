import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { ValidationError } from '../common/errors.js';
import { fieldErrors } from './field-errors.js';
import { openApiDocument, type JsonSchema, type OpenApiDocument } from './openapi-source.js';
import type { Shape, ShapeName } from './shape.js';

// One ajv instance for the document's schemas, each compiled once, on first use, for the life of the process.
// ajv's public API compiles a schema to a plain function; a /v1 request or a GraphQL input runs that function
// and nothing else. Options, and why:
// - allErrors: an answer names every problem at once.
// - useDefaults: a `default` in the document is filled in (an order option's quantity 1), so the code reads it
//   instead of restating it.
// - strictSchema: a keyword the validator does not know (a typo in the document, `minlenght`) fails at start-up
//   instead of checking nothing. OpenAPI's own keywords beside JSON Schema's, and x-graphql-enum (the GraphQL
//   enum a pattern-checked value is written as, src/graphql/inputs/shape-inputs.ts), are declared as known.
// - The document's OpenAPI version decides nothing here: JSON Schema 2020-12 (OpenAPI 3.1) reads 3.0's schemas
//   too, `nullable` included.

const ID = 'openapi.yaml';
const OPENAPI_KEYWORDS = ['example', 'discriminator', 'xml', 'externalDocs', 'x-graphql-enum'];
const COMPONENT_REF = '#/components/schemas/';

/** A copy of `schema` whose component $refs point into the validator's copy of the components. */
function withValidatorRefs(schema: unknown, prefix: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withValidatorRefs(s, prefix));
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)
        ? `${prefix}${value.slice(COMPONENT_REF.length)}`
        : withValidatorRefs(value, prefix);
  }
  return copy;
}

export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly components = new Map<string, ValidateFunction>();
  private readonly inline = new WeakMap<JsonSchema, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    this.ajv = new Ajv2020({
      allErrors: true,
      useDefaults: true,
      strictSchema: true,
      strictNumbers: true,
      strictTypes: false,
      strictTuples: false,
      strictRequired: false,
      allowUnionTypes: true,
    });
    formats.default(this.ajv, { mode: 'full' });
    this.ajv.addVocabulary(OPENAPI_KEYWORDS);
    this.ajv.addSchema({ $id: ID, $defs: withValidatorRefs(doc.components.schemas, '#/$defs/') });
  }

  /** The compiled check of the component schema `name`. */
  component(name: string): ValidateFunction {
    let validate = this.components.get(name);
    if (!validate) {
      validate = this.ajv.getSchema(`${ID}#/$defs/${name}`);
      if (!validate) throw new Error(`openapi.yaml has no schema named ${name}`);
      this.components.set(name, validate);
    }
    return validate;
  }

  /** The compiled check of a schema written inline in the document (an operation's parameter or body). */
  schema(schema: JsonSchema): ValidateFunction {
    let validate = this.inline.get(schema);
    if (!validate) {
      validate = this.ajv.compile(withValidatorRefs(schema, `${ID}#/$defs/`) as JsonSchema);
      this.inline.set(schema, validate);
    }
    return validate;
  }

  /** Compiles every component now: a broken document stops the process at start-up, not at its first use. */
  compileAll(doc: OpenApiDocument): void {
    for (const name of Object.keys(doc.components.schemas)) this.component(name);
  }
}

/** Runs `validate` on `value`; a ValidationError naming every problem (under `basePath`) when it fails. */
export function check(validate: ValidateFunction, value: unknown, basePath = ''): void {
  if (!validate(value)) throw ValidationError.fields(fieldErrors(validate.errors ?? [], basePath));
}

let shared: SchemaValidator | undefined;

/** The process's validator over openapi.yaml. */
export function schemaValidator(): SchemaValidator {
  shared ??= new SchemaValidator(openApiDocument());
  return shared;
}

/**
 * `value` checked against the component schema `name` of openapi.yaml, defaults filled in, or a ValidationError
 * naming every problem by JSON path: for a shape that arrives other than as a request (a POS's answer to a
 * catalog pull). Requests are checked at the edge (src/rest/request-validation.ts, src/graphql/inputs).
 */
export function checkShape<N extends ShapeName>(name: N, value: unknown, basePath = ''): Shape<N> {
  check(schemaValidator().component(name), value, basePath);
  return value as Shape<N>;
}
