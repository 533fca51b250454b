// The limits one GraphQL request lives within (docs/contract.md "GraphQL"), in one place so the README, the tests and
// the bench quote the same numbers.

/** Fields nested below an operation; introspection has its own, larger room (depth-limit.ts). */
export const MAX_QUERY_DEPTH = 10;
export const MAX_INTROSPECTION_DEPTH = 20;
/** Records one operation may ask for (query-cost.ts): a full page of 200 orders with their lines fits. */
export const MAX_QUERY_COST = 10_000;
/** Aliased fields in one document: each alias resolves its field again. */
export const MAX_ALIASES = 30;
/** Operation definitions in one document (HTTP batching, several operations per request, is off). */
export const MAX_OPERATIONS = 10;
/** Cost per rate-limit point: a request takes one point, plus one for each COST_PER_RATE_POINT records it may return. */
export const COST_PER_RATE_POINT = 50;
/** The answer's size: no larger than the largest body the hub accepts (a catalog import). */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Tokens the parser reads before giving up: graphql-js's introspection query is about 300, a UI screen's few hundred. */
export const MAX_TOKENS = 5000;
/** A GraphQL request's body: the body limit of every request, 1 MiB. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
/**
 * A request before sign-in (the web UI asks only for viewer and signIn, a few KiB): its body is at most 64 KiB; so is
 * every message on a subscription socket (socket-limits.ts), whose first one comes before anyone is known.
 */
export const MAX_ANONYMOUS_REQUEST_BYTES = 64 * 1024;
