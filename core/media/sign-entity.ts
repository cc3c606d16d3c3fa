import { isMorph, UPLOAD_FILE_UID, type Models } from '../schema/types.js';
import type { Data } from '../types.js';
import type { UploadProvider } from './providers/types.js';
import { signFileUrls } from './sign-urls.js';

const isRecord = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

/** Each item of a list (or the one value) through `sign`, keeping the shape. */
async function each(value: unknown, sign: (item: Data) => Promise<Data>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => (isRecord(item) ? sign(item) : item)));
  return isRecord(value) ? sign(value) : value;
}

/**
 * Strapi's upload plugin `signEntityMedia` (its document-service middleware for a private provider): an answered
 * document with every media field's files through `signFileUrls` (signed URLs, `isUrlSigned`), as deep as the answer
 * goes: components, dynamic zones and populated relations (morph ones by their `__type`). The document is not changed:
 * what is signed is a copy, so an answer never writes a signature back into the index.
 *
 * @example
 * await signEntityMedia(provider, cms.models, 'api::article.article', article) // article.cover.url signed
 */
export async function signEntityMedia(provider: UploadProvider, models: Models, uid: string | undefined, entity: Data): Promise<Data> {
  if (uid === UPLOAD_FILE_UID) return signFileUrls(provider, entity);
  const model = uid === undefined ? undefined : models.get(uid);
  if (!model) return entity;
  const out: Data = { ...entity };
  for (const [key, value] of Object.entries(entity)) {
    const attribute = model.attributes[key];
    if (!value || !attribute) continue;
    const inner = (target: string | undefined) => (item: Data) => signEntityMedia(provider, models, target, item);
    if (attribute.type === 'media') out[key] = await each(value, (file) => signFileUrls(provider, file));
    else if (attribute.type === 'component') out[key] = await each(value, inner(attribute.component));
    else if (attribute.type === 'dynamiczone') {
      out[key] = await each(value, (item) => inner(String(item.__component))(item));
    } else if (attribute.type === 'relation') {
      out[key] = await each(value, (item) => inner(isMorph(attribute) ? String(item.__type) : attribute.target)(item));
    }
  }
  return out;
}

/** A private provider's signer of answers: one document or a list of a type; undefined when nothing is ever signed. */
export type MediaSigner = <T extends Data | Data[] | null | undefined>(uid: string, data: T) => Promise<T>;

/**
 * The signer of a site's answers: only a private provider (aws-s3 with `ACL: "private"`) signs, as Strapi installs its
 * middleware only then. `provider` is asked once per answer (it is built once per config).
 */
export function mediaSigner(models: () => Models, provider: () => Promise<UploadProvider>): MediaSigner {
  return async (uid, data) => {
    if (!data) return data;
    const built = await provider();
    if (!built.isPrivate()) return data;
    const sign = (item: Data) => signEntityMedia(built, models(), uid, item);
    return (Array.isArray(data) ? await Promise.all(data.map(sign)) : await sign(data)) as typeof data;
  };
}
