import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, NoSchemaIntrospectionCustomRule, validate, type GraphQLSchema } from 'graphql';
import type { Principal } from '../common/principal.js';
import type { CallerRateLimit } from '../http/rate-limit.js';
import type { GraphQLContext } from './context.js';
import { tooComplex } from './document-limits.js';
import { COST_PER_RATE_POINT, MAX_QUERY_COST } from './graphql-limits.js';
import { queryCost } from './query-cost.js';

export interface RequestLimitsOptions {
  production: boolean;
  rateLimit: CallerRateLimit;
}

/**
 * Introspection is for signed-in operators (the UI's GraphiQL, codegen) everywhere; partner applications
 * get none in production, and no "Did you mean" hints that would spell the schema out field by field.
 */
function introspectionAllowed(principal: Principal, production: boolean): boolean {
  return principal.type === 'user' || !production;
}

/**
 * What runs between validation and the first resolver (docs/contract.md "GraphQL"): introspection for those allowed
 * it, the operation's cost against MAX_QUERY_COST, and that cost charged to the caller's rate limit.
 */
export function requestLimits(options: RequestLimitsOptions): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart({ contextValue }) {
      // The web UI before sign-in has no caller: no introspection, nothing to charge (only viewer and signIn answer it).
      const principal = contextValue.signedIn() ? contextValue.ctx.principal : undefined;
      const introspection = principal !== undefined && introspectionAllowed(principal, options.production);
      return {
        async validationDidStart() {
          if (introspection) return;
          return async (errors) => {
            // As Apollo's own disableSuggestions plugin does.
            for (const error of errors ?? []) error.message = error.message.replace(/ ?Did you mean(.+?)\?$/, '');
          };
        },
        async didResolveOperation({ document, schema, request, operationName }) {
          if (!introspection) refuseIntrospection(schema, document);
          const cost = costOf(schema, document, operationName ?? undefined, request.variables);
          if (cost > MAX_QUERY_COST) {
            throw tooComplex(
              `This operation may return ${cost} records; the limit is ${MAX_QUERY_COST}. Ask for smaller pages or fewer fields.`,
              { cost, limit: MAX_QUERY_COST },
            );
          }
          // The request itself took one point at the door; the records it may return take the rest.
          if (!principal) return;
          const decision = await options.rateLimit.charge(principal, Math.ceil(cost / COST_PER_RATE_POINT) - 1);
          if (!decision.allowed) {
            throw new GraphQLError(
              `Too many requests: this operation's cost (${cost}) needs more of the rate limit than is left`,
              {
                extensions: {
                  code: 'rate_limited',
                  cost,
                  http: { status: 429, headers: new HeaderMap([['retry-after', String(decision.retryAfterSeconds)]]) },
                },
              },
            );
          }
        },
      };
    },
  };
}

function refuseIntrospection(schema: GraphQLSchema, document: Parameters<typeof validate>[1]): void {
  const [error] = validate(schema, document, [NoSchemaIntrospectionCustomRule]);
  if (error)
    throw new GraphQLError(error.message, {
      nodes: error.nodes,
      extensions: { code: 'validation_failed', http: { status: 400 } },
    });
}

function costOf(...args: Parameters<typeof queryCost>): number {
  try {
    return queryCost(...args);
  } catch (error) {
    // Variables that do not fit the operation: GraphQL's own coercion error, before anything runs.
    if (error instanceof GraphQLError)
      throw new GraphQLError(error.message, { extensions: { code: 'validation_failed', http: { status: 400 } } });
    throw error;
  }
}
