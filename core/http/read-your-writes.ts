import type { Cms } from '../cms.js';
import { ServiceUnavailableError } from '../errors.js';
import { requestClient } from './client-address.js';

/** The response header naming the commit that holds a write, and the request header asking to read at least that commit. */
export const COMMIT_HEADER = 'x-cms-commit';
/** With PostgreSQL choosing the writer, a write's answer names its lock: `<term> <writer URL> <time it still held it>`. */
export const WRITER_HEADER = 'x-cms-writer';
/** The same for browsers: set on every acknowledged write, sent back by the browser on its next request. */
export const COMMIT_COOKIE = 'cms_commit';
/** A browser's read-your-writes lasts this long: enough to reach the next page, not to pin a replica for ever. */
const COOKIE_SECONDS = 300;
const HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** The commit a request asks to read at (header first, then cookie), when it names a well-formed one. */
export function requestedCommit(headers: { get(name: string): string | null }): string | undefined {
  const header = headers.get(COMMIT_HEADER)?.trim().toLowerCase();
  if (header && HASH.test(header)) return header;
  const cookie = /(?:^|;\s*)cms_commit=([0-9a-fA-F]+)/.exec(headers.get('cookie') ?? '')?.[1]?.toLowerCase();
  return cookie && HASH.test(cookie) ? cookie : undefined;
}

/**
 * Read-your-writes through any balancer: a request naming a commit the remote holds and this replica
 * does not yet waits while it catches up (at most `git.pushTimeout`), then is answered 503.
 *
 * @example
 * await catchUpForRequest(cms, request); // throws ServiceUnavailableError when it cannot
 */
export async function catchUpForRequest(cms: Cms, request: Request): Promise<void> {
  const commit = cms.replica && requestedCommit(request.headers);
  if (!commit) return;
  // A commit the remote does not hold (stale, or made up) is no reason to wait: the request is served as it is; a client
  // that named several such commits is served as it is at once (no git call: see replica-catch-up.ts).
  if ((await cms.replica!.catchUp(commit, { client: requestClient(cms, request) })) === 'behind') {
    const short = commit.slice(0, 12);
    throw new ServiceUnavailableError(`This replica could not catch up with commit ${short} from the git remote in time; try again`);
  }
}

/** The headers that name the commit holding this request's write. */
export function commitHeaders(commit: string): Record<string, string> {
  return { [COMMIT_HEADER]: commit, 'set-cookie': `${COMMIT_COOKIE}=${commit}; Path=/; Max-Age=${COOKIE_SECONDS}; SameSite=Lax; HttpOnly` };
}
