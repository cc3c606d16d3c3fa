import {
  getNamedType, GraphQLInputObjectType, GraphQLInterfaceType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema,
  GraphQLUnionType, isInputObjectType, isInterfaceType, isIntrospectionType, isListType, isNonNullType, isObjectType,
  isSpecifiedScalarType, isUnionType, type GraphQLFieldConfigArgumentMap, type GraphQLNamedType, type GraphQLType,
} from 'graphql';
import { reachableTypes } from './prune.js';

/** What to drop: whole types by name, and single fields (`Type.field`, of object and input types). */
export interface SchemaCuts {
  types: Set<string>;
  fields: Set<string>;
}

/**
 * The schema without the cut types and fields, rebuilt as graphql-tools' mapSchema rebuilds one (every named type a
 * fresh copy wired to the others, resolvers and scalars kept): a field, argument or union member that names a cut type
 * goes with it, then only what the operations still reach stays (the plugin prunes the same way).
 *
 * @example
 * cutSchema(schema, { types: new Set(['Tag']), fields: new Set(['Post.summary']) })
 */
export function cutSchema(schema: GraphQLSchema, cuts: SchemaCuts): GraphQLSchema {
  if (cuts.types.size === 0 && cuts.fields.size === 0) return schema;
  const copies = new Map<string, GraphQLNamedType>();
  const gone = (type: GraphQLType) => cuts.types.has(getNamedType(type).name);
  const wire = <T extends GraphQLType>(type: T): T => {
    if (isListType(type)) return new GraphQLList(wire(type.ofType)) as T;
    if (isNonNullType(type)) return new GraphQLNonNull(wire(type.ofType)) as T;
    return (copies.get((type as GraphQLNamedType).name) ?? type) as T;
  };
  const args = (map: GraphQLFieldConfigArgumentMap) => Object.fromEntries(Object.entries(map)
    .filter(([, arg]) => !gone(arg.type)).map(([name, arg]) => [name, { ...arg, type: wire(arg.type) }]));
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type) || cuts.types.has(type.name)) continue;
    const kept = (field: string) => !cuts.fields.has(`${type.name}.${field}`);
    if (isObjectType(type) || isInterfaceType(type)) {
      const config = type.toConfig();
      const fields = () => Object.fromEntries(Object.entries(config.fields)
        .filter(([name, field]) => kept(name) && !gone(field.type))
        .map(([name, field]) => [name, { ...field, type: wire(field.type), args: args(field.args ?? {}) }]));
      const interfaces = () => config.interfaces.map(wire);
      copies.set(type.name, isObjectType(type)
        ? new GraphQLObjectType({ ...(config as ReturnType<GraphQLObjectType['toConfig']>), fields, interfaces })
        : new GraphQLInterfaceType({ ...(config as ReturnType<GraphQLInterfaceType['toConfig']>), fields, interfaces }));
    } else if (isInputObjectType(type)) {
      const config = type.toConfig();
      copies.set(type.name, new GraphQLInputObjectType({
        ...config,
        fields: () => Object.fromEntries(Object.entries(config.fields)
          .filter(([name, field]) => kept(name) && !gone(field.type)).map(([name, field]) => [name, { ...field, type: wire(field.type) }])),
      }));
    } else if (isUnionType(type)) {
      const config = type.toConfig();
      copies.set(type.name, new GraphQLUnionType({ ...config, types: () => config.types.filter((member) => !gone(member)).map(wire) }));
    } else {
      copies.set(type.name, type);
    }
  }
  const root = (type: GraphQLObjectType | null | undefined) => {
    if (!type) return undefined;
    const copy = copies.get(type.name) as GraphQLObjectType | undefined;
    return copy && Object.keys(copy.getFields()).length > 0 ? copy : undefined;
  };
  const query = root(schema.getQueryType()) ?? new GraphQLObjectType({ name: 'Query', fields: {} });
  const mutation = root(schema.getMutationType());
  const order = [...copies.values()];
  return new GraphQLSchema({
    ...schema.toConfig(), query, mutation, subscription: undefined, types: reachableTypes([query, mutation], () => order),
  });
}
