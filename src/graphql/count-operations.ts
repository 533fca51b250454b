import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { HubMetrics } from '../observability/metrics.js';
import type { GraphQLContext } from './context.js';

/**
 * Every operation counted by the schema field it asks for first (`Query.orders`; the name a client gives its
 * operation is its own choice, never a label) and its outcome: ok, or the contract code of its first error.
 */
export function countOperations(
  metrics: HubMetrics | undefined,
  schema: GraphQLSchema,
): ApolloServerPlugin<GraphQLContext> {
  metrics?.countGraphqlFields(rootFields(schema));
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, errors, response }) {
          if (!metrics) return;
          const body = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const code = body?.errors?.[0]?.extensions?.code ?? (errors?.length ? 'internal' : undefined);
          metrics.graphqlOperation(firstField(operation), code === undefined ? 'ok' : String(code));
        },
      };
    },
  };
}

/** `Query.orders`, `Mutation.placeOrder`, ...: every root field of the schema, introspection's included. */
function rootFields(schema: GraphQLSchema): string[] {
  const types = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return [
    ...types.flatMap((type) => (type ? Object.keys(type.getFields()).map((field) => `${type.name}.${field}`) : [])),
    ...['__schema', '__type', '__typename'].map((field) => `Query.${field}`),
  ];
}

/** The operation's first root field as `Type.field` (the metrics keep only the schema's). */
function firstField(operation: OperationDefinitionNode | undefined | null): string | undefined {
  const first = operation?.selectionSet.selections[0];
  if (!operation || first?.kind !== Kind.FIELD) return undefined;
  const type = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' }[operation.operation];
  return `${type}.${first.name.value}`;
}
