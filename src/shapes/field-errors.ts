import type { ErrorObject } from 'ajv/dist/2020.js';
import type { FieldError } from '../common/errors.js';

// What the validator found, as the hub answers it: one FieldError per problem, each naming the JSON path of
// the value (a missing or unknown property is named itself: /items/0/name, not /items/0), with ajv's message.

/** RFC 6901: a property name as one segment of a JSON path. */
function segment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pathOf(error: ErrorObject, basePath: string): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const property = params.missingProperty ?? params.additionalProperty;
  const path = basePath + error.instancePath + (property === undefined ? '' : `/${segment(property)}`);
  return path || '/';
}

function messageOf(error: ErrorObject): string {
  const message = error.message ?? `fails ${error.keyword}`;
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  return error.keyword === 'enum' && allowed ? `${message}: ${allowed.join(', ')}` : message;
}

/**
 * A value that matches none of an `anyOf`/`oneOf`'s alternatives gets an error from each alternative and then
 * one for the whole (ajv reports them in that order, the alternatives' right before the whole's). The
 * alternatives' complaints about the value itself ("must be string") say nothing the whole's does not; a
 * complaint from inside one (a property of the object form) says what is wrong, and then the whole's is noise.
 */
function withoutAlternativesNoise(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  errors.forEach((choice, index) => {
    if (choice.keyword !== 'anyOf' && choice.keyword !== 'oneOf') return;
    const at = pathOf(choice, '');
    const within = (e: ErrorObject) =>
      e.instancePath === choice.instancePath || e.instancePath.startsWith(`${choice.instancePath}/`);
    let first = index;
    while (first > 0 && within(errors[first - 1])) first--;
    const alternatives = errors.slice(first, index);
    const deeper = alternatives.filter((e) => pathOf(e, '') !== at);
    for (const e of alternatives) if (!deeper.includes(e)) dropped.add(e);
    if (deeper.length > 0) dropped.add(choice);
  });
  return errors.filter((e) => !dropped.has(e));
}

/** ajv's errors as field errors, their paths under `basePath` (a JSON path, or a parameter's name). */
export function fieldErrors(errors: readonly ErrorObject[], basePath = ''): FieldError[] {
  return withoutAlternativesNoise([...errors]).map((e) => ({ path: pathOf(e, basePath), message: messageOf(e) }));
}
