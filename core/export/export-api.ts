import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Cms } from '../cms.js';
import type { Model } from '../schema/types.js';
import type { ContentApi } from '../strapi/content-api.js';

export interface ExportOptions {
  /** Output folder. */
  out: string;
  /** Export what the site owner sees instead of what the Public role may read. */
  all?: boolean;
}

export interface ExportResult {
  files: number;
  /** URL (path + query) → file, relative to the output folder. */
  routes: Record<string, string>;
}

interface Variant { locale: string | undefined; shape: string | undefined; query: string }

/**
 * Files of one variant: `api/<id>[/locale/<code>][/populate/<shape>]/…`. The default locale and
 * the plain API (no populate shape) have no segment, so `/api/articles` is `api/articles/index.json`.
 */
function baseDir(apiId: string, cms: Cms, variant: Variant): string {
  const locale = variant.locale && variant.locale !== cms.config.defaultLocale ? `/locale/${variant.locale}` : '';
  const shape = variant.shape ? `/populate/${variant.shape}` : '';
  return `api/${apiId}${locale}${shape}`;
}

function urlOf(cms: Cms, apiId: string, variant: Variant, extra: string[] = []): string {
  const params = [variant.locale && variant.locale !== cms.config.defaultLocale ? `locale=${variant.locale}` : '', variant.query, ...extra].filter(Boolean);
  return `${cms.config.api.rest.prefix}/${apiId}${params.length ? `?${params.join('&')}` : ''}`;
}

function variantsFor(cms: Cms, model: Model): Variant[] {
  const locales = model.localized ? cms.config.locales : [undefined];
  const shapes: [string | undefined, string][] = [[undefined, ''], ...Object.entries(cms.config.export.populate)];
  return locales.flatMap((locale) => shapes.map(([shape, query]) => ({ locale, shape, query })));
}

/**
 * Write the read API as static JSON: every list page at the default page size, every document,
 * every single type, per locale and per configured populate shape, plus `manifest.json` mapping
 * each URL to its file. The bodies come from the same content API the server answers with.
 *
 * @example
 * await exportApi(cms, { out: 'dist-api' }); // dist-api/api/articles/index.json, dist-api/manifest.json
 */
export async function exportApi(cms: Cms, options: ExportOptions): Promise<ExportResult> {
  const api: ContentApi = options.all ? cms.ownerApi : cms.contentApi;
  const result: ExportResult = { files: 0, routes: {} };
  const write = async (file: string, url: string, body: unknown) => {
    const path = join(options.out, file);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `${JSON.stringify(body)}\n`);
    result.routes[url] = file;
    result.files++;
  };
  const read = async (path: string, search: string) => {
    try {
      return (await api({ method: 'GET', path, search })).body;
    } catch {
      return undefined; // not readable (private) or absent in this locale
    }
  };

  for (const model of cms.contentTypes()) {
    const apiId = model.kind === 'singleType' ? model.singularName : model.pluralName;
    for (const variant of variantsFor(cms, model)) {
      const base = baseDir(apiId, cms, variant);
      const localeParam = variant.locale ? `locale=${variant.locale}` : '';
      const search = [localeParam, variant.query].filter(Boolean).join('&');
      if (model.kind === 'singleType') {
        const body = await read(`/${apiId}`, search);
        if (body) await write(`${base}/index.json`, urlOf(cms, apiId, variant), body);
        continue;
      }
      const first = (await read(`/${apiId}`, search)) as { meta: { pagination: { pageCount: number } } } | undefined;
      if (!first) continue;
      await write(`${base}/index.json`, urlOf(cms, apiId, variant), first);
      for (let page = 1; page <= first.meta.pagination.pageCount; page++) {
        const body = page === 1 ? first : await read(`/${apiId}`, [search, `pagination[page]=${page}`].filter(Boolean).join('&'));
        await write(`${base}/page/${page}.json`, urlOf(cms, apiId, variant, [`pagination[page]=${page}`]), body);
      }
      const documentIds = new Set(cms.index.scopedRows(model.uid, { status: 'published', locale: model.localized ? variant.locale ?? null : null }).map((row) => row.documentId));
      for (const documentId of documentIds) {
        const body = await read(`/${apiId}/${documentId}`, search);
        if (body) await write(`${base}/${documentId}.json`, urlOf(cms, `${apiId}/${documentId}`, variant), body);
      }
    }
  }
  await mkdir(options.out, { recursive: true });
  await writeFile(join(options.out, 'manifest.json'), `${JSON.stringify({ version: 1, prefix: cms.config.api.rest.prefix, routes: result.routes }, null, 2)}\n`);
  result.files++;
  return result;
}
