import { DEFAULT_CONFIG, type ProxyConfig } from './types.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * `server.proxy` over its defaults, as Strapi 5 takes it (`{ koa, maxIpsCount, ipHeader }`).
 *
 * @example
 * resolveProxy({ proxy: { koa: true } }, fail) // { koa: true, maxIpsCount: 1, ipHeader: 'X-Forwarded-For' }
 */
export function resolveProxy(rawServer: unknown, fail: (message: string) => never): ProxyConfig {
  const given = isRecord(rawServer) ? rawServer.proxy : undefined;
  if (given !== undefined && !isRecord(given)) fail('server.proxy must be { koa: boolean, maxIpsCount?: number, ipHeader?: string }');
  const proxy = { ...DEFAULT_CONFIG.server.proxy, ...(given ?? {}) } as ProxyConfig;
  if (typeof proxy.koa !== 'boolean') fail('server.proxy.koa must be true or false');
  if (!Number.isInteger(proxy.maxIpsCount) || proxy.maxIpsCount < 0) fail('server.proxy.maxIpsCount must be 0 or a positive integer');
  if (typeof proxy.ipHeader !== 'string' || !/^[A-Za-z0-9-]+$/.test(proxy.ipHeader)) {
    fail('server.proxy.ipHeader must be a header name such as "X-Forwarded-For"');
  }
  return proxy;
}

/**
 * The proxy setting a server runs with: env `CMS_TRUST_PROXY` (`true`/`false`; `cms cluster` sets it for the
 * replicas behind its nginx) wins over `server.proxy.koa`.
 *
 * @example
 * proxyInEffect(config.server.proxy, { CMS_TRUST_PROXY: 'true' }).koa // true
 */
export function proxyInEffect(proxy: ProxyConfig, env: NodeJS.ProcessEnv): ProxyConfig {
  const given = env.CMS_TRUST_PROXY?.trim().toLowerCase();
  if (!given) return proxy;
  return { ...proxy, koa: /^(true|1|yes|on)$/.test(given) };
}
