import { invalidKey } from '../errors.js';
import { getAttribute, isMorph, isPopulatable, type Model } from '../schema/types.js';
import type { PopulateMap, PopulateNode } from './ast.js';
import type { NormalizeContext } from './normalize-filters.js';
import { attributeFor, isReadable, targetModel } from './populate-attributes.js';
import { into, joinKey, type PopulatePath } from './populate-path.js';

/** The dot-path form of populate (`populate=author.avatar`, also inside lists and comma lists). */

/**
 * One dot path (`author.avatar`, `seo.metaSocial`, `blocks.file`) → nested nodes. Strapi names a
 * bad key of a populate string by the string's own dotted path up to it (`owner.nope`, and just
 * `nope` in `populate[owner][populate]=nope`): `prefix` is that path.
 */
export function dotPath(
  ctx: NormalizeContext, model: Model, segments: string[], path: PopulatePath, prefix: string | null = null,
): PopulateMap {
  const [head, ...tail] = segments;
  const attribute = attributeFor(model, head);
  if (!attribute || !isPopulatable(attribute) || attribute.private) throw invalidKey(head, joinKey(prefix, head), 'populate');
  const here = into(path, head, true);
  if (!isReadable(ctx, attribute)) return new Map();
  const map: PopulateMap = new Map();
  if (!tail.length) { map.set(head, {}); return map; }
  if (attribute.type === 'media' || isMorph(attribute)) throw invalidKey(head, here.attribute, 'populate');
  if (attribute.type === 'dynamiczone') {
    // Strapi populates every component of the zone with the rest of the path where it exists.
    const [next] = tail;
    const components = new Map<string, PopulateNode>();
    for (const uid of attribute.components ?? []) {
      const component = ctx.models.get(uid)!;
      if (!getAttribute(component, next)) continue;
      try {
        components.set(uid, { populate: dotPath(ctx, component, tail, here, joinKey(prefix, head)) });
      } catch {
        // Another component of the zone may accept the path.
      }
    }
    if (!components.size) throw invalidKey(next, here.attribute, 'populate');
    map.set(head, { on: components });
    return map;
  }
  map.set(head, { populate: dotPath(ctx, targetModel(ctx, attribute)!, tail, here, joinKey(prefix, head)) });
  return map;
}
