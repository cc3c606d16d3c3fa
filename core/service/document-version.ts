import { hash } from 'node:crypto';
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
  // One-shot `hash`: the same digest as a Hash object's, without making one per write (every write answers its version).
  return `"${hash('sha256', stableJson(row.data), 'base64url').slice(0, 27)}"`;
}

/** Object keys as JSON strings, by key: the same attribute names come back on every write (bounded for JSON fields' own keys). */
const quotedKeys = new Map<string, string>();
const quoted = (key: string): string => {
  let text = quotedKeys.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    // Attribute names: short. A JSON field's own keys come from request bodies: a long one is never kept.
    if (key.length <= 64 && quotedKeys.size < 4096) quotedKeys.set(key, text);
  }
  return text;
};

/**
 * An object's keys in `sort()`'s order (UTF-16 code units; keys are distinct, so the order is the one order), a short
 * list sorted in place by insertion, without the work array `sort` allocates on every call.
 */
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  if (keys.length > 32) return keys.sort();
  for (let at = 1; at < keys.length; at++) {
    const key = keys[at];
    let to = at;
    for (; to > 0 && keys[to - 1] > key; to--) keys[to] = keys[to - 1];
    keys[to] = key;
  }
  return keys;
}

/**
 * JSON with keys in sorted order, so two readings of the same fields hash alike whatever order the file kept. Built by
 * appending to one string (every write hashes its version): the same text as mapping and joining each level.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) {
    let text = '[';
    for (let at = 0; at < value.length; at++) {
      if (at) text += ',';
      text += stableJson(value[at]);
    }
    return text + ']';
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = sortedKeys(record);
    let text = '{';
    for (let at = 0; at < keys.length; at++) {
      if (at) text += ',';
      text += quoted(keys[at]);
      text += ':';
      text += stableJson(record[keys[at]]);
    }
    return text + '}';
  }
  return JSON.stringify(value) ?? 'null';
}

/** A write's preconditions, as HTTP names them; either may be absent (every Strapi client sends neither). */
export interface Precondition {
  /** RFC 9110 §13.1.1: the version the client edited; `*` asks only that a version exists. */
  ifMatch?: string | null;
  /** RFC 9110 §13.1.2: `*` asks that no version exists yet (a new locale): a teammate's new one is never replaced. */
  ifNoneMatch?: string | null;
}

/** The entity tags of a header (`"a", W/"b"` → `"a"`, `"b"`); none for an absent or empty header. */
const tagsOf = (header: string | null | undefined): string[] | undefined => (header === undefined || header === null || header.trim() === ''
  ? undefined
  : header.split(',').map((tag) => tag.trim().replace(/^W\//, '')));

/**
 * A write's precondition: the client names the version it edited (`If-Match`), or says it creates
 * the version (`If-None-Match: *`), and the write goes ahead only while that still holds. Called
 * inside the document's lock, so nothing can change the version between the check and the write.
 */
export function checkPrecondition(
  index: ContentIndex, model: Model, documentId: string, locale: string | null, precondition: Precondition | undefined,
): void {
  const ifMatch = tagsOf(precondition?.ifMatch);
  const ifNoneMatch = tagsOf(precondition?.ifNoneMatch);
  if (!ifMatch && !ifNoneMatch) return;
  const current = documentVersion(index, model, documentId, locale);
  if (ifMatch && !(current !== null && (ifMatch.includes('*') || ifMatch.includes(current)))) {
    throw new PreconditionFailedError('This document changed since you opened it', { current });
  }
  if (ifNoneMatch && current !== null && (ifNoneMatch.includes('*') || ifNoneMatch.includes(current))) {
    throw new PreconditionFailedError('This version was created elsewhere since you opened it', { current });
  }
}
