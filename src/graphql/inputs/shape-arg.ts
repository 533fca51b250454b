import { Arg } from 'type-graphql';
import type { ShapeName } from '../../shapes/shape.js';
import { check, schemaValidator } from '../../shapes/schema-validator.js';
import { shapeInput } from './shape-inputs.js';

/**
 * A mutation's argument that takes the openapi.yaml shape `component`: its GraphQL input type is built from
 * the document (shape-inputs.ts), and its value is checked against the document before the resolver runs, by
 * the same validator as REST's: the same problems, named by the same JSON paths, and the document's defaults
 * filled in. GraphQL's null is JSON's null, under the same rules as a REST body's.
 */
export function ShapeArg(name: string, component: ShapeName, description?: string) {
  // Built now, while the resolver's class is declared: type-graphql reads its metadata when the schema is built.
  const type = shapeInput(component);
  return Arg(name, () => type, {
    description,
    validateFn: (value: unknown) => check(schemaValidator().component(component), value),
  });
}
