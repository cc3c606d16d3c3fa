import type { Cms } from '../cms.js';
import { ServiceUnavailableError } from '../errors.js';
import { toErrorBody } from '../strapi/errors.js';
import { json } from './respond.js';

/**
 * `GET /_health`: 204 as Strapi's. On a replica it says how far behind the remote it is (`X-Cms-Behind`: commits,
 * `X-Cms-Behind-Since`: since when), and once that has lasted longer than `git.pushTimeout` (a pull git refuses, an
 * origin it cannot reach) it answers 503 `ServiceUnavailableError` with the reason, so a balancer stops sending reads
 * to a replica that would serve stale content.
 *
 * @example
 * await healthResponse(cms, headers) // 204, or 503 with { behind, behindSince, lastError } in `error.details`
 */
export async function healthResponse(cms: Cms, headers: Record<string, string>): Promise<Response> {
  const answered = { ...headers, strapi: 'You are so French!' };
  if (!cms.replica) return new Response(null, { status: 204, headers: answered });
  const { behindForMs, ...lag } = await cms.replica.lag();
  const told: Record<string, string> = { ...answered, 'cache-control': 'no-store', 'x-cms-behind': String(lag.behind) };
  if (lag.behindSince) told['x-cms-behind-since'] = lag.behindSince;
  if (lag.behind && behindForMs > cms.replica.pushTimeout) {
    const reason = lag.lastError ? `: ${lag.lastError.message}` : '';
    const seconds = Math.round(behindForMs / 1000);
    const message = `This replica has been ${lag.behind} commit(s) behind the git remote for ${seconds} s${reason}`;
    return json(503, toErrorBody(new ServiceUnavailableError(message, { ...lag })), told);
  }
  return new Response(null, { status: 204, headers: told });
}
