import type { Model } from '../schema/types.js';

/** `meta-social` → `MetaSocial`; keeps letters and digits only, never starts with a digit. */
export const pascalCase = (text: string): string => {
  const out = text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((part) => part[0].toUpperCase() + part.slice(1)).join('');
  return /^[0-9]/.test(out) ? `T${out}` : out;
};

/**
 * The name generated code gives a model: a content type after its singular API id (unique in a
 * project), a component after its uid with a `Component` suffix (`shared.seo` → `SharedSeoComponent`).
 *
 * @example
 * typeName(articleModel) // 'Article'
 */
export const typeName = (model: Model): string =>
  (model.modelType === 'component'
    ? `${pascalCase(model.uid)}Component`
    : model.uid === 'plugin::upload.file'
    ? 'UploadFile'
    : pascalCase(model.singularName));
