import { documentPath, request, requestVersioned } from './api.js';

// How the form reads a document: its REST answer (with `Document-Version`), completed by what REST
// leaves out and the form needs (GET ./api/stored, core/http/studio-stored-route.ts): private values
// the credential may edit, every digit of a big integer, relation ids whose target was deleted.

/** Whether a type has anything REST leaves out: otherwise the second request is not made. */
const hasExtras = (model) => model.attributes.some((attribute) => attribute.private
  || ['biginteger', 'relation'].includes(attribute.type));

/**
 * The stored extras of one document version; none when they cannot be read (the form still works from REST).
 * `branch` pins the change request read (null: the Published site; undefined: the tab's).
 */
export function readStored(model, documentId, query, branch) {
  if (!hasExtras(model)) return Promise.resolve(undefined);
  const type = model.kind === 'singleType' ? model.singularName : model.pluralName;
  return request('GET', './api/stored', { query: { type, documentId, locale: query.locale, status: query.status }, branch })
    .then((body) => body.data, () => undefined);
}

/** A versioned answer with the extras in its document, and `missing`: relation field → ids of deleted targets. */
export const withStored = (answer, stored) => ({
  ...answer,
  body: { ...answer.body, data: { ...answer.body.data, ...stored?.private, ...stored?.bigintegers } },
  missing: stored?.missing ?? {},
});

/** Read a document as the form edits it (both requests at once), on `branch` (as readStored). */
export async function readDocument(model, documentId, query, branch) {
  const [answer, stored] = await Promise.all([
    requestVersioned('GET', documentPath(model, documentId), { query, branch }), readStored(model, documentId, query, branch),
  ]);
  return withStored(answer, stored);
}

/** A field one value of which every locale shares: the server says so (`shared`, the core's rule). */
export const isShared = (attribute) => attribute?.shared === true;

/**
 * What a locale not written yet starts from: the shared fields of another locale's version, as
 * Strapi's admin pre-fills them (read as the form reads, private values and big integers too);
 * undefined when no other locale exists.
 */
export async function sharedStart(model, locales, documentId, locale, query, branch) {
  for (const other of model.localized ? locales.filter((code) => code !== locale) : []) {
    try {
      const { body } = await readDocument(model, documentId, { ...query, locale: other }, branch);
      return Object.fromEntries(model.attributes.filter(isShared).map((attribute) => [attribute.name, body.data[attribute.name]]));
    } catch (failure) { if (failure.status !== 404) return undefined; }
  }
  return undefined;
}
