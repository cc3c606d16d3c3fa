import { corsHeadersFor } from './cors.js';
import { ANSWER_VARY } from './http-cache.js';

/**
 * The headers Strapi's `strapi::security` middleware sets on every answer (koa-helmet with
 * Strapi's defaults: CSP allowing https connections and data/blob media, HSTS, SAMEORIGIN frames;
 * cross-origin policies and the legacy XSS filter off). Clients and proxies see the same answer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': [
    "connect-src 'self' https:",
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "img-src 'self' data: blob: https://market-assets.strapi.io",
    "media-src 'self' data: blob:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' https: 'unsafe-inline'",
  ].join(';'),
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
});

/** The headers every answer of the HTTP face starts from: Strapi's security ones, CORS for the request's `Origin`, `Vary`. */
export function answerHeaders(origin: string | null): Record<string, string> {
  return { ...SECURITY_HEADERS, ...corsHeadersFor(origin), vary: ANSWER_VARY, 'x-powered-by': 'Strapi <strapi.io>' };
}
