import type { ContentIndex } from '../index/content-index.js';
import { ValidationError } from '../errors.js';
import { getAttribute, type Model } from './types.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** `Invalid key <k>[ at <path>]` for a body key (details carry `source: "body"`; `id`/`documentId` have no path). */
function invalidBodyKey(key: string, path?: string | null): ValidationError {
  const message = path && path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
  return new ValidationError(message, path === undefined ? { key, source: 'body' } : { key, path, source: 'body' });
}

/** System keys a body may not write (Strapi's non-writable attributes). */
const NON_WRITABLE = ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'localizations'];
/** Accepted but ignored, as Strapi does (`publishedAt` is forced by status, `locale` by the query). */
const IGNORED = ['publishedAt', 'locale'];
/** Keys allowed inside component items besides attributes. */
const ITEM_KEYS = ['id', 'documentId', '__component'];

/**
 * Reject unknown and non-writable keys of a write body first, at every depth of components and
 * zones, as Strapi's validateInput does (400 `Invalid key <k>[ at <path>]`, before any value is read).
 *
 * @example
 * checkBodyKeys(index, articleModel, { title: 'x', createdAt: '…' }) // throws `Invalid key createdAt at createdAt`
 */
export function checkBodyKeys(
  index: Pick<ContentIndex, 'model' | 'models'>, model: Model, data: Record<string, unknown>, attributePath: string | null = null,
): void {
  for (const key of Object.keys(data)) {
    if (attributePath === null && IGNORED.includes(key)) continue;
    if (attributePath !== null && ITEM_KEYS.includes(key)) continue;
    if (attributePath === null && (key === 'id' || key === 'documentId')) throw invalidBodyKey(key);
    if (attributePath === null && NON_WRITABLE.includes(key)) throw invalidBodyKey(key, key);
    const attribute = getAttribute(model, key);
    if (!attribute) throw invalidBodyKey(key, attributePath);
    const path = attributePath === null ? key : `${attributePath}.${key}`;
    const value = data[key];
    if (attribute.type === 'component' && value !== null) {
      const component = index.model(attribute.component!);
      const items = attribute.repeatable ? (Array.isArray(value) ? value : []) : [value];
      for (const item of items) if (isRecord(item)) checkBodyKeys(index, component, item, path);
    }
    if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value) {
        const component = isRecord(item) && typeof item.__component === 'string'
          ? index.models.get(item.__component)
          : undefined;
        if (component && component.modelType === 'component') checkBodyKeys(index, component, item as Record<string, unknown>, path);
      }
    }
  }
}
