import type { Request } from 'express';
import { getOperationAST, parse, type OperationDefinitionNode } from 'graphql';
import { MAX_TOKENS } from '../graphql/graphql-limits.js';

// Which requests go first when the hub is short of capacity (issue 18, src/http/admission.ts): orders being
// placed and moved through their statuses (and the store being paused or reopened) are what a dinner rush
// is made of, and a partner cannot put them off; catalog imports and pulls, menu publications and GraphQL
// reads can come back a minute later. Everything else is in between.

export type Priority = 'urgent' | 'normal' | 'low';

const LOCATION = '^/v1/accounts/[^/]+/locations/[^/]+';
const REST_RULES: { method: string; path: RegExp; priority: Priority }[] = [
  { method: 'POST', path: new RegExp(`${LOCATION}/orders/?$`), priority: 'urgent' },
  { method: 'PATCH', path: new RegExp(`${LOCATION}/orders/[^/]+/?$`), priority: 'urgent' },
  { method: 'PUT', path: new RegExp(`${LOCATION}/store-status/?$`), priority: 'urgent' },
  { method: 'PUT', path: new RegExp(`${LOCATION}/catalog/import/?$`), priority: 'low' },
  { method: 'POST', path: new RegExp(`${LOCATION}/connections/[^/]+/pull/?$`), priority: 'low' },
  { method: 'POST', path: new RegExp(`${LOCATION}/menus/[^/]+/publications/?$`), priority: 'low' },
];

/** Answered whatever the load: health for balancers and orchestrators, metrics to see the overload. */
const ALWAYS_ANSWERED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The priority a request is admitted with as it arrives; undefined for those not admitted there: health and
 * metrics (always answered) and /graphql (admitted once its body is parsed, src/graphql/graphql.ts).
 */
export function doorPriority(req: Request): Priority | undefined {
  if (ALWAYS_ANSWERED.has(req.path) || req.path === '/graphql') return undefined;
  return restPriority(req);
}

/** The priority of a request outside /graphql, from its method and path alone (nothing is parsed yet). */
export function restPriority(req: Request): Priority {
  for (const rule of REST_RULES) if (req.method === rule.method && rule.path.test(req.path)) return rule.priority;
  return 'normal';
}

const URGENT_MUTATIONS = new Set(['placeOrder', 'updateOrderStatus', 'setStoreStatus']);
const LOW_MUTATIONS = new Set(['importCatalog', 'pullCatalog', 'publishMenu']);

/**
 * The priority of a GraphQL request, from its parsed body: queries are reads (low); a mutation is urgent when
 * every field it calls is, low when any is. A document that does not parse, or is longer than Apollo's parser
 * takes (MAX_TOKENS: this runs before authentication), is left to Apollo to refuse (normal).
 */
export function graphqlPriority(req: Request): Priority {
  // Apollo runs only queries over GET.
  if (req.method === 'GET') return 'low';
  const body = req.body as { query?: unknown; operationName?: unknown } | undefined;
  if (typeof body?.query !== 'string') return 'normal';
  let operation: OperationDefinitionNode | null | undefined;
  try {
    operation = getOperationAST(parse(body.query, { maxTokens: MAX_TOKENS }), typeof body.operationName === 'string' ? body.operationName : undefined);
  } catch {
    return 'normal';
  }
  if (!operation) return 'normal';
  if (operation.operation !== 'mutation') return 'low';
  const fields = operation.selectionSet.selections.map((selection) => (selection.kind === 'Field' ? selection.name.value : ''));
  if (fields.some((name) => LOW_MUTATIONS.has(name))) return 'low';
  return fields.length > 0 && fields.every((name) => URGENT_MUTATIONS.has(name)) ? 'urgent' : 'normal';
}
