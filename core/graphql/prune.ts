import {
  getNamedType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, type GraphQLNamedType, type GraphQLObjectType,
} from 'graphql';

/**
 * The types the operations reach, in the order given (graphql-tools' pruneSchema, which the plugin applies): a
 * component only used in a zone keeps its type but loses its unused filters input, a single type its filters.
 */
export function reachableTypes(roots: Array<GraphQLObjectType | undefined>, order: () => GraphQLNamedType[]): GraphQLNamedType[] {
  const seen = new Set<string>();
  const visit = (type: GraphQLNamedType) => {
    if (seen.has(type.name)) return;
    seen.add(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        visit(getNamedType(field.type));
        for (const arg of field.args) visit(getNamedType(arg.type));
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) visit(getNamedType(field.type));
    } else if (isUnionType(type)) {
      for (const member of type.getTypes()) visit(member);
    }
  };
  for (const root of roots) if (root) visit(root);
  // listed after the visit: visiting builds the types that fields name through thunks
  return order().filter((type) => seen.has(type.name));
}
