import { createHmac, timingSafeEqual } from 'node:crypto';
import { MethodNotAllowedError, NotFoundError, PayloadTooLargeError, UnauthorizedError } from '../errors.js';
import { PEER_HEADER } from '../replication/peers.js';
import { json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/** Outside the API prefix and `/uploads`, so no content type or file can ever take it. */
export const GIT_PULL_PATH = '/_cms/git/pull';
/** GitHub's own cap on a webhook payload. */
const WEBHOOK_LIMIT = 25 * 1024 * 1024;

/** Compare two secrets in constant time. */
export const sameSecret = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `Authorization: Bearer <token>`, GitLab's `X-Gitlab-Token`, or GitHub's `X-Hub-Signature-256`
 * (HMAC of the body with the token as secret).
 */
async function authorized(request: Request, token: string): Promise<boolean> {
  const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (bearer !== undefined) return sameSecret(bearer, token);
  const gitlab = request.headers.get('x-gitlab-token');
  if (gitlab !== null) return sameSecret(gitlab, token);
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
  return sameSecret(signature, `sha256=${hmac.digest('hex')}`);
}

/**
 * `POST /_cms/git/pull`: fetch the remote, bring this clone to its tip and reindex, for a hosting
 * site's push webhook or a peer replica's notice. A webhook (no `X-Cms-Peer` header) is passed on
 * to every peer, so one sent to a balancer reaches all replicas; a peer's notice is not (no loops).
 * Exists only where `git.push` or `git.pull` is configured and `CMS_GIT_PULL_TOKEN` is set; answers
 * `{ changed: <files> }`.
 */
export const gitPullRoute: ExtensionRoute = async ({ request, url, cms, headers }) => {
  if (url.pathname !== GIT_PULL_PATH) return undefined;
  const token = cms.replica?.pullToken;
  if (!cms.replica || !token) throw new NotFoundError();
  if (request.method !== 'POST') throw new MethodNotAllowedError(['POST']);
  if (!(await authorized(request, token))) throw new UnauthorizedError('Missing or invalid pull token');
  const fromPeer = request.headers.has(PEER_HEADER);
  // A peer's notice names the commit it pushed: a read asking for it waits for it without looking it up.
  const pushed = request.headers.get(PEER_HEADER)?.trim().toLowerCase() ?? '';
  if (/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(pushed)) cms.replica.announce(pushed);
  const { changed } = await (fromPeer ? cms.replica.pullNoticed() : cms.replica.pull());
  if (!fromPeer) cms.replica.notifyPeers();
  return json(200, { changed: changed.length }, headers);
};
