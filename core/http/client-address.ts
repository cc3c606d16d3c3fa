import type { Cms } from '../cms.js';
import type { ProxyConfig } from '../config/types.js';
import { sameSecret } from './git-pull-route.js';

/** Carried by a write one replica forwards to the writer (its value: the cluster's pull token); the writer never forwards it again. */
export const FORWARDED_HEADER = 'x-cms-forwarded';
/** The client address the forwarding replica decided on, believed only beside a valid `FORWARDED_HEADER`. */
export const CLIENT_HEADER = 'x-cms-client';

export interface ClientAddressOptions {
  /** `server.proxy` as in effect (see proxyInEffect). */
  proxy: ProxyConfig;
  /** The cluster's pull token: a peer replica that forwards a request proves itself with it. */
  peerToken?: string;
}

/**
 * Who is asking, for per-client limits: the address a peer replica forwarded (with the cluster's pull token), else
 * behind a trusted proxy (`server.proxy.koa`) the first of the last `maxIpsCount` entries of its `ipHeader` (koa's
 * `request.ip`), else the TCP peer. A client's own `X-Forwarded-For` or `X-Cms-Client` is never believed unless a
 * trusted hop put it there.
 *
 * @example
 * clientAddress((name) => headers[name], '10.0.0.1', { proxy: { koa: true, maxIpsCount: 1, ipHeader: 'X-Forwarded-For' } })
 */
export function clientAddress(
  header: (name: string) => string | undefined, peer: string | undefined, options: ClientAddressOptions,
): string {
  const marker = header(FORWARDED_HEADER);
  if (marker && options.peerToken && sameSecret(marker, options.peerToken)) {
    const forwarded = header(CLIENT_HEADER)?.trim();
    if (forwarded) return forwarded;
  }
  const { koa, maxIpsCount, ipHeader } = options.proxy;
  if (koa) {
    const chain = (header(ipHeader.toLowerCase()) ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    const kept = maxIpsCount > 0 ? chain.slice(-maxIpsCount) : chain;
    if (kept[0]) return kept[0];
  }
  return peer || 'unknown';
}

/** A web request's client address (srvx's Node request carries the TCP peer as `ip`; in-process requests have none). */
export function requestClient(cms: Pick<Cms, 'config' | 'replica'>, request: Request): string {
  const peer = (request as Request & { ip?: string }).ip;
  const options = { proxy: cms.config.server.proxy, peerToken: cms.replica?.pullToken };
  return clientAddress((name) => request.headers.get(name) ?? undefined, peer, options);
}
