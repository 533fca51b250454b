import {
  GraphQLError,
  OperationTypeNode,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { depthLimit } from './depth-limit.js';
import { documentLimits } from './document-limits.js';
import { MAX_INTROSPECTION_DEPTH, MAX_QUERY_DEPTH, MAX_TOKENS } from './graphql-limits.js';
import { firstNonUuid } from './uuid-arguments.js';

// What a subscribe message must be before anything runs for it: the document rules of HTTP requests
// (graphql.ts: bounded parsing, aliases, operations, depth, UUID ids), and a subscription, since queries and
// mutations stay on HTTP, where their cost rules apply.

const RULES = [...specifiedRules, documentLimits, depthLimit(MAX_QUERY_DEPTH, MAX_INTROSPECTION_DEPTH)];

const contractError = (message: string) => new GraphQLError(message, { extensions: { code: 'validation_failed' } });

export interface SubscribePayload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/** The parsed document, or the errors that refuse it (validation_failed). */
export function subscriptionDocument(
  schema: GraphQLSchema,
  payload: SubscribePayload,
): { document: DocumentNode } | { errors: GraphQLError[] } {
  let document: DocumentNode;
  try {
    document = parse(payload.query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    return { errors: [contractError((error as Error).message)] };
  }
  const errors = validate(schema, document, RULES);
  if (errors.length > 0) return { errors: errors.map((e) => contractError(e.message)) };
  const operation = getOperationAST(document, payload.operationName);
  if (operation?.operation !== OperationTypeNode.SUBSCRIPTION)
    return {
      errors: [
        contractError('Only subscriptions are served over WebSocket; send queries and mutations to POST /graphql'),
      ],
    };
  // Ids are UUIDs, refused at the edge as over HTTP (uuid-arguments.ts).
  const notUuid = firstNonUuid(schema, document, operation, payload.variables ?? {});
  if (notUuid) return { errors: [contractError(`${notUuid} must be a UUID`)] };
  return { document };
}
