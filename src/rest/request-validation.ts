import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { ValidationError, type FieldError } from '../common/errors.js';
import { fieldErrors } from '../shapes/field-errors.js';
import { resolveRef, type JsonSchema, type OpenApiDocument } from '../shapes/openapi-source.js';
import type { SchemaValidator } from '../shapes/schema-validator.js';
import {
  MalformedPath,
  type DocumentedOperation,
  type DocumentedOperations,
  type DocumentedParameter,
} from './operations.js';
import { MethodNotAllowed, NoSuchEndpoint } from './route-errors.js';

// Every /v1 request is checked against the operation openapi.yaml documents for it, before any route runs: its
// path, query and header parameters and its JSON body, with ajv's validators compiled once from the document.
// A request the document does not describe is refused (404, 405, or 400 naming every bad value); what passes
// has the document's defaults filled into its body. Query and path parameters arrive as text and are read as
// the type their schema gives (`limit=5` is the integer 5 to the check); the routes read the text themselves.

/** The documented operation a request was matched to (logs and metric labels read its template). */
export interface DocumentedRequest extends Request {
  operation?: DocumentedOperation;
}

type Coercion = 'number' | 'boolean' | 'array' | 'none';

interface CheckedParameter extends DocumentedParameter {
  validate: ValidateFunction;
  coercion: Coercion;
}

interface Plan {
  parameters: CheckedParameter[];
  queryNames: Set<string>;
  body: { validate: ValidateFunction; required: boolean } | undefined;
}

function typesOf(doc: OpenApiDocument, schema: JsonSchema): string[] {
  const resolved = resolveRef<JsonSchema>(doc, schema);
  const type = resolved.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type as string[];
  const branches = (resolved.allOf ?? resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  return branches ? branches.flatMap((branch) => typesOf(doc, branch)) : [];
}

function coercionOf(doc: OpenApiDocument, schema: JsonSchema): Coercion {
  const types = typesOf(doc, schema);
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('array')) return 'array';
  return 'none';
}

const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A parameter's text as its schema's type, where it reads as one; else unchanged (the check then says why). */
function coerce(value: unknown, coercion: Coercion): unknown {
  if (typeof value !== 'string') return value;
  switch (coercion) {
    case 'number':
      return NUMBER_TEXT.test(value) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'array':
      return [value];
    default:
      return value;
  }
}

function rawValue(req: Request, query: Record<string, unknown>, p: DocumentedParameter, path: Record<string, string>) {
  if (p.in === 'path') return path[p.name];
  if (p.in === 'query') return query[p.name];
  return req.headers[p.name.toLowerCase()];
}

export function requestValidation(
  doc: OpenApiDocument,
  operations: DocumentedOperations,
  validator: SchemaValidator,
): RequestHandler {
  const plans = new WeakMap<DocumentedOperation, Plan>();
  const planOf = (operation: DocumentedOperation): Plan => {
    let plan = plans.get(operation);
    if (!plan) {
      const parameters = operation.parameters.map((p) => ({
        ...p,
        validate: validator.schema(p.schema),
        coercion: coercionOf(doc, p.schema),
      }));
      plan = {
        parameters,
        queryNames: new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name)),
        body: operation.body && {
          validate: validator.schema(operation.body.schema),
          required: operation.body.required,
        },
      };
      plans.set(operation, plan);
    }
    return plan;
  };

  return (req: Request, _res: Response, next: NextFunction) => {
    let found;
    try {
      found = operations.find(req.method, req.path);
    } catch (error) {
      if (error instanceof MalformedPath) throw ValidationError.field(req.path, 'has a malformed percent-escape');
      throw error;
    }
    if (found === undefined) throw new NoSuchEndpoint();
    if ('allow' in found) throw new MethodNotAllowed(found.allow);
    const { operation, pathParams } = found;
    (req as DocumentedRequest).operation = operation;
    req.params = pathParams;
    const plan = planOf(operation);
    const problems: FieldError[] = [];
    const query = req.query as Record<string, unknown>;
    for (const name of Object.keys(query))
      if (!plan.queryNames.has(name)) problems.push({ path: name, message: `Unknown query parameter '${name}'` });
    for (const p of plan.parameters) {
      const value = rawValue(req, query, p, pathParams);
      if (value === undefined) {
        if (p.required) problems.push({ path: p.name, message: `must have required property '${p.name}'` });
        continue;
      }
      if (p.in === 'query' && value === '' && !p.allowEmptyValue) {
        problems.push({ path: p.name, message: `Empty value found for query parameter '${p.name}'` });
        continue;
      }
      if (!p.validate(coerce(value, p.coercion))) problems.push(...fieldErrors(p.validate.errors ?? [], p.name));
    }
    if (plan.body) {
      if (req.body === undefined) {
        if (plan.body.required) problems.push({ path: '/', message: 'is required: send a JSON body' });
      } else if (!plan.body.validate(req.body)) {
        problems.push(...fieldErrors(plan.body.validate.errors ?? []));
      }
    }
    if (problems.length > 0) throw ValidationError.fields(problems);
    next();
  };
}
