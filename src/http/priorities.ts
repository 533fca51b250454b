import type { Request } from 'express';
import { getOperationAST, parse, type OperationDefinitionNode } from 'graphql';
import { MAX_TOKENS } from '../graphql/graphql-limits.js';

// Which requests go first when the hub is short of capacity (src/http/admission.ts): orders being
// placed and moved through their statuses (and the store being paused or reopened) are what a dinner rush
// is made of, and a partner cannot put them off; catalog imports and pulls, menu publications and GraphQL
// reads can come back a minute later. Everything else is in between.

export type Priority = 'urgent' | 'normal' | 'low';

const LOCATION = '^/v1/accounts/[^/]+/locations/[^/]+';
const CATALOG_PULL_PATH = new RegExp(`${LOCATION}/connections/[^/]+/pull/?$`);
const REST_RULES: { method: string; path: RegExp; priority: Priority }[] = [
  { method: 'POST', path: new RegExp(`${LOCATION}/orders/?$`), priority: 'urgent' },
  { method: 'PATCH', path: new RegExp(`${LOCATION}/orders/[^/]+/?$`), priority: 'urgent' },
  { method: 'PUT', path: new RegExp(`${LOCATION}/store-status/?$`), priority: 'urgent' },
  { method: 'PUT', path: new RegExp(`${LOCATION}/catalog/import/?$`), priority: 'low' },
  { method: 'POST', path: CATALOG_PULL_PATH, priority: 'low' },
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
function restPriority(req: Request): Priority {
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
  const operation = graphqlOperation(req);
  if (!operation) return 'normal';
  if (operation.operation !== 'mutation') return 'low';
  const fields = topLevelFields(operation);
  if (fields.some((name) => LOW_MUTATIONS.has(name))) return 'low';
  return fields.length > 0 && fields.every((name) => URGENT_MUTATIONS.has(name)) ? 'urgent' : 'normal';
}

/**
 * True for a catalog pull (REST, or a GraphQL mutation calling pullCatalog, once its body is parsed): it
 * waits on the POS up to CATALOG_PULL_TIMEOUT_MS by contract, so the request deadline gives it that much more.
 * `path` is the request's path as it arrived (routers rewrite req.url on the way).
 */
export function pullsCatalog(req: Request, path: string): boolean {
  if (req.method !== 'POST') return false;
  if (path !== '/graphql') return CATALOG_PULL_PATH.test(path);
  const operation = graphqlOperation(req);
  return operation?.operation === 'mutation' && topLevelFields(operation).includes('pullCatalog');
}

/** The operation a parsed GraphQL body runs; undefined when it does not parse (Apollo refuses it). */
function graphqlOperation(req: Request): OperationDefinitionNode | undefined {
  const body = req.body as { query?: unknown; operationName?: unknown } | undefined;
  if (typeof body?.query !== 'string') return undefined;
  try {
    return (
      getOperationAST(
        parse(body.query, { maxTokens: MAX_TOKENS }),
        typeof body.operationName === 'string' ? body.operationName : undefined,
      ) ?? undefined
    );
  } catch {
    return undefined;
  }
}

function topLevelFields(operation: OperationDefinitionNode): string[] {
  return operation.selectionSet.selections.map((selection) => (selection.kind === 'Field' ? selection.name.value : ''));
}
