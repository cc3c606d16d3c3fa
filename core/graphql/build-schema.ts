import { GraphQLObjectType, GraphQLSchema, type GraphQLFieldConfigMap } from 'graphql';
import type { Model, Models } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { filtersType, inputType } from './input-types.js';
import { INTERNAL_TYPES, PaginationArgType } from './internal-types.js';
import { mutationFields } from './mutation-fields.js';
import { collectionType, genericMorphType, objectType, relationCollectionType } from './object-types.js';
import { PLUGIN_MODELS, type PluginActions } from './plugin-models.js';
import { reachableTypes } from './prune.js';
import { queryFields } from './query-fields.js';
import { localeCodeScalar } from './scalars.js';
import { TypeRegistry } from './type-registry.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/** What a project's code or config turned off (`shadowCRUD: false` turns off every generated type). */
export interface SchemaOptions {
  shadowCRUD: boolean;
  /** The site's locales: a `locale` argument naming another is refused in validation (the i18n plugin's scalar). */
  locales?: readonly string[];
}

/** The models the schema is built from, in Strapi's registry order: components, the plugins' types, the project's types. */
export function schemaModels(models: Models): Array<{ model: Model; actions: PluginActions }> {
  const all = [...models.values()];
  const own = (model: Model) => model.uid.startsWith('api::');
  return [
    ...all.filter((model) => model.modelType === 'component').map((model) => ({ model, actions: { queries: false, mutations: false } })),
    ...PLUGIN_MODELS,
    ...all.filter((model) => model.modelType === 'contentType' && own(model))
      .map((model) => ({ model, actions: { queries: true, mutations: true } })),
  ];
}

/**
 * The schema `@strapi/plugin-graphql` generates for these models (services/content-api buildSchema): per type its
 * enums, zones, filters, input, object type and collections, the queries and mutations, then only what they reach.
 *
 * @example
 * printSchema(buildGraphqlSchema(cms.models, { shadowCRUD: true }))
 */
export function buildGraphqlSchema(models: Models, options: SchemaOptions): GraphQLSchema {
  const entries = options.shadowCRUD ? schemaModels(models) : [];
  const registry = new TypeRegistry(entries.map((entry) => entry.model), options.locales);
  for (const type of INTERNAL_TYPES) registry.get(type.name, () => type);
  const queries: Fields = {};
  const mutations: Fields = {};
  for (const { model, actions } of entries) {
    filtersType(registry, model);
    inputType(registry, model);
    objectType(registry, model);
    if (model.modelType === 'component') continue;
    if (model.kind === 'collectionType') {
      collectionType(registry, model);
      relationCollectionType(registry, model);
    }
    if (actions.queries) Object.assign(queries, queryFields(registry, model));
    if (actions.mutations) Object.assign(mutations, mutationFields(registry, model));
  }
  if (entries.length > 0) genericMorphType(registry);
  registry.get('I18NLocaleCode', () => localeCodeScalar(registry.locales));
  registry.get(PaginationArgType.name, () => PaginationArgType);
  const query = new GraphQLObjectType({ name: 'Query', fields: queries });
  const mutation = Object.keys(mutations).length > 0 ? new GraphQLObjectType({ name: 'Mutation', fields: mutations }) : undefined;
  const types = reachableTypes([query, mutation], () => registry.all());
  return new GraphQLSchema({ query, mutation, types });
}
