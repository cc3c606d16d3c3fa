import { documentPath, prefix, request, requestVersioned } from './api.js';

// How the form reads a document: its REST answer (with `Document-Version`), completed by what REST
// leaves out and the form needs (GET ./api/stored, core/http/studio-stored-route.ts): private values
// the credential may edit, every digit of a big integer, relation ids whose target was deleted.

/** Whether a type has anything REST leaves out: otherwise the second request is not made. */
const hasExtras = (model) => model.attributes.some((attribute) => attribute.private
  || ['biginteger', 'relation'].includes(attribute.type));

/** The stored extras of one document version; none when they cannot be read (the form still works from REST). */
export function readStored(model, documentId, query) {
  if (!hasExtras(model)) return Promise.resolve(undefined);
  const type = model.kind === 'singleType' ? model.singularName : model.pluralName;
  return request('GET', './api/stored', { query: { type, documentId, locale: query.locale, status: query.status } })
    .then((body) => body.data, () => undefined);
}

/** A versioned answer with the extras in its document, and `missing`: relation field → ids of deleted targets. */
export const withStored = (answer, stored) => ({
  ...answer,
  body: { ...answer.body, data: { ...answer.body.data, ...stored?.private, ...stored?.bigintegers } },
  missing: stored?.missing ?? {},
});

/** Read a document as the form edits it (both requests at once). */
export async function readDocument(model, documentId, query) {
  const [answer, stored] = await Promise.all([
    requestVersioned('GET', documentPath(model, documentId), { query }), readStored(model, documentId, query),
  ]);
  return withStored(answer, stored);
}

/**
 * The related documents a body names that no longer exist (deleted elsewhere since the form read
 * them), per top-level relation field, by their chip's label: the target is asked for those ids
 * through REST (as the relation picker searches it), and the ids it does not answer are gone.
 */
export async function deletedTargets(model, data, values, locale) {
  const gone = {};
  for (const attribute of model.attributes) {
    if (attribute.type !== 'relation' || !attribute.targetReadable || !Object.hasOwn(data, attribute.name)) continue;
    const ids = [data[attribute.name]].flat().filter((id) => typeof id === 'string').slice(0, 100);
    if (!ids.length) continue;
    const query = {
      filters: { documentId: { $in: ids } }, fields: attribute.targetMainField ? [attribute.targetMainField] : undefined,
      locale: attribute.targetLocalized ? locale : undefined, status: attribute.targetDraftAndPublish ? 'draft' : undefined,
      pagination: { pageSize: ids.length },
    };
    const found = new Set((await request('GET', `${prefix}/${attribute.targetPluralName}`, { query })).data.map((item) => item.documentId));
    const labels = new Map((values[attribute.name] ?? []).map((item) => [item.documentId, item.label]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) gone[attribute.name] = missing.map((documentId) => ({ documentId, label: labels.get(documentId) }));
  }
  return gone;
}

const goneIds = (gone, name) => new Set(gone[name].map((item) => item.documentId));

/** A body without the gone targets: a to-many keeps the others, a to-one becomes empty. */
export const bodyWithout = (gone, data) => ({ ...data, ...Object.fromEntries(Object.keys(gone).map((name) => {
  const ids = goneIds(gone, name);
  return [name, Array.isArray(data[name]) ? data[name].filter((id) => !ids.has(id)) : ids.has(data[name]) ? null : data[name]];
})) });

/** Form values without the gone targets' chips. */
export const valuesWithout = (gone, values) => ({ ...values, ...Object.fromEntries(Object.keys(gone).map((name) => {
  const ids = goneIds(gone, name);
  return [name, (values[name] ?? []).filter((item) => !ids.has(item.documentId))];
})) });

/** The message at a relation field whose targets were deleted elsewhere, in an editor's words. */
export function goneNote(items, saved) {
  const named = items.map((item) => (item.label ? `“${item.label}”` : null)).filter(Boolean);
  const count = items.length;
  const what = named.length === count ? named.join(', ') : `${count} related ${count === 1 ? 'document' : 'documents'}`;
  return `${what} ${count > 1 ? 'were' : 'was'} deleted elsewhere: ${saved
    ? 'left out of this field, and the rest saved.' : 'saving leaves it out of this field.'}`;
}

/**
 * PUT a form's body; refused (400) because related documents it names were deleted elsewhere, they
 * are left out (of the body, and of the form through `onDropped`; `dropped` collects them per field
 * for the message at the field) and the rest is written. Any other refusal is thrown as it came.
 */
export async function putLeavingOutDeleted({ model, documentId, locale, values, sent, options, dropped, onDropped }) {
  const put = (data) => requestVersioned('PUT', documentPath(model, documentId), { ...options, body: { data } });
  try {
    return await put(sent);
  } catch (failure) {
    if (failure?.status !== 400) throw failure;
    const deleted = await deletedTargets(model, sent, values, locale).catch(() => ({}));
    if (!Object.keys(deleted).length) throw failure;
    Object.assign(dropped, deleted);
    onDropped(deleted);
    return put(bodyWithout(deleted, sent));
  }
}
