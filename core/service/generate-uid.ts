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
  const taken = new Set(index.rows(model.uid).filter((row) => row.documentId !== documentId && row.locale === locale).map((row) => row.data[name]));
  let candidate = base;
  for (let n = 1; taken.has(candidate); n++) candidate = `${base}-${n}`;
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
