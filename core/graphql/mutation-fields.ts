import { GraphQLID, GraphQLNonNull, type GraphQLFieldConfig, type GraphQLFieldConfigArgumentMap } from 'graphql';
import type { Model } from '../schema/types.js';
import { authorized } from './access.js';
import type { GraphqlContext } from './context.js';
import { inputType } from './input-types.js';
import { DeleteMutationResponseType, PublicationStatusType } from './internal-types.js';
import { queryNames } from './names.js';
import { objectType } from './object-types.js';
import { localeArg, restQuery } from './query-fields.js';
import type { TypeRegistry } from './type-registry.js';

type Args = Record<string, unknown>;
type Field = GraphQLFieldConfig<unknown, GraphqlContext, Args>;

/**
 * The mutations of one content type (builders/mutations): `create`, `update` and `delete`, through the one write path
 * (ContentService → validation, files, a commit per write, webhooks) as `POST`/`PUT`/`DELETE /api/...` go, with the
 * REST body `{ data }`; the answer is read back with the populate the selection asks for.
 */
export function mutationFields(registry: TypeRegistry, model: Model): Record<string, Field> {
  const names = queryNames(model);
  const type = objectType(registry, model);
  const data = { data: { type: new GraphQLNonNull(inputType(registry, model)) } };
  const status: GraphQLFieldConfigArgumentMap = { status: { type: PublicationStatusType, defaultValue: 'published' } };
  const documentId: GraphQLFieldConfigArgumentMap = model.kind === 'singleType'
    ? {} : { documentId: { type: new GraphQLNonNull(GraphQLID) } };
  const id = (args: Args) => (model.kind === 'singleType' ? undefined : String(args.documentId));
  const fields: Record<string, Field> = {};
  if (model.kind === 'collectionType') {
    fields[names.create] = {
      type, args: { ...status, ...data, ...localeArg(registry, model) },
      resolve: (_, args, context, info) => authorized(context, model, 'create', undefined, async (caller, held) => {
        const written = await context.cms.service.create(held, { data: args.data }, restQuery(registry, model, args, info), caller);
        return context.cms.service.signMedia(held.uid, written.data);
      }, { data: args.data }),
    };
  }
  fields[names.update] = {
    type, args: { ...documentId, ...status, ...data, ...localeArg(registry, model) },
    resolve: (_, args, context, info) => authorized(context, model, 'update', id(args), async (caller, held) => {
      const query = restQuery(registry, model, args, info);
      const written = await context.cms.service.update(held, id(args), { data: args.data }, query, caller);
      if (!written) return null;
      // the plugin resolves the answer's relations once the write is done, a publish's re-linking included (a page that
      // is its own parent shows it), where REST's answer is read before that: read again
      const read = context.cms.service.findOne(held, written.data.documentId as string, query, caller) ?? written.data;
      return context.cms.service.signMedia(held.uid, read);
    }, { data: args.data }),
  };
  fields[names.delete] = {
    type: DeleteMutationResponseType, args: { ...documentId, ...localeArg(registry, model) },
    resolve: (_, args, context) => authorized(context, model, 'delete', id(args), async (caller, held) => {
      const raw = args.locale !== undefined && args.locale !== null ? { locale: args.locale } : {};
      const found = model.kind === 'singleType' ? context.cms.service.findSingle(held, raw, caller) : undefined;
      await context.cms.service.delete(held, id(args), raw, caller);
      return { documentId: id(args) ?? found?.documentId };
    }),
  };
  return fields;
}
