import { timestampMs } from '../schema/timestamp.js';
import { isMorph, isToMany, type Model, type Models } from '../schema/types.js';
import type { Data } from '../types.js';
import { isOrderedInverse, inverseList } from './inverse-lists.js';
import { expectDocumentId, expectList, expectObject, ImportSourceError } from './source-input.js';

type Tree = Record<string, unknown>;

/**
 * The populate tree that brings back everything a document stores: owning-side relations and
 * media as documentIds, a morphToMany's links whole (Strapi leaves it out of a populate with `fields`), components
 * and dynamic zones to any depth. Inverse sides (`mappedBy`, `morphBy`) are left out: the owning side stores them,
 * and so is a morphToOne, which Strapi neither writes nor reads over REST. A to-many inverse is asked for its owners'
 * documentIds and creation times, only for its order (see inverseList).
 *
 * @example
 * populateAll(models, article) // { cover: { fields: ['documentId'] }, seo: { populate: { shareImage: … } }, blocks: { on: { … } } }
 */
export function populateAll(models: Models, model: Model): Tree {
  const tree: Tree = {};
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (attribute.type === 'relation' && attribute.relation === 'morphToMany' && !attribute.target) tree[name] = true;
    else if (attribute.type === 'relation' && !attribute.mappedBy && !isMorph(attribute)) tree[name] = { fields: ['documentId'] };
    else if (isOrderedInverse(attribute)) tree[name] = { fields: ['documentId', 'createdAt'] };
    else if (attribute.type === 'media') tree[name] = { fields: ['documentId'] };
    else if (attribute.type === 'component') tree[name] = nested(models, attribute.component!);
    else if (attribute.type === 'dynamiczone') {
      const on: Tree = {};
      for (const uid of attribute.components ?? []) on[uid] = nested(models, uid);
      tree[name] = { on };
    }
  }
  return tree;
}

function nested(models: Models, uid: string): Tree | true {
  const component = models.get(uid);
  const inner = component ? populateAll(models, component) : {};
  return Object.keys(inner).length ? { populate: inner } : true;
}

/** Where an entry came from, so a shape problem names the URL and the field. */
export interface SourceField { url: string; field: string }

const at = (where: SourceField, name: string | number): SourceField =>
  ({ url: where.url, field: typeof name === 'number' ? `${where.field}[${name}]` : `${where.field}.${name}` });

/** A relation or media value's documentId (`{ documentId }`), checked as any id the source sends; null for none. */
function idOf(where: SourceField, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return expectDocumentId(where.url, `${where.field}.documentId`, expectObject(where.url, where.field, value).documentId);
}

const ids = (where: SourceField, value: unknown): string[] =>
  expectList(where.url, where.field, value).map((item, index) => idOf(at(where, index), item)).filter((id): id is string => id !== null);

/** A morphToMany's populated links (`[{ id, documentId, …, __type }]`) as its file stores them: `[{ __type, documentId }]`. */
function morphLinks(where: SourceField, value: unknown): Array<{ __type: string; documentId: string }> {
  if (value === null || value === undefined) return [];
  return expectList(where.url, where.field, value).map((item, index) => {
    const place = at(where, index);
    const link = expectObject(place.url, place.field, item);
    if (typeof link.__type !== 'string') throw new ImportSourceError(place.url, `${place.field}.__type must name a content type`);
    return { __type: link.__type, documentId: expectDocumentId(place.url, `${place.field}.documentId`, link.documentId) };
  });
}

/**
 * An API entry as a content file stores it: attributes in schema order, relations and media as
 * documentIds, components without their ids, nothing the file does not hold (id, documentId,
 * locale, timestamps, inverse relations but a to-many one's order when creation order would not give it). The entry is
 * the source's: every nested shape is checked, and a wrong one is an ImportSourceError naming the URL and the field.
 */
export function storedData(models: Models, model: Model, entry: Data, where: SourceField): Data {
  const data: Data = {};
  if (entry.__component !== undefined) data.__component = entry.__component;
  for (const name of model.attributeNames) {
    if (!Object.hasOwn(entry, name)) continue;
    const attribute = model.attributes[name];
    const value = entry[name];
    const here = at(where, name);
    if (attribute.type === 'relation' && attribute.relation === 'morphToMany' && !attribute.target) {
      data[name] = morphLinks(here, value);
    } else if (attribute.type === 'relation') {
      if (isOrderedInverse(attribute)) {
        const order = inverseList(here, [value]);
        if (order) data[name] = order;
        continue;
      }
      if (attribute.mappedBy || isMorph(attribute)) continue;
      data[name] = isToMany(attribute) ? (value === null || value === undefined ? [] : ids(here, value)) : idOf(here, value);
    } else if (attribute.type === 'media') {
      data[name] = attribute.multiple ? (value === null || value === undefined ? null : ids(here, value)) : idOf(here, value);
    } else if (attribute.type === 'component') {
      const component = models.get(attribute.component!)!;
      const one = (item: unknown, place: SourceField) => storedData(models, component, expectObject(place.url, place.field, item), place);
      if (value === null || value === undefined) data[name] = null;
      else if (!attribute.repeatable) data[name] = one(value, here);
      else data[name] = expectList(here.url, here.field, value).map((item, index) => one(item, at(here, index)));
    } else if (attribute.type === 'dynamiczone') {
      data[name] = value === null || value === undefined ? [] : expectList(here.url, here.field, value).map((item, index) => {
        const place = at(here, index);
        const zone = expectObject(place.url, place.field, item);
        const component = models.get(String(zone.__component));
        if (!component || !(attribute.components ?? []).includes(component.uid)) {
          const shown = JSON.stringify(zone.__component)?.slice(0, 80);
          throw new ImportSourceError(place.url, `${place.field}.__component ${shown} is not one of ${name}'s components`);
        }
        return storedData(models, component, zone, place);
      });
    } else if (attribute.type === 'timestamp' && !Number.isNaN(timestampMs(value))) {
      // Strapi answers epoch milliseconds; the file holds the ISO date-time an API write stores.
      data[name] = new Date(timestampMs(value)).toISOString();
    } else {
      data[name] = value;
    }
  }
  return data;
}
