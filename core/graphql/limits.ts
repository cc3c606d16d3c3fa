import {
  GraphQLError, Kind, type ASTVisitor, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionNode,
  type ValidationContext,
} from 'graphql';

/** The largest depth of a list of selections (a loop: spreading 150k siblings into Math.max overflows the stack). */
function deepest(selections: readonly SelectionNode[], depth: (child: SelectionNode) => number): number {
  let most = -Infinity;
  for (const child of selections) most = Math.max(most, depth(child));
  return most;
}

/**
 * graphql-depth-limit's rule, as the plugin passes it `depthLimit`: an operation whose selections nest deeper is
 * refused in validation, before anything runs (`'<operation>' exceeds maximum operation depth of <n>`).
 * Introspection fields (`__schema`…) do not count.
 */
export function depthLimitRule(maxDepth: number | undefined) {
  return (context: ValidationContext): ASTVisitor => {
    if (typeof maxDepth !== 'number' || !Number.isFinite(maxDepth)) return {};
    const { definitions } = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const operations = new Map<string, DefinitionNode>();
    for (const definition of definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION) operations.set(definition.name ? definition.name.value : '', definition);
    }
    const seen = new Set<string>();
    const depth = (node: SelectionNode | DefinitionNode, so: number, name: string): number => {
      if (so > maxDepth) {
        context.reportError(new GraphQLError(`'${name}' exceeds maximum operation depth of ${maxDepth}`, { nodes: [node] }));
        return 0;
      }
      switch (node.kind) {
        case Kind.FIELD:
          if (node.name.value.startsWith('__') || !node.selectionSet) return 0;
          return 1 + deepest(node.selectionSet.selections, (child) => depth(child, so + 1, name));
        case Kind.FRAGMENT_SPREAD: {
          const fragment = fragments.get(node.name.value);
          // a fragment that spreads itself is the NoFragmentCycles rule's to report, not a reason to loop
          if (!fragment || seen.has(`${name}\u0000${node.name.value}\u0000${so}`)) return 0;
          seen.add(`${name}\u0000${node.name.value}\u0000${so}`);
          return depth(fragment, so, name);
        }
        case Kind.INLINE_FRAGMENT: case Kind.FRAGMENT_DEFINITION: case Kind.OPERATION_DEFINITION:
          return deepest(node.selectionSet.selections, (child) => depth(child, so, name));
        default:
          return 0;
      }
    };
    for (const [name, operation] of operations) depth(operation, 0, name);
    return {};
  };
}

/**
 * The most root fields (each alias counted) one operation may ask: every root field is a read or write of its own,
 * so aliases would let one request repeat a full-table read thousands of times. A project safeguard Strapi lacks.
 */
export const MAX_ROOT_FIELDS = 100;

/** How many root fields an operation asks, aliases each counted, fragments spread once per selection set. */
export function rootFieldCount(operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): number {
  const visited = new Set<string>();
  const count = (selections: readonly SelectionNode[]): number => {
    let total = 0;
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) total += selection.name.value.startsWith('__') ? 0 : 1;
      else if (selection.kind === Kind.INLINE_FRAGMENT) total += count(selection.selectionSet.selections);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        total += count(fragments.get(selection.name.value)?.selectionSet.selections ?? []);
      }
    }
    return total;
  };
  return count(operation.selectionSet.selections);
}
