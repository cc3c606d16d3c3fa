import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';
import { slugify } from './slugify.js';

/**
 * The uid a `targetField` value makes: its slug, made unique among the other documents of the same
 * locale (`-1`, `-2`…); undefined when the source gives no slug. One implementation for writes that
 * leave the uid empty and for the studio's "generate" button.
 *
 * @example
 * uniqueUid(index, articleModel, 'slug', 'Beautiful mountains', 'abc', 'en') // 'beautiful-mountains' (or '-1' when taken)
 */
export function uniqueUid(
  index: ContentIndex, model: Model, name: string, source: unknown, documentId: string | undefined, locale: string | null,
): string | undefined {
  const base = componentUid(source);
  return base === undefined ? undefined : firstFree(base, takenTest(index, model, name, documentId, locale));
}

/** Whether another document's row (any version) in the locale holds a value: a lookup kept by the index, not a scan. */
const takenTest = (index: ContentIndex, model: Model, name: string, documentId: string | undefined, locale: string | null) =>
  (value: string): boolean => [...index.valueHolders(model.uid, name, locale, 'any', value)].some((holder) => holder !== documentId);

/** `base`, or `base-1`, `base-2`… the first that no one else holds. */
function firstFree(base: string, taken: (value: string) => boolean): string {
  let candidate = base;
  for (let n = 1; taken(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/**
 * Whether another document of the locale holds `value` in the uid `name` (any version, the rule
 * `uniqueUid` follows), and the first free value like it when one does: Strapi's
 * `/content-manager/uid/check-availability` answer.
 *
 * @example
 * uidAvailability(index, articleModel, 'slug', 'beautiful-mountains-of-norway', undefined, 'en')
 * // { isAvailable: false, suggestion: 'beautiful-mountains-of-norway-1' }
 */
export function uidAvailability(
  index: ContentIndex, model: Model, name: string, value: string, documentId: string | undefined, locale: string | null,
): { isAvailable: boolean; suggestion: string | null } {
  const taken = takenTest(index, model, name, documentId, locale);
  return taken(value) ? { isAvailable: false, suggestion: firstFree(value, taken) } : { isAvailable: true, suggestion: null };
}

/**
 * The uid a `targetField` value makes inside a component: its slug alone (a component's uid is
 * unique nowhere, as a write holds it); undefined when the source gives no slug.
 *
 * @example
 * componentUid('Share on Twitter') // 'share-on-twitter'
 */
export function componentUid(source: unknown): string | undefined {
  const slug = typeof source === 'string' ? slugify(source) : '';
  return slug === '' ? undefined : slug;
}
