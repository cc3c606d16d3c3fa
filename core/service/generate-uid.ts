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
export function uniqueUid(index: ContentIndex, model: Model, name: string, source: unknown, documentId: string | undefined, locale: string | null): string | undefined {
  const base = componentUid(source);
  if (base === undefined) return undefined;
  // Another document's row (any version) in the locale holds it: a lookup kept by the index, not a scan.
  const taken = (value: string) => [...index.valueHolders(model.uid, name, locale, 'any', value)].some((holder) => holder !== documentId);
  let candidate = base;
  for (let n = 1; taken(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
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
