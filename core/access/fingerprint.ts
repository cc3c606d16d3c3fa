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
