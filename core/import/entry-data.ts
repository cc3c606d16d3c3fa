import { isMorph, isToMany, type Model, type Models } from '../schema/types.js';
import type { Data } from '../types.js';

type Tree = Record<string, unknown>;

/**
 * The populate tree that brings back everything a document stores: owning-side relations and
 * media as documentIds, components and dynamic zones to any depth. Inverse sides (`mappedBy`)
 * and morph relations are left out: the owning side stores them.
 *
 * @example
 * populateAll(models, article) // { cover: { fields: ['documentId'] }, seo: { populate: { shareImage: … } }, blocks: { on: { … } } }
 */
export function populateAll(models: Models, model: Model): Tree {
  const tree: Tree = {};
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (attribute.type === 'relation' && !attribute.mappedBy && !isMorph(attribute)) tree[name] = { fields: ['documentId'] };
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

const idOf = (value: unknown): string | null => (value && typeof value === 'object' && typeof (value as Data).documentId === 'string' ? (value as Data).documentId as string : null);

/**
 * An API entry as a content file stores it: attributes in schema order, relations and media as
 * documentIds, components without their ids, nothing the file does not hold (id, documentId,
 * locale, timestamps, inverse relations).
 */
export function storedData(models: Models, model: Model, entry: Data): Data {
  const data: Data = {};
  if (entry.__component !== undefined) data.__component = entry.__component;
  for (const name of model.attributeNames) {
    if (!(name in entry)) continue;
    const attribute = model.attributes[name];
    const value = entry[name];
    if (attribute.type === 'relation') {
      if (attribute.mappedBy || isMorph(attribute)) continue;
      data[name] = isToMany(attribute) ? (Array.isArray(value) ? value.map(idOf).filter(Boolean) : []) : idOf(value);
    } else if (attribute.type === 'media') {
      data[name] = attribute.multiple ? (Array.isArray(value) ? value.map(idOf).filter(Boolean) : null) : idOf(value);
    } else if (attribute.type === 'component') {
      const component = models.get(attribute.component!)!;
      data[name] = Array.isArray(value) ? value.map((item) => storedData(models, component, item as Data)) : value ? storedData(models, component, value as Data) : null;
    } else if (attribute.type === 'dynamiczone') {
      data[name] = Array.isArray(value) ? value.map((item) => {
        const component = models.get(String((item as Data).__component));
        return component ? storedData(models, component, item as Data) : item;
      }) : [];
    } else {
      data[name] = value;
    }
  }
  return data;
}
