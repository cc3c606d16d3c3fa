import type { Models } from '../schema/types.js';

type Populate = Record<string, unknown>;

/**
 * The populate Strapi 5.54 gives a webhook's `entry` (recorded: test/webhooks/recording.json): every relation one
 * level deep (the target's own fields), every media field, every component and dynamic-zone entry whole, their
 * media and relations included, to any depth of components.
 *
 * @example
 * webhookPopulate(models, 'api::article.article') // { cover: 'true', category: 'true', seo: { populate: { image: 'true' } } }
 */
export function webhookPopulate(models: Models, uid: string, seen: readonly string[] = []): Populate {
  const model = models.get(uid);
  if (!model || seen.includes(uid)) return {};
  const populate: Populate = {};
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    if (attribute.private) continue;
    if (attribute.type === 'relation' || attribute.type === 'media') populate[name] = 'true';
    else if (attribute.type === 'component' && attribute.component) {
      populate[name] = { populate: webhookPopulate(models, attribute.component, [...seen, uid]) };
    } else if (attribute.type === 'dynamiczone') {
      const on = Object.fromEntries((attribute.components ?? [])
        .map((component) => [component, { populate: webhookPopulate(models, component, [...seen, uid]) }]));
      populate[name] = { on };
    }
  }
  return populate;
}
