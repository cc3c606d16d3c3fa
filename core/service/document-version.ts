import { createHash } from 'node:crypto';
import { PreconditionFailedError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import type { Model } from '../schema/types.js';

/**
 * The version of one document in one locale, as an entity tag (`"…"`): a hash of the fields the
 * editable version holds (the draft of a draft-and-publish type, with the non-localized fields it
 * shares with other locales). Whatever changes those fields changes it: a write through the API, the
 * CLI, a hand edit, a pull or a branch switch. Timestamps are left out, so an unchanged rewrite or
 * a publish keeps it. Null when the document has no version in that locale.
 *
 * @example
 * documentVersion(cms.index, model, 'leo9mpmgjqi9e4y3lvswznjb', 'en') // '"kq3…"'
 */
export function documentVersion(index: ContentIndex, model: Model, documentId: string, locale: string | null): string | null {
  const status = model.draftAndPublish ? 'draft' : 'published';
  const row = index.findRow(model.uid, documentId, { status, locale: model.localized ? locale : null });
  if (!row) return null;
  return `"${createHash('sha256').update(stableJson(row.data)).digest('base64url').slice(0, 27)}"`;
}

/** JSON with keys in sorted order, so two readings of the same fields hash alike whatever order the file kept. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A write's precondition (HTTP `If-Match`, RFC 9110 §13.1.1): the client names the version it
 * edited, and the write goes ahead only while that is still the stored one. `*` asks only that a
 * version exists. No header (every Strapi client) means no check.
 */
export function checkDocumentVersion(
  index: ContentIndex, model: Model, documentId: string, locale: string | null, ifMatch: string | null | undefined,
): void {
  if (ifMatch === undefined || ifMatch === null || ifMatch.trim() === '') return;
  const current = documentVersion(index, model, documentId, locale);
  const wanted = ifMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (current !== null && (wanted.includes('*') || wanted.includes(current))) return;
  throw new PreconditionFailedError('This document changed since you opened it', { current });
}
