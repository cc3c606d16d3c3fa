import type { Model } from '../schema/types.js';

/**
 * The plugin's naming rules (`@strapi/plugin-graphql` services/utils/naming.ts): lodash's `camelCase` and
 * `upperFirst` over a type's singular or plural name, its plugin's name before it, components after their
 * `globalId` (`Component` + category + name).
 */

/** lodash's word split: runs of letters and digits, a capital starting a word, digits apart (`i18n` → i, 18, n). */
export function words(text: string): string[] {
  return text.match(/[A-Z]{2,}(?=[A-Z][a-z]|[0-9]|\b|_)|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g) ?? [];
}

export const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
export const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** lodash `camelCase`: `workflow-stage` → `workflowStage`, `i18n` → `i18N`. */
export function camelCase(text: string): string {
  return words(text).map((word, index) => (index === 0 ? word.toLowerCase() : upperFirst(word.toLowerCase()))).join('');
}

const pluginOf = (uid: string): string => (uid.startsWith('plugin::') ? uid.slice('plugin::'.length).split('.')[0] : '');

/** `api::blog-post.blog-post` → `BlogPost`; `plugin::upload.file` → `UploadFile`; a component → its globalId. */
export function typeName(model: Model, plurality: 'singular' | 'plural' = 'singular'): string {
  if (model.modelType === 'component') return componentName(model);
  const plugin = pluginOf(model.uid);
  const name = plurality === 'singular' ? model.singularName : model.pluralName;
  return `${plugin ? upperFirst(camelCase(plugin)) : ''}${upperFirst(camelCase(name))}`;
}

/** A component's globalId: `shared.seo` → `ComponentSharedSeo`. */
export function componentName(model: Pick<Model, 'uid'>): string {
  const [category, name] = model.uid.split('.');
  return `Component${upperFirst(camelCase(category))}${upperFirst(camelCase(name ?? ''))}`;
}

export const enumName = (model: Model, attribute: string): string => `ENUM_${typeName(model).toUpperCase()}_${attribute.toUpperCase()}`;
export const filtersName = (model: Model): string => `${typeName(model)}FiltersInput`;
export const inputName = (model: Model): string => `${typeName(model)}Input`;
export const zoneName = (model: Model, attribute: string): string => `${typeName(model)}${upperFirst(camelCase(attribute))}DynamicZone`;
export const zoneInputName = (model: Model, attribute: string): string => `${zoneName(model, attribute)}Input`;
export const collectionName = (model: Model): string => `${typeName(model)}EntityResponseCollection`;
export const relationCollectionName = (model: Model): string => `${typeName(model)}RelationResponseCollection`;
export const scalarFilterName = (scalar: string): string => `${scalar}FilterInput`;

/** Root field names: `posts`, `posts_connection`, `post`, `createPost`, `updatePost`, `deletePost`. */
export const queryNames = (model: Model) => ({
  findOne: lowerFirst(typeName(model)),
  find: lowerFirst(typeName(model, 'plural')),
  connection: `${lowerFirst(typeName(model, 'plural'))}_connection`,
  create: `create${typeName(model)}`,
  update: `update${typeName(model)}`,
  delete: `delete${typeName(model)}`,
});
