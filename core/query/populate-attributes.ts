import { invalidKey } from '../errors.js';
import { getAttribute, isHiddenAttribute, isMorph, isPopulatable, UPLOAD_FILE_UID, type Attribute, type Model } from '../schema/types.js';
import type { PopulateMap } from './ast.js';
import type { NormalizeContext } from './normalize-filters.js';
import { into, type PopulatePath } from './populate-path.js';

/**
 * What a populate key may reach: the attribute it names (with the virtual `localizations` and the
 * file's `related`), the model it leads to, whether this caller may read it, and `populate=*`.
 */

/** `localizations` is a virtual relation on localized types. */
const LOCALIZATIONS: Attribute = { type: 'relation', relation: 'oneToMany' };

/** The file model's morph relation to the entries using it (Strapi's `related`; query/file-related.ts lists them). */
export const FILE_RELATED: Attribute = { type: 'relation', relation: 'morphToMany' };

export function attributeFor(model: Model, key: string): Attribute | undefined {
  if (key === 'localizations' && model.localized) return { ...LOCALIZATIONS, target: model.uid };
  if (key === 'related' && model.uid === UPLOAD_FILE_UID) return FILE_RELATED;
  return getAttribute(model, key);
}

export function targetModel(ctx: NormalizeContext, attribute: Attribute): Model | undefined {
  if (attribute.type === 'relation') return ctx.models.get(attribute.target!);
  if (attribute.type === 'media') return ctx.models.get(UPLOAD_FILE_UID);
  if (attribute.type === 'component') return ctx.models.get(attribute.component!);
  return undefined;
}

/** May this attribute be populated for this caller? Unreadable relation targets are dropped silently. */
export function isReadable(ctx: NormalizeContext, attribute: Attribute): boolean {
  // a file's `related` lists only the entries of types the caller may read
  if (attribute === FILE_RELATED) return true;
  // a morphToMany/morphToOne links several types: its items are read per type (query/nodes.ts morphRows)
  if (isMorph(attribute) && !attribute.target) return true;
  return attribute.type !== 'relation' || ctx.canRead(attribute.target!);
}

/**
 * The attribute a populate key names, or Strapi's 400: an unknown key names the parent attribute path,
 * a scalar names the raw path (`validators.ts` validatePopulate), a private one its attribute path.
 */
export function populatableAttribute(model: Model, key: string, path: PopulatePath): Attribute {
  const attribute = attributeFor(model, key);
  if (!attribute) throw invalidKey(key, isHiddenAttribute(model, key) ? into(path, key, true).attribute : path.attribute, 'populate');
  if (!isPopulatable(attribute)) throw invalidKey(key, into(path, key, true).raw, 'populate');
  if (attribute.private) throw invalidKey(key, into(path, key, true).attribute, 'populate');
  return attribute;
}

/** `populate=*`: every relation (morph ones too, recorded: morph.*.populate.star), media, component and dynamic zone, one level deep. */
export function populateAll(ctx: NormalizeContext, model: Model): PopulateMap {
  const map: PopulateMap = new Map();
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!isPopulatable(attribute) || attribute.private || !isReadable(ctx, attribute)) continue;
    map.set(name, {});
  }
  if (model.localized && model.modelType === 'contentType') map.set('localizations', {});
  // the file model's morph relation to the entries using it (recorded: populate.kitchen.cover.populate.star)
  if (model.uid === UPLOAD_FILE_UID) map.set('related', {});
  return map;
}
