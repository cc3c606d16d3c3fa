import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import { ForbiddenError } from '../errors.js';
import {
  graphqlExtensionStateOf, type GraphqlExtensionState, type GraphqlUse, type ResolverConfig,
} from '../extensions/graphql-extension.js';
import type { Model, Models } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { FORBIDDEN_ACCESS } from './errors.js';
import { cutSchema, type SchemaCuts } from './extension-prune.js';
import { collectionName, filtersName, inputName, queryNames, relationCollectionName, typeName } from './names.js';
import { PLUGIN_MODELS } from './plugin-models.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext>;

/** The root fields of one action (`find` is the list and its `_connection`, as the plugin builds both for it). */
function actionFields(model: Model, action: string): string[] {
  const names = queryNames(model);
  if (action === 'find') return model.kind === 'singleType' ? [names.findOne] : [names.find, names.connection];
  if (action === 'findOne') return model.kind === 'singleType' ? [] : [names.findOne];
  return [names[action as 'create' | 'update' | 'delete']];
}

/** What the project's `register()` turned off, as the types and fields to cut from the generated schema. */
export function extensionCuts(models: Models, state: GraphqlExtensionState): SchemaCuts {
  const modelOf = (uid: string) => models.get(uid) ?? PLUGIN_MODELS.find(({ model }) => model.uid === uid)?.model;
  const cuts: SchemaCuts = { types: new Set(), fields: new Set() };
  for (const uid of state.disabledTypes) {
    const model = modelOf(uid);
    if (!model) continue;
    for (const name of [typeName(model), collectionName(model), relationCollectionName(model), filtersName(model), inputName(model)]) {
      cuts.types.add(name);
    }
    // deleteX answers DeleteMutationResponse, which stays: its field goes by name
    cuts.fields.add(`Mutation.${queryNames(model).delete}`);
  }
  for (const [uid, actions] of state.disabledActions) {
    const model = modelOf(uid);
    if (!model) continue;
    for (const action of actions) {
      const root = action === 'find' || action === 'findOne' ? 'Query' : 'Mutation';
      for (const field of actionFields(model, action)) cuts.fields.add(`${root}.${field}`);
    }
  }
  for (const [uid, fields] of state.disabledFields) {
    const model = modelOf(uid);
    if (!model) continue;
    for (const [field, places] of fields) {
      if (places.has('output')) for (const name of [field, `${field}_connection`]) cuts.fields.add(`${typeName(model)}.${name}`);
      if (places.has('input')) cuts.fields.add(`${inputName(model)}.${field}`);
      if (places.has('filters')) cuts.fields.add(`${filtersName(model)}.${field}`);
    }
  }
  return cuts;
}

/** A resolver behind its `resolversConfig` access: `auth: false` lets anyone in, `auth: { scope }` wants one of them. */
function guarded(resolve: Resolver, config: ResolverConfig | undefined): Resolver {
  const auth = config?.auth;
  if (!auth) return resolve;
  const scopes = ([] as string[]).concat(auth.scope);
  return (parent, args, context, info) => {
    if (!scopes.some((scope) => context.caller.allows(scope))) throw new ForbiddenError(FORBIDDEN_ACCESS);
    return resolve(parent, args, context, info);
  };
}

function resolversOf(use: GraphqlUse): Record<string, Record<string, Resolver>> {
  const out: Record<string, Record<string, Resolver>> = {};
  for (const [typeName, fields] of Object.entries(use.resolvers ?? {})) {
    out[typeName] = {};
    for (const [field, value] of Object.entries(fields)) {
      // Strapi takes a resolver as a function or as `{ resolve }`
      const resolve = (typeof value === 'function' ? value : (value as { resolve?: unknown })?.resolve) as Resolver | undefined;
      if (typeof resolve !== 'function') throw new Error(`graphql extension: resolvers.${typeName}.${field} is not a function`);
      out[typeName][field] = guarded(resolve, use.resolversConfig?.[`${typeName}.${field}`]);
    }
  }
  return out;
}

/** Several `use()` calls' resolvers, type by type (a later one wins a field, as the plugin's merge does). */
function merged(all: Array<Record<string, Record<string, Resolver>>>): Record<string, Record<string, Resolver>> {
  const out: Record<string, Record<string, Resolver>> = {};
  for (const resolvers of all) for (const [type, fields] of Object.entries(resolvers)) out[type] = { ...out[type], ...fields };
  return out;
}

/**
 * The project's extension as a contribution to the schema (core/graphql/contributions.ts): what `use()` added (SDL,
 * resolvers behind their `resolversConfig`), then what `shadowCRUD(…)` turned off, cut from the result.
 */
export function projectExtensionContribution(models: Models) {
  const state = graphqlExtensionStateOf(models);
  if (!state) return {};
  const { uses } = state;
  return {
    typeDefs: uses.map((use) => use.typeDefs ?? '').filter((sdl) => sdl.trim() !== '').join('\n') || undefined,
    resolvers: merged(uses.map(resolversOf)),
    transformSchema: (schema: GraphQLSchema) => cutSchema(schema, extensionCuts(models, state)),
  };
}
