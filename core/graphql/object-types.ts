import {
  GraphQLID, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, GraphQLUnionType, type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap, type GraphQLOutputType,
} from 'graphql';
import type { Model } from '../schema/types.js';
import { isMorph, isToMany } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { componentResolver, relationResolver, zoneResolver } from './field-resolvers.js';
import { enumType, filtersType } from './input-types.js';
import { ErrorType, PaginationArgType, PaginationType, SCALAR_OF, SCALARS } from './internal-types.js';
import { modelFields } from './model-fields.js';
import { collectionName, componentName, relationCollectionName, typeName, zoneName } from './names.js';
import type { TypeRegistry } from './type-registry.js';

type Field = GraphQLFieldConfig<Record<string, unknown>, GraphqlContext>;

export const GENERIC_MORPH = 'GenericMorph';

/** A to-many field's arguments (builders/utils.ts getContentTypeArgs, nested): none for a single type. */
export function listArgs(registry: TypeRegistry, target: Model): GraphQLFieldConfigArgumentMap {
  if (target.kind === 'singleType') return {};
  return {
    filters: { type: filtersType(registry, target) },
    pagination: { type: PaginationArgType, defaultValue: {} },
    sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
  };
}

/** `<Type>EntityResponseCollection`: a list query's `nodes` and `pageInfo`. */
export function collectionType(registry: TypeRegistry, model: Model): GraphQLObjectType {
  const name = collectionName(model);
  return registry.get(name, () => new GraphQLObjectType({
    name,
    fields: () => ({
      nodes: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(objectType(registry, model)))) },
      pageInfo: { type: new GraphQLNonNull(PaginationType) },
    }),
  }));
}

/** `<Type>RelationResponseCollection`: a to-many relation's `_connection`, `nodes` only. */
export function relationCollectionType(registry: TypeRegistry, model: Model): GraphQLObjectType {
  const name = relationCollectionName(model);
  return registry.get(name, () => new GraphQLObjectType({
    name,
    fields: () => ({ nodes: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(objectType(registry, model)))) } }),
  }));
}

/** A dynamic zone's union: its components, and `Error` for a zone without any. */
export function zoneType(registry: TypeRegistry, model: Model, attribute: string): GraphQLUnionType {
  const name = zoneName(model, attribute);
  return registry.get(name, () => new GraphQLUnionType({
    name,
    types: () => [
      ...(model.attributes[attribute].components ?? []).flatMap((uid) => {
        const component = registry.model(uid);
        return component ? [objectType(registry, component)] : [];
      }),
      ErrorType,
    ],
    resolveType: (value: Record<string, unknown>) =>
      (typeof value.__component === 'string' ? componentName({ uid: value.__component }) : ErrorType.name),
  }));
}

/** `GenericMorph`: every type and component, what a morph relation without a target answers. */
export function genericMorphType(registry: TypeRegistry): GraphQLUnionType {
  return registry.get(GENERIC_MORPH, () => new GraphQLUnionType({
    name: GENERIC_MORPH,
    types: () => registry.models.map((model) => objectType(registry, model)),
    resolveType: (value: Record<string, unknown>) => {
      if (typeof value.__component === 'string') return componentName({ uid: value.__component });
      const model = typeof value.__type === 'string' ? registry.model(value.__type) : undefined;
      return model ? typeName(model) : undefined;
    },
  }));
}

/** The object type of a content type or component (builders/type.ts): its visible attributes, resolved from populated data. */
export function objectType(registry: TypeRegistry, model: Model): GraphQLObjectType {
  const name = typeName(model);
  return registry.get(name, () => new GraphQLObjectType({
    name,
    fields: () => {
      const fields: Record<string, Field> = {};
      if (model.modelType === 'component') fields.id = { type: new GraphQLNonNull(GraphQLID) };
      else fields.documentId = { type: new GraphQLNonNull(GraphQLID) };
      for (const field of modelFields(model)) {
        if (field.output) Object.assign(fields, attributeFields(registry, model, field.name, field.attribute));
      }
      return fields;
    },
  }));
}

const required = (type: GraphQLOutputType, yes: boolean | undefined): GraphQLOutputType =>
  (yes && !(type instanceof GraphQLNonNull) ? new GraphQLNonNull(type) : type);

function attributeFields(
  registry: TypeRegistry, model: Model, name: string, attribute: Model['attributes'][string],
): Record<string, Field> {
  const must = attribute.required;
  if (attribute.type === 'enumeration') return { [name]: { type: required(enumType(registry, model, name), must) } };
  if (SCALAR_OF[attribute.type]) return { [name]: { type: required(SCALARS[SCALAR_OF[attribute.type]], must) } };
  if (attribute.type === 'component') {
    const component = registry.model(attribute.component);
    if (!component) return {};
    const type = objectType(registry, component);
    if (!attribute.repeatable) return { [name]: { type: required(type, must), resolve: componentResolver(name, false) } };
    const list = required(new GraphQLList(type), must);
    return { [name]: { type: list, args: listArgs(registry, component), resolve: componentResolver(name, true) } };
  }
  if (attribute.type === 'dynamiczone') {
    return { [name]: { type: required(new GraphQLList(zoneType(registry, model, name)), must), resolve: zoneResolver(name) } };
  }
  if (attribute.type === 'relation' && isMorph(attribute)) {
    if (attribute.target) return {};
    const type = genericMorphType(registry);
    const morph = required(isToMany(attribute) ? new GraphQLList(type) : type, must);
    return { [name]: { type: morph, resolve: relationResolver(name, 'value') } };
  }
  const target = registry.model(attribute.type === 'media' ? 'plugin::upload.file' : attribute.target);
  if (!target) return {};
  const guarded = attribute.type === 'relation' ? target : undefined;
  const type = objectType(registry, target);
  if (!isToMany(attribute)) return { [name]: { type: required(type, must), resolve: relationResolver(name, 'value', guarded) } };
  const args = listArgs(registry, target);
  return {
    [`${name}_connection`]: {
      type: required(relationCollectionType(registry, target), must), args, resolve: relationResolver(name, 'connection', guarded),
    },
    [name]: { type: new GraphQLNonNull(new GraphQLList(type)), args, resolve: relationResolver(name, 'list', guarded) },
  };
}
