import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Refuses operations nested deeper than `maxDepth` fields, so one request cannot make the server walk an
 * unbounded graph. Fragments are followed (and a fragment cycle is GraphQL's own validation error).
 */
export function depthLimit(maxDepth: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (node: ASTNode, depth: number, seen: Set<string>): number => {
      if (node.kind === Kind.FIELD) {
        if (!node.selectionSet) return depth;
        depth += 1;
      }
      if (node.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(node.name.value);
        if (!fragment || seen.has(node.name.value)) return depth;
        return depthOf(fragment, depth, new Set([...seen, node.name.value]));
      }
      const selections = 'selectionSet' in node && node.selectionSet ? node.selectionSet.selections : [];
      return selections.reduce((max, child) => Math.max(max, depthOf(child, depth, seen)), depth);
    };
    for (const def of context.getDocument().definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      const depth = depthOf(def, 0, new Set());
      if (depth > maxDepth) {
        context.reportError(new GraphQLError(`Query is nested ${depth} levels deep; the limit is ${maxDepth}`, { nodes: [def], extensions: { code: 'validation_failed' } }));
      }
    }
    return {};
  };
}
