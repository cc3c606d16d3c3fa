/**
 * The registries `cms types` fills by module augmentation (`declare module 'gitcms' { interface
 * ContentTypes { … } }`). Empty here: without generated declarations every name is a `string` and
 * every document untyped `Data`, as before.
 */

/** Content types by uid: the shape generated for each (see ModelShape). */
export interface ContentTypes {}

/** Plural and singular API ids → uid (`articles: 'api::article.article'`). */
export interface ContentTypeNames {}

/** Components by uid (`'shared.seo'`). */
export interface Components {}

/** A relation, media field or component as the generated declarations describe it. */
export interface LinkShape {
  /** Target content type or component uid (`plugin::upload.file` for media). */
  target: string;
  /** A list (to-many relation, multiple media, repeatable component, dynamic zone). */
  many: boolean;
  kind: 'relation' | 'media' | 'component' | 'dynamiczone';
  /** A required single component: populated, it is never null. */
  required?: boolean;
}

/** What generated declarations say of one model. */
export interface ModelShape {
  /** Always returned: `id`, and for content types `documentId`, timestamps, `locale`. */
  system: Record<string, unknown>;
  /** Scalar attributes as the API returns them (what `fields` picks). */
  fields: Record<string, unknown>;
  /** Attributes left out unless populated. */
  links: Record<string, LinkShape>;
  /** What a write's `data` accepts (password and private fields included; relations in any Strapi 5 shape). */
  input: Record<string, unknown>;
}

/** A node of a `blocks` field (Strapi's rich-text editor). */
export interface BlockNode { type: string; children?: BlockNode[]; [key: string]: unknown }

/** The media library's file, as the API returns it (Strapi's upload file shape). */
export interface UploadFileShape {
  system: { id: number; documentId: string; createdAt: string; updatedAt: string; publishedAt: string | null };
  fields: {
    name: string; alternativeText: string | null; caption: string | null; focalPoint: unknown; width: number | null; height: number | null;
    formats: Record<string, unknown> | null; hash: string; ext: string | null; mime: string; size: number; url: string;
    previewUrl: string | null; provider: string; provider_metadata: unknown;
  };
  links: Record<never, LinkShape>;
  input: Record<never, unknown>;
}

/** True once `cms types` declarations are loaded. */
export type HasGeneratedTypes = [keyof ContentTypes] extends [never] ? false : true;

/** A name `cms.documents()` accepts: any string without declarations, else a uid, plural or singular. */
export type ContentTypeName = HasGeneratedTypes extends true ? keyof ContentTypes | keyof ContentTypeNames : string;

/** The uid behind a name. */
export type UidOf<N> = N extends keyof ContentTypes ? N : N extends keyof ContentTypeNames ? ContentTypeNames[N] : never;

/** The shape behind a uid (content type, component or the media file). */
export type ShapeOf<U> = U extends keyof ContentTypes
  ? ContentTypes[U]
  : U extends keyof Components
  ? Components[U]
  : U extends 'plugin::upload.file'
  ? UploadFileShape
  : never;
