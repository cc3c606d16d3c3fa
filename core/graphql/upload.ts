import { findFileRow } from '../media/entry-store.js';
import { mediaLibrary } from '../media/media-library.js';
import { ForbiddenError } from '../errors.js';
import type { Models } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { FORBIDDEN_ACCESS } from './errors.js';

/**
 * The upload plugin's own mutations (its `graphql.js`, added through the extension service, the shadow CRUD
 * mutations of `UploadFile` turned off): `updateUploadFile(id, info)` and `deleteUploadFile(id)`. Each calls the media
 * library as `POST /api/upload?id=` and `DELETE /api/upload/files/:id` do, behind the same action of the caller.
 */
const UPLOAD_SDL = `
input FileInfoInput {
  name: String
  alternativeText: String
  caption: String
}

extend type Mutation {
  updateUploadFile(id: ID!, info: FileInfoInput): UploadFile!
  deleteUploadFile(id: ID!): UploadFile
}
`;

type Args = { id: string; info?: Record<string, unknown> | null };

/** The plugin's answer to a caller without the scope: `Forbidden access`, before the library is asked. */
function libraryFor(context: GraphqlContext, action: 'upload' | 'destroy') {
  const library = mediaLibrary(context.cms);
  if (!context.caller.can(library.model, action)) throw new ForbiddenError(FORBIDDEN_ACCESS);
  return library;
}

/** The mutations, when the site has a media library type (every site built from Strapi schemas has one). */
export function uploadContribution(models: Models) {
  if (!models.has('plugin::upload.file')) return {};
  return {
    typeDefs: UPLOAD_SDL,
    resolvers: {
      Mutation: {
        updateUploadFile: (_: unknown, { id, info }: Args, context: GraphqlContext) =>
          libraryFor(context, 'upload').updateInfo(id, info ?? {}, context.caller),
        deleteUploadFile: async (_: unknown, { id }: Args, context: GraphqlContext) => {
          const library = libraryFor(context, 'destroy');
          // the plugin answers null for a file that is not there (its findOne finds none), not an error
          if (!findFileRow(context.cms.index, id)) return null;
          return (await library.remove(id, context.caller)).file;
        },
      },
    },
  };
}
