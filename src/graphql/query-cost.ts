import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../common/pagination.js';

// The cost of a GraphQL operation, computed from the document and its variables before any resolver runs
// (docs/contract.md "GraphQL"). The unit is one record (object) the answer may hold; scalars are free, because the
// records are what the database reads and what the answer is made of:
// - a paged list field costs its `limit` (default 50) times the cost of one page entry;
// - any other list of records costs an estimate of its length times one entry: the lines of a record (order
//   items, options, status history, attempts) NESTED_LIST_LENGTH, the whole lists of a catalog or a menu
//   WHOLE_LIST_LENGTH, since a location's catalog has no page size;
// - every alias and every repeated field counts again, because each is resolved again;
// - introspection is bounded by the schema and costs nothing (its depth has its own limit).

const NESTED_LIST_LENGTH = 5;
const WHOLE_LIST_LENGTH: Readonly<Record<string, number>> = {
  'Catalog.categories': 2000,
  'Catalog.products': 2000,
  'Catalog.modifiers': 2000,
  'Catalog.modifierGroups': 2000,
  'Menu.items': 100,
  'Menu.modifiers': 100,
};

const recordCost: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  if (!isCompositeType(getNamedType(field.type))) return 0;
  if (field.args.some((arg) => arg.name === 'limit')) return pageSize(args.limit) * (1 + childComplexity);
  if (!isListType(getNullableType(field.type))) return 1 + childComplexity;
  // The `data` of a page: its length is the `limit` the page field already counted.
  if ('getFields' in type && 'hasNextPage' in type.getFields()) return 1 + childComplexity;
  return (WHOLE_LIST_LENGTH[`${type.name}.${field.name}`] ?? NESTED_LIST_LENGTH) * (1 + childComplexity);
};

/** What a resolver will be asked for; an out-of-range limit is refused by the resolver, and costs the most until then. */
function pageSize(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_LIMIT;
  return typeof limit === 'number' && limit >= 1 && limit <= MAX_LIMIT ? Math.ceil(limit) : MAX_LIMIT;
}

export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown> | undefined,
): number {
  return getComplexity({ schema, query: document, operationName, variables, estimators: [recordCost] });
}
