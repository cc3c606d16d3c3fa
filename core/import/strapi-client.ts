import { ApplicationError } from '../errors.js';

/** A read-only client of a Strapi 5 REST API: JSON GETs and binary downloads with a Bearer token. */
export interface StrapiClient {
  /** GET `<base><path>`; undefined for 404 and 403 (missing, or not readable with this token). */
  get(path: string): Promise<unknown | undefined>;
  /** The bytes at a URL (absolute, or a path on the server). */
  download(url: string): Promise<Uint8Array>;
}

export function strapiClient(base: string, token: string | undefined, fetchImpl: typeof fetch = fetch): StrapiClient {
  const origin = base.replace(/\/+$/, '');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  return {
    async get(path) {
      const response = await fetchImpl(absolute(path), { headers });
      if (response.status === 404 || response.status === 403) return undefined;
      if (!response.ok) throw new ApplicationError(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return response.json();
    },
    async download(url) {
      const response = await fetchImpl(absolute(url), { headers: url.startsWith('http') && !url.startsWith(origin) ? {} : headers });
      if (!response.ok) throw new ApplicationError(`GET ${url} answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
