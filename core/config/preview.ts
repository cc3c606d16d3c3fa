import { didYouMean } from '../did-you-mean.js';
import { FileError } from '../errors.js';
import type { CmsConfig, PreviewConfig } from './types.js';

// Preview settings (types.ts `PreviewConfig`): checked here, and turned into a document's URL.

/** A content type as a preview URL names it: uid, plural or singular API id. */
interface Named { uid: string; pluralName?: string; singularName?: string }
/** What a preview URL is filled with (besides the secret). */
interface PreviewValues { documentId: string; locale: string | null; status: 'draft' | 'published' }

const PLACEHOLDERS = ['documentId', 'locale', 'status', 'secret'];
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const originOf = (url: string) => { try { return new URL(url.replace(/\{\w+\}/g, 'x')).origin; } catch { return undefined; } };

/** Check `preview` (its keys are checked by known-keys.ts): origins, and each URL on one of them with known placeholders. */
export function resolvePreview(raw: unknown, defaults: PreviewConfig, fail: (message: string) => never): PreviewConfig {
  if (raw === undefined) return defaults;
  if (!isRecord(raw)) return fail('preview must be an object: { enabled, config: { allowedOrigins, urls } }');
  const enabled = raw.enabled ?? defaults.enabled;
  if (typeof enabled !== 'boolean') fail('preview.enabled must be true or false');
  const given = isRecord(raw.config) ? raw.config : raw.config === undefined ? {} : fail('preview.config must be an object');
  const allowedOrigins = given.allowedOrigins ?? [];
  const isOrigin = (origin: unknown) => typeof origin === 'string' && ORIGIN.test(origin);
  if (!Array.isArray(allowedOrigins) || !allowedOrigins.every(isOrigin)) {
    fail('preview.config.allowedOrigins must be a list of origins such as "http://localhost:4321"');
  }
  const urls = given.urls ?? {};
  if (!isRecord(urls)) fail('preview.config.urls must map a content type to a URL template');
  const table: Record<string, string> = Object.create(null);
  for (const [type, url] of Object.entries(urls)) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) fail(`preview.config.urls.${type} must be an http(s) URL template`);
    for (const [, name] of (url as string).matchAll(/\{(\w+)\}/g)) {
      if (PLACEHOLDERS.includes(name)) continue;
      const known = PLACEHOLDERS.map((placeholder) => `{${placeholder}}`).join(' ');
      fail(`preview.config.urls.${type}: {${name}} is not a placeholder${didYouMean(name, PLACEHOLDERS)} (known: ${known})`);
    }
    const origin = originOf(url as string);
    if (!origin || !(allowedOrigins as string[]).includes(origin)) {
      fail(`preview.config.urls.${type}: its origin ${origin ?? url} is not in preview.config.allowedOrigins `
        + '(the studio may only frame those)');
    }
    table[type] = url as string;
  }
  return { enabled: enabled as boolean, config: { allowedOrigins: allowedOrigins as string[], urls: table } };
}

/** Throw a config error naming a `preview.config.urls` key that is no content type, with a did-you-mean. */
export function assertPreviewTypes(config: CmsConfig, models: Iterable<Named & { modelType?: string }>): void {
  const names: string[] = [];
  for (const model of models) {
    if (model.modelType !== 'component') {
      names.push(...[model.uid, model.pluralName, model.singularName].filter((name): name is string => !!name));
    }
  }
  const unknown = Object.keys(config.preview.config.urls).filter((key) => !names.includes(key));
  if (!unknown.length) return;
  throw new FileError(
    'cms.config.json', unknown.map((key) => `preview.config.urls.${key} names no content type${didYouMean(key, names)}`).join('; '),
  );
}

/**
 * The page that previews a document, or undefined when preview is off or the type has no URL.
 *
 * @example
 * previewUrl(config, article, { documentId: 'a1', locale: 'en', status: 'draft' }, 's3cret')
 * // 'http://localhost:4321/articles/a1?locale=en&status=draft&secret=s3cret'
 */
export function previewUrl(config: CmsConfig, model: Named, values: PreviewValues, secret = ''): string | undefined {
  if (!config.preview.enabled) return undefined;
  const urls = config.preview.config.urls;
  const key = [model.uid, model.pluralName, model.singularName].find((name) => name && Object.hasOwn(urls, name));
  if (!key) return undefined;
  const fill: Record<string, string> = { documentId: values.documentId, locale: values.locale ?? '', status: values.status, secret };
  return urls[key].replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fill[name]));
}

/** The studio page's CSP with the preview origins allowed in frames (Strapi feeds allowedOrigins to `frame-src` the same way). */
export function withPreviewFrames(csp: string, config: CmsConfig): string {
  if (!config.preview.enabled || !config.preview.config.allowedOrigins.length) return csp;
  return `${csp};frame-src 'self' ${config.preview.config.allowedOrigins.join(' ')}`;
}
