import type { Models } from '../schema/types.js';
import type { Caller } from './permissions.js';

/** The actions whose grants decide a read's answer: the route's own, and which relations populate may show. */
const READ_ACTIONS = ['find', 'findOne'] as const;

/**
 * What a caller may read, as a short string: every content type's find/findOne grant. Two
 * callers with the same fingerprint get byte-identical read answers (authorisation and populate
 * sanitising depend on nothing else), so cached answers are keyed by it rather than by the raw
 * credential: token A's answer is shared with token B only when B may read exactly what A may.
 *
 * @example
 * readFingerprint(publicCaller(config), models) // 'api::article.article:11|api::author.author:00|…'
 */
export function readFingerprint(caller: Caller, models: Models): string {
  const parts: string[] = [];
  for (const model of models.values()) {
    if (model.modelType !== 'contentType') continue;
    parts.push(`${model.uid}:${READ_ACTIONS.map((action) => (caller.can(model, action) ? 1 : 0)).join('')}`);
  }
  return parts.sort().join('|');
}

/** Every read fingerprint seen by this process, by a short id: answer-cache keys are hashed on every request. */
const scopeIds = new Map<string, string>();
const MAX_SCOPE_IDS = 10_000;

/**
 * A short stand-in for a read fingerprint, the same for the same fingerprint for the life of the
 * process (so never reused for another one, whatever reloads), and never '' (the anonymous scope):
 * a cached-answer key stays short, and looking it up costs little whatever the number of types.
 * Past `MAX_SCOPE_IDS` distinct fingerprints the fingerprint itself is its own (long) id.
 *
 * @example
 * scopeId(readFingerprint(caller, models)) // '#1'
 */
export function scopeId(fingerprint: string): string {
  const known = scopeIds.get(fingerprint);
  if (known !== undefined) return known;
  if (scopeIds.size >= MAX_SCOPE_IDS) return `=${fingerprint}`;
  const id = `#${scopeIds.size + 1}`;
  scopeIds.set(fingerprint, id);
  return id;
}
