import {
  GraphQLError,
  Kind,
  type ASTNode,
  type FragmentDefinitionNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** Root fields whose answer is the schema itself: bounded by the schema, not by the data. */
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * Refuses operations nested deeper than `maxDepth` fields, so one request cannot make the server walk an
 * unbounded graph. Fragments are followed (and a fragment cycle is GraphQL's own validation error).
 * Introspection (`__schema`, `__type`) is measured apart against `maxIntrospectionDepth`: graphql-js's own
 * introspection query, which GraphiQL, codegen and Rover send, is 14 levels deep, and its `ofType` chain ends
 * where the schema's type wrapping ends, so it needs room that data queries must not have.
 */
export function depthLimit(maxDepth: number, maxIntrospectionDepth: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    let introspectionDepth = 0;
    const depthOf = (node: ASTNode, depth: number, seen: Set<string>): number => {
      if (node.kind === Kind.FIELD) {
        if (!node.selectionSet) return depth;
        if (INTROSPECTION_ROOTS.has(node.name.value)) {
          introspectionDepth = Math.max(introspectionDepth, depthOf(node.selectionSet, depth + 1, seen));
          return depth;
        }
        depth += 1;
      }
      if (node.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(node.name.value);
        if (!fragment || seen.has(node.name.value)) return depth;
        return depthOf(fragment, depth, new Set([...seen, node.name.value]));
      }
      const selections =
        node.kind === Kind.SELECTION_SET
          ? node.selections
          : 'selectionSet' in node && node.selectionSet
            ? node.selectionSet.selections
            : [];
      return selections.reduce((max, child) => Math.max(max, depthOf(child, depth, seen)), depth);
    };
    for (const def of context.getDocument().definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      introspectionDepth = 0;
      const depth = depthOf(def, 0, new Set());
      if (depth > maxDepth) {
        context.reportError(
          new GraphQLError(`Query is nested ${depth} levels deep; the limit is ${maxDepth}`, {
            nodes: [def],
            extensions: { code: 'validation_failed' },
          }),
        );
      }
      if (introspectionDepth > maxIntrospectionDepth) {
        context.reportError(
          new GraphQLError(
            `Introspection is nested ${introspectionDepth} levels deep; the limit is ${maxIntrospectionDepth}`,
            { nodes: [def], extensions: { code: 'validation_failed' } },
          ),
        );
      }
    }
    return {};
  };
}
