import type { Caller } from '../access/permissions.js';
import { isPopulatable, type Model, type Models } from '../schema/types.js';

/**
 * What a single version's answer populates (`get_`, and the version a write leaves): what `populate=*` does at the top,
 * and one level more inside components and dynamic zones (their media, relations and nested components), as the
 * Content Manager's deep populate answers them (recorded: `get_post` answers `seo.image` and `seo.socials`, where a
 * list's `populate=*` stops at `seo`'s scalars). Relations to types the caller may not read are left to the reader.
 */
export function versionPopulate(models: Models, model: Model, caller: Caller): Record<string, unknown> {
  const populate: Record<string, unknown> = {};
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (!isPopulatable(attribute) || attribute.private) continue;
    if (attribute.type === 'relation') {
      // a morph relation without a target is read per linked type (as `populate=*` does)
      const target = attribute.target ? models.get(attribute.target) : undefined;
      if (!attribute.target || (target && caller.can(target, 'find'))) populate[name] = true;
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') populate[name] = { populate: '*' };
    else populate[name] = true;
  }
  if (model.localized && model.modelType === 'contentType') populate.localizations = true;
  return populate;
}
