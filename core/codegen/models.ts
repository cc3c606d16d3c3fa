import { UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';

const byUid = (a: Model, b: Model) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

/**
 * The project's content types sorted by uid (generated text never depends on file-system order);
 * the media library's built-in model only when asked.
 *
 * @example
 * sortedModels(models).map((model) => model.uid) // ['api::about.about', 'api::article.article', …]
 */
export function sortedModels(models: Models, options: { includeUpload?: boolean } = {}): Model[] {
  return [...models.values()]
    .filter((model) => model.modelType === 'contentType'
      && (model.uid === UPLOAD_FILE_UID ? !!options.includeUpload : model.uid.startsWith('api::')))
    .sort(byUid);
}

/** Every component, sorted by uid. */
export const sortedComponents = (models: Models): Model[] => [...models.values()].filter((model) => model.modelType === 'component')
  .sort(byUid);

/** Keys of an object in code-point order, for deterministic output. */
export function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
}

/** Stable JSON text: 2-space indent, trailing newline (as content files). */
export const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
