import { prefix, request, requestVersioned } from './api.js';
import { componentAttributes } from './components.js';

// Related documents deleted elsewhere while a form names them: the REST API refuses a write that
// names one (as Strapi does: `Document with id "…", locale "null" not found`), so the studio finds
// which are gone, leaves them out of the body and the form, and says so at their field.

const asList = (value) => (value === null || value === undefined ? [] : [value].flat());

/**
 * Every relation a body holds, at any depth (components, zones), with the form values beside it:
 * `{ path, attribute, ids, chips }`; `path` is the field's path, as the form and the API name it.
 */
function relationSlots(attributes, data, values, path = []) {
  const slots = [];
  for (const attribute of attributes) {
    const { name } = attribute;
    if (!data || typeof data !== 'object' || !Object.hasOwn(data, name)) continue;
    if (attribute.type === 'relation' && attribute.targetReadable) {
      const ids = asList(data[name]).filter((id) => typeof id === 'string');
      if (ids.length) slots.push({ path: [...path, name], attribute, ids, chips: asList(values?.[name]) });
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
      const many = attribute.type === 'dynamiczone' || attribute.repeatable;
      asList(data[name]).forEach((item, index) => {
        const uid = attribute.type === 'component' ? attribute.component : item?.__component;
        const inner = many ? values?.[name]?.[index] : values?.[name];
        slots.push(...relationSlots(componentAttributes(uid), item, inner, many ? [...path, name, index] : [...path, name]));
      });
    }
  }
  return slots;
}

/**
 * The related documents a body names that no longer exist (deleted elsewhere since the form read
 * them), by field path, with their chip's label: each target is asked for those ids through REST
 * (as the relation picker searches it), and the ids it does not answer are gone.
 */
export async function deletedTargets(model, data, values, locale) {
  const gone = {};
  for (const { path, attribute, ids, chips } of relationSlots(model.attributes, data, values)) {
    const asked = ids.slice(0, 100);
    const query = {
      filters: { documentId: { $in: asked } }, fields: attribute.targetMainField ? [attribute.targetMainField] : undefined,
      locale: attribute.targetLocalized ? locale : undefined, status: attribute.targetDraftAndPublish ? 'draft' : undefined,
      pagination: { pageSize: asked.length },
    };
    const found = new Set((await request('GET', `${prefix}/${attribute.targetPluralName}`, { query })).data.map((item) => item.documentId));
    const missing = asked.filter((id) => !found.has(id));
    const labelOf = (documentId) => chips.find((chip) => chip?.documentId === documentId)?.label;
    if (missing.length) gone[path.join('.')] = missing.map((documentId) => ({ documentId, label: labelOf(documentId) }));
  }
  return gone;
}

/** `value` with `change` applied at `path` (objects and arrays copied on the way, nothing else touched). */
function changeAt(value, path, change) {
  if (!path.length) return change(value);
  const [head, ...rest] = path;
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, head)) return value;
  const copy = Array.isArray(value) ? [...value] : { ...value };
  copy[head] = changeAt(value[head], rest, change);
  return copy;
}

/** `seo.metaSocial.0.author` → ['seo', 'metaSocial', 0, 'author']. */
const pathOf = (key) => key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Apply `drop(ids, value)` at each gone field's path. */
const without = (gone, target, drop) => Object.entries(gone).reduce((next, [key, items]) => changeAt(next, pathOf(key),
  (value) => drop(new Set(items.map((item) => item.documentId)), value)), target);

/** A body without the gone targets: a to-many keeps the others, a to-one becomes empty. */
export const bodyWithout = (gone, data) => without(gone, data,
  (ids, value) => (Array.isArray(value) ? value.filter((id) => !ids.has(id)) : ids.has(value) ? null : value));

/** Form values without the gone targets' chips. */
export const valuesWithout = (gone, values) => without(gone, values,
  (ids, value) => asList(value).filter((item) => !ids.has(item.documentId)));

/** The message at a relation field whose targets were deleted elsewhere, in an editor's words. */
export function goneNote(items, saved) {
  const named = items.map((item) => (item.label ? `“${item.label}”` : null)).filter(Boolean);
  const count = items.length;
  const what = named.length === count ? named.join(', ') : `${count} related ${count === 1 ? 'document' : 'documents'}`;
  return `${what} ${count > 1 ? 'were' : 'was'} deleted elsewhere: ${saved
    ? 'left out of this field, and the rest saved.' : 'saving leaves it out of this field.'}`;
}

/**
 * Write a form's body (`method` to `path`: a PUT of the document, a POST of a new one); refused
 * (400) because related documents it names were deleted elsewhere, they are left out (of the body,
 * and of the form through `onDropped`; `dropped` collects them per field path for the message at
 * the field) and the rest is written. Any other refusal is thrown as it came.
 */
export async function writeLeavingOutDeleted({ method, path, model, locale, values, sent, options, dropped, onDropped }) {
  const put = (data) => requestVersioned(method, path, { ...options, body: { data } });
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
