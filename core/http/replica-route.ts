import { MethodNotAllowedError, NotFoundError, UnauthorizedError } from '../errors.js';
import { sameSecret } from './git-pull-route.js';
import { json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/** Beside the pull route, outside the API prefix. */
export const REPLICA_PATH = '/_cms/replica';

/**
 * Whether `authorization` carries the replica's pull token (`CMS_GIT_PULL_TOKEN`): the key of its own routes (its status,
 * the pull webhook), which names no user and no API token.
 */
export function carriesPullToken(cms: { replica?: { pullToken?: string } }, authorization: string | null): boolean {
  const token = cms.replica?.pullToken;
  if (!token || !authorization) return false;
  const bearer = /^Bearer (.+)$/.exec(authorization)?.[1];
  return bearer !== undefined && sameSecret(bearer, token);
}

/**
 * `GET /_cms/replica` (`Authorization: Bearer <CMS_GIT_PULL_TOKEN>`): where this replica stands
 * against the remote, for a balancer or an operator: commits ahead and behind, writes waiting for
 * their push, the last push, pull and poll, the last push error and the stray refs kept. Exists only
 * on a replica with the pull token set; answers no secret and no peer URL.
 */
export const replicaRoute: ExtensionRoute = async ({ request, url, cms, headers }) => {
  if (url.pathname !== REPLICA_PATH) return undefined;
  const token = cms.replica?.pullToken;
  if (!cms.replica || !token) throw new NotFoundError();
  if (!['GET', 'HEAD'].includes(request.method)) throw new MethodNotAllowedError(['GET', 'HEAD']);
  if (!carriesPullToken(cms, request.headers.get('authorization'))) throw new UnauthorizedError('Missing or invalid pull token');
  return json(200, await cms.replica.status(), { ...headers, 'cache-control': 'no-store' });
};
