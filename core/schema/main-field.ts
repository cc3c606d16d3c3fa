import type { Model } from './types.js';

/**
 * Strapi's default `mainField`: the first string-like attribute, else the documentId. The studio's
 * lists and pickers show it, and the Git panel names a changed document by it.
 *
 * @example
 * mainFieldOf(models.get('api::article.article')!) // 'title'
 */
export function mainFieldOf(model: Model): string {
  return model.attributeNames.find((name) => [
    'string', 'uid', 'email',
  ].includes(model.attributes[name].type) && !model.attributes[name].private) ?? 'documentId';
}
