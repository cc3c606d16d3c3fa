import {
  GraphQLBoolean, GraphQLID, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap, type GraphQLResolveInfo,
} from 'graphql';
import { narrowFilters, type RouteLayers } from '../access/document-gate.js';
import type { Model } from '../schema/types.js';
import type { RawQuery } from '../query/normalize.js';
import { authorized } from './access.js';
import type { GraphqlContext } from './context.js';
import { filtersType } from './input-types.js';
import { PaginationArgType, PublicationFilterType, PublicationStatusType } from './internal-types.js';
import { queryNames } from './names.js';
import { collectionType, objectType } from './object-types.js';
import { graphqlWindow, pageInfo } from './pagination.js';
import { merged, populateFor, toStrapiFilters, toStrapiSort } from './rest-query.js';
import { localeCodeScalar } from './scalars.js';
import type { TypeRegistry } from './type-registry.js';
import { pluginList, pluginOne, readsOutsideIndex } from './plugin-reads.js';

type Args = Record<string, unknown>;
type Field = GraphQLFieldConfig<unknown, GraphqlContext, Args>;

/** `locale: I18NLocaleCode` on the operations of localized types (the i18n plugin's extension). */
export const localeArg = (registry: TypeRegistry, model: Model): GraphQLFieldConfigArgumentMap => {
  if (!model.localized) return {};
  const type = registry.get('I18NLocaleCode', () => localeCodeScalar(registry.locales));
  return { locale: { type, description: 'The locale to use for the query' } };
};

const publicationArgs = (): GraphQLFieldConfigArgumentMap => ({
  status: { type: PublicationStatusType, defaultValue: 'published' },
  hasPublishedVersion: { type: GraphQLBoolean },
  publicationFilter: { type: PublicationFilterType },
});

function listArgs(registry: TypeRegistry, model: Model): GraphQLFieldConfigArgumentMap {
  return {
    filters: { type: filtersType(registry, model) },
    pagination: { type: PaginationArgType, defaultValue: {} },
    sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
    ...publicationArgs(),
    ...localeArg(registry, model),
  };
}

/** The REST query of a root field: its arguments, and the populate its selection needs. */
export function restQuery(registry: TypeRegistry, model: Model, args: Args, info: GraphQLResolveInfo, inner?: string): RawQuery {
  const raw: RawQuery = { populate: populateFor(registry, model, merged(info.fieldNodes, inner), info) };
  const filters = args.filters ? toStrapiFilters(registry, model, args.filters) : undefined;
  // what the conversion left empty (an `in: []`, a JSON literal's own keys) filters nothing
  if (filters && Object.keys(filters).length > 0) raw.filters = filters as RawQuery['filters'];
  const sort = toStrapiSort(args.sort);
  if (sort) raw.sort = sort;
  if (args.status) raw.status = args.status;
  // a variable reaches here as it came (`3`): a locale no document has, as Strapi reads it
  if (args.locale !== undefined && args.locale !== null) raw.locale = String(args.locale);
  if (args.publicationFilter) raw.publicationFilter = args.publicationFilter;
  const published = args.hasPublishedVersion;
  if (published !== undefined && published !== null) raw.hasPublishedVersion = String(published);
  return raw;
}

/** A read's query narrowed by the filters the project route's middlewares left (core/access/document-gate.ts). */
function narrowed(raw: RawQuery, layers: RouteLayers | undefined): RawQuery {
  const filters = narrowFilters(raw.filters, layers);
  return filters === undefined ? raw : { ...raw, filters: filters as RawQuery['filters'] };
}

/** A list in the plugin's window, with its total (for `pageInfo`). */
function findList(registry: TypeRegistry, model: Model, args: Args, context: GraphqlContext, info: GraphQLResolveInfo, inner?: string) {
  const window = graphqlWindow(args.pagination as Args, context.config);
  if (readsOutsideIndex(model)) {
    return pluginList(context, model, restQuery(registry, model, args, info, inner), window)
      .then(({ data, total }) => ({ nodes: data, pageInfo: pageInfo(window, total) }));
  }
  return authorized(context, model, 'find', undefined, (caller, held, layers) => {
    const raw = narrowed(restQuery(registry, model, args, info, inner), layers);
    const limit = window.limit === -1 ? Number.POSITIVE_INFINITY : window.limit;
    const { data, total } = context.cms.service.findWindow(held, raw, caller, { start: window.start, limit });
    // A private provider's media URLs come signed, as Strapi's document-service middleware signs them for GraphQL too.
    return context.cms.service.signMedia(held.uid, data).then((nodes) => ({ nodes, pageInfo: pageInfo(window, total) }));
  });
}

/** The query fields of one content type (builders/queries): one document, the list, its `_connection`; a single type's one. */
export function queryFields(registry: TypeRegistry, model: Model): Record<string, Field> {
  const names = queryNames(model);
  const type = objectType(registry, model);
  if (model.kind === 'singleType') {
    return {
      [names.findOne]: {
        type, args: { ...publicationArgs(), ...localeArg(registry, model) },
        resolve: (_, args, context, info) => authorized(context, model, 'find', undefined, (caller, held, layers) =>
          context.cms.service.signMedia(held.uid,
            context.cms.service.findSingle(held, narrowed(restQuery(registry, model, args, info), layers), caller) ?? null)),
      },
    };
  }
  return {
    [names.findOne]: {
      type, args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...publicationArgs(), ...localeArg(registry, model) },
      resolve: (_, args, context, info) => (readsOutsideIndex(model) ? pluginOne(context, model, String(args.documentId))
        : authorized(context, model, 'findOne', String(args.documentId), (caller, held, layers) => {
          const raw = narrowed(restQuery(registry, model, args, info), layers);
          return context.cms.service.signMedia(held.uid, context.cms.service.findOne(held, String(args.documentId), raw, caller) ?? null);
        })),
    },
    [names.connection]: {
      type: collectionType(registry, model), args: listArgs(registry, model),
      resolve: (_, args, context, info) => findList(registry, model, args, context, info, 'nodes'),
    },
    [names.find]: {
      type: new GraphQLNonNull(new GraphQLList(type)), args: listArgs(registry, model),
      resolve: async (_, args, context, info) => (await findList(registry, model, args, context, info)).nodes,
    },
  };
}
