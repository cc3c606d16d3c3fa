import type { Cms } from '../cms.js';
import { graphqlExtensionStateOf } from '../extensions/graphql-extension.js';
import { mayBePrivate } from '../media/providers/index.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import type { GraphqlFace, GraphqlRequest } from '../graphql/graphql-face.js';
import { freshness, isFresh, ResponseCache, type Freshness } from './response-cache.js';

/** Where a query's answer may be kept, and what it is computed from. */
export interface AnswerReuse {
  key: string;
  from: Freshness;
  cache: ResponseCache;
}

/**
 * The longest key kept, as a REST answer's URL is bounded by Node's 16 KB of headers: the cache counts its answers'
 * bytes, not its keys', so a long query text (a client's own, or a hostile one) is answered afresh, never kept.
 */
export const MAX_KEY_CHARS = 16 * 1024;

/** One cache per face (a model set and config): a reload makes a new face, and so starts empty. */
const caches = new WeakMap<GraphqlFace, ResponseCache>();
const cacheOf = (face: GraphqlFace): ResponseCache => {
  let cache = caches.get(face);
  if (!cache) caches.set(face, (cache = new ResponseCache(2000, 32 * 1024 * 1024)));
  return cache;
};

/**
 * Whether a GraphQL request's answer may be kept and reused, as the REST answers are (response-cache.ts): a query whose
 * root fields all read content types (no mutation, no `me`, no plugin's field), asked with a credential whose read
 * scope is known, on types no project route owns (their policies and middlewares run for every request), on a site
 * whose project adds no resolvers of its own, and reaching no media of a private bucket (signed URLs expire). The key
 * holds the branch, the scope and the request's text; the answer is fresh while the types those roots reach
 * (relations, components, media) keep their versions. Undefined: answer afresh.
 *
 * @example
 * const reuse = answerReuse(site, face, { query: '{ tags { name } }' }, null);
 * reuse?.cache.get(reuse.key, site.index) // the bytes answered last time, while no tag changed
 */
export function answerReuse(site: Cms, face: GraphqlFace, request: GraphqlRequest, authorization: string | null): AnswerReuse | undefined {
  if (graphqlExtensionStateOf(site.models)?.uses.length) return undefined;
  const models = face.readModels(request);
  if (!models?.length || models.some((model) => site.routeGate?.owns(model))) return undefined;
  const scope = site.contentApi.readScope(authorization);
  if (scope === undefined) return undefined;
  const types = [...new Set(models.flatMap((model) => site.index.dependencies.readsOf(model.uid)))];
  // A private bucket's media URLs are signed per answer and expire (see app.ts): such an answer is never kept.
  if (mayBePrivate(site.config.upload) && types.includes(UPLOAD_FILE_UID)) return undefined;
  const key = JSON.stringify([site.branchName ?? null, scope, request.query, request.variables ?? null, request.operationName ?? null]);
  if (key.length > MAX_KEY_CHARS) return undefined;
  return { key, from: freshness(site.index, types), cache: cacheOf(face) };
}

/** Keep a query's answer text: only a whole success, computed from the versions it is filed under. */
export function keepAnswer(reuse: AnswerReuse, site: Cms, status: number, errors: unknown, text: string): void {
  if (status !== 200 || errors !== undefined || !isFresh(reuse.from, site.index)) return;
  reuse.cache.set(reuse.key, reuse.from, { status, headers: {}, body: Buffer.from(text) });
}
