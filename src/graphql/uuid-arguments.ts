import type { ApolloServerPlugin } from '@apollo/server';
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  GraphQLError,
  GraphQLID,
  isInputObjectType,
  isListType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FieldNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { isUuid } from '../common/ids.js';
import type { GraphQLContext } from './context.js';

// Every record id of the hub is a UUID, and every GraphQL argument or input field of type ID names one. A value
// that is not a UUID would reach PostgreSQL as a uuid cast and fail there (an `internal` error and a logged
// database exception); REST refuses it at the edge with 400 (format: uuid). So does this, before any resolver
// runs, naming the argument: one walk of the operation, arguments coerced with the request's variables.

export function uuidArguments(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          const where = operation && firstNonUuid(schema, document, operation, request.variables ?? {});
          if (where)
            throw new GraphQLError(`${where} must be a UUID`, {
              extensions: { code: 'validation_failed', http: { status: 400 } },
            });
        },
      };
    },
  };
}

/** `Argument "id" of "account"`, `Argument "input.productIds[1]" of "createMenu"`, or undefined when all are UUIDs. */
export function firstNonUuid(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): string | undefined {
  const typeInfo = new TypeInfo(schema);
  let found: string | undefined;
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  for (const root of [operation, ...fragments]) {
    visit(
      root,
      visitWithTypeInfo(typeInfo, {
        Field(node: FieldNode) {
          const field = typeInfo.getFieldDef();
          if (found || !field || field.args.length === 0) return;
          let values: Record<string, unknown>;
          try {
            values = getArgumentValues(field, node, variables);
          } catch {
            return; // A value that does not fit its type at all: execution reports it, as GraphQL does.
          }
          for (const arg of field.args) {
            const path = nonUuidIn(values[arg.name], arg.type, arg.name);
            if (path) {
              found = `Argument "${path}" of "${node.name.value}"`;
              return;
            }
          }
        },
      }),
    );
    if (found) return found;
  }
  return undefined;
}

/** The path of the first ID in value that is not a UUID, walking lists and input objects by their types. */
function nonUuidIn(value: unknown, type: GraphQLInputType, path: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return nonUuidIn(value, nullable.ofType, path);
    for (const [i, item] of value.entries()) {
      const inner = nonUuidIn(item, nullable.ofType, `${path}[${i}]`);
      if (inner) return inner;
    }
    return undefined;
  }
  if (isInputObjectType(nullable)) {
    const fields = nullable.getFields();
    for (const [name, field] of Object.entries(fields)) {
      const inner = nonUuidIn((value as Record<string, unknown>)[name], field.type, `${path}.${name}`);
      if (inner) return inner;
    }
    return undefined;
  }
  return getNamedType(nullable) === GraphQLID && !isUuid(String(value)) ? path : undefined;
}
