import { createHmac, timingSafeEqual } from 'node:crypto';
import { MethodNotAllowedError, NotFoundError, PayloadTooLargeError, UnauthorizedError } from '../errors.js';
import { json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/** Outside the API prefix and `/uploads`, so no content type or file can ever take it. */
export const GIT_PULL_PATH = '/_cms/git/pull';
/** GitHub's own cap on a webhook payload. */
const WEBHOOK_LIMIT = 25 * 1024 * 1024;

const same = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** `Authorization: Bearer <token>`, GitLab's `X-Gitlab-Token`, or GitHub's `X-Hub-Signature-256` (HMAC of the body with the token as secret). */
async function authorized(request: Request, token: string): Promise<boolean> {
  const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (bearer !== undefined) return same(bearer, token);
  const gitlab = request.headers.get('x-gitlab-token');
  if (gitlab !== null) return same(gitlab, token);
  const signature = request.headers.get('x-hub-signature-256');
  if (signature === null) return false;
  const hmac = createHmac('sha256', token);
  if (Number(request.headers.get('content-length') ?? 0) > WEBHOOK_LIMIT) throw new PayloadTooLargeError();
  const reader = request.body?.getReader();
  for (let size = 0; reader;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Released, never cancelled: cancelling detaches Node's request before the 413 is written (see body.ts).
    if (size > WEBHOOK_LIMIT) { reader.releaseLock(); throw new PayloadTooLargeError(); }
    hmac.update(value);
  }
  return same(signature, `sha256=${hmac.digest('hex')}`);
}

/**
 * `POST /_cms/git/pull`: fetch the remote, fast-forward (rebasing this replica's unpushed
 * commits) and reindex, for a hosting site's push webhook. Exists only where `git.push` or
 * `git.pull` is configured and `CMS_GIT_PULL_TOKEN` is set; answers `{ changed: <files> }`.
 */
export const gitPullRoute: ExtensionRoute = async ({ request, url, cms, headers }) => {
  if (url.pathname !== GIT_PULL_PATH) return undefined;
  const token = cms.replica?.pullToken;
  if (!cms.replica || !token) throw new NotFoundError();
  if (request.method !== 'POST') throw new MethodNotAllowedError(['POST']);
  if (!(await authorized(request, token))) throw new UnauthorizedError('Missing or invalid pull token');
  const { changed } = await cms.replica.pull();
  return json(200, { changed: changed.length }, headers);
};
