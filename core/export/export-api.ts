import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Cms } from '../cms.js';
import { CmsError, ForbiddenError, NotFoundError, ProjectProblemsError, ValidationError } from '../errors.js';
import type { Model } from '../schema/types.js';
import type { ContentApi } from '../strapi/content-api.js';
import type { Caller } from '../access/permissions.js';
import { keptLocales } from '../index/kept-ids.js';
import { localeAddedAt } from '../strapi/locale-times.js';
import { LIST_LOCALES_SCOPE, listLocales } from '../strapi/locales.js';
import { hostRules } from './host-rules.js';
import { documentFile, filesRoot, listFile, localesFile, pageFile, type VariantKey } from './layout.js';
import { OutputFolder } from './output-folder.js';

export interface ExportOptions {
  /** Output folder. */
  out: string;
  /** Export what the site owner sees instead of what the Public role may read. */
  all?: boolean;
  /**
   * Refuse to export while any content file is malformed (default true), throwing a
   * ProjectProblemsError that names each `path:line:col`. An export is a publication: a document
   * left out (and every relation to it answered as null) would reach the static host unnoticed.
   * `false` exports the rest, as the server serves the rest.
   */
  strict?: boolean;
}

export interface ExportResult {
  files: number;
  /** URL (path + query) → file, relative to the output folder. */
  routes: Record<string, string>;
}

interface Variant { locale: string | undefined; shape: string | undefined; query: string }
interface Manifest { version: 1; prefix: string; routes: Record<string, string> }

/** Shape names become folder names. */
const SHAPE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function checkShapes(shapes: Record<string, string>): void {
  for (const name of Object.keys(shapes)) {
    if (!SHAPE_NAME.test(name)) {
      throw new ValidationError(`export.populate: "${name}" is not a valid shape name (letters, digits, - and _)`, { key: name });
    }
  }
}

/** The layout key of one variant: a type without i18n lives under the default locale. */
function keyOf(cms: Cms, apiId: string, variant: Variant): VariantKey {
  return { type: apiId, locale: variant.locale ?? cms.config.defaultLocale, shape: variant.shape };
}

function urlOf(cms: Cms, apiId: string, variant: Variant, extra: string[] = []): string {
  const params = [variant.locale && variant.locale !== cms.config.defaultLocale ? `locale=${variant.locale}` : '', variant.query, ...extra]
    .filter(Boolean);
  return `${cms.config.api.rest.prefix}/${apiId}${params.length ? `?${params.join('&')}` : ''}`;
}

function variantsFor(cms: Cms, model: Model): Variant[] {
  const locales = model.localized ? cms.config.locales : [undefined];
  const shapes: [string | undefined, string][] = [[undefined, ''], ...Object.entries(cms.config.export.populate)];
  return locales.flatMap((locale) => shapes.map(([shape, query]) => ({ locale, shape, query })));
}

/** A populate shape the API rejects for one type (`populate[author]` on a type without `author`). */
class ShapeRejected extends Error {
  constructor(readonly cause: CmsError) { super(cause.message); }
}

/** GET through the content API; undefined when the caller may not read it or it does not exist (a locale). */
async function read(api: ContentApi, path: string, search: string, variant: Variant): Promise<unknown> {
  try {
    return (await api({ method: 'GET', path, search })).body;
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof NotFoundError) return undefined;
    if (variant.shape && error instanceof CmsError && error.status === 400) throw new ShapeRejected(error);
    throw error;
  }
}

/** One variant of one type: single type, or list pages, then each published document. */
async function writeVariant(cms: Cms, api: ContentApi, model: Model, variant: Variant, folder: OutputFolder): Promise<void> {
  const apiId = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const root = filesRoot(cms.config.api.rest.prefix);
  const key = keyOf(cms, apiId, variant);
  const search = [variant.locale ? `locale=${variant.locale}` : '', variant.query].filter(Boolean).join('&');
  if (model.kind === 'singleType') {
    const body = await read(api, `/${apiId}`, search, variant);
    if (body) folder.write(listFile(root, key), urlOf(cms, apiId, variant), body);
    return;
  }
  const first = (await read(api, `/${apiId}`, search, variant)) as { meta: { pagination: { pageCount: number } } } | undefined;
  if (!first) return;
  folder.write(listFile(root, key), urlOf(cms, apiId, variant), first);
  for (let page = 1; page <= first.meta.pagination.pageCount; page++) {
    const body = page === 1 ? first : await read(api, `/${apiId}`, [search, `pagination[page]=${page}`].filter(Boolean).join('&'), variant);
    folder.write(pageFile(root, key, page), urlOf(cms, apiId, variant, [`pagination[page]=${page}`]), body);
  }
  const scope = { status: 'published' as const, locale: model.localized ? variant.locale ?? null : null };
  for (const documentId of new Set(cms.index.scopedRows(model.uid, scope).map((row) => row.documentId))) {
    const body = await read(api, `/${apiId}/${documentId}`, search, variant);
    if (body) folder.write(documentFile(root, key, documentId), urlOf(cms, `${apiId}/${documentId}`, variant), body);
  }
}

/**
 * Shapes apply to every type the API accepts them for (`populate[author]` only to types with an
 * author); a shape no type accepts is a configuration error, named, never skipped silently.
 */
async function writeAll(cms: Cms, api: ContentApi, folder: OutputFolder): Promise<void> {
  const rejected = new Map<string, CmsError>();
  const accepted = new Set<string>();
  for (const model of cms.contentTypes()) {
    for (const variant of variantsFor(cms, model)) {
      try {
        const before = folder.files;
        await writeVariant(cms, api, model, variant, folder);
        // Accepted only when something was written: a 404 (no such locale) says nothing about the shape.
        if (variant.shape && folder.files > before) accepted.add(variant.shape);
      } catch (error) {
        if (!(error instanceof ShapeRejected)) throw error;
        if (!rejected.has(variant.shape!)) rejected.set(variant.shape!, error.cause);
      }
    }
  }
  for (const [shape, error] of rejected) {
    if (!accepted.has(shape)) {
      throw new ValidationError(
        `export.populate.${shape} ("${cms.config.export.populate[shape]}") fits no content type: ${error.message}`, error.details,
      );
    }
  }
}

/**
 * Write the read API as static JSON: every list page at the default page size, every document,
 * every single type, per locale and per configured populate shape (laid out as layout.ts says),
 * plus `manifest.json` mapping each URL to its file and pattern rules for static hosts. The bodies come from the same content API the
 * server answers with.
 * Unchanged files are not rewritten; files of the previous export that are gone are removed.
 * A malformed content file stops it before anything is written, unless `strict: false`.
 *
 * @example
 * await exportApi(cms, { out: 'dist-api' }); // dist-api/api/articles/index.json, dist-api/manifest.json
 */
export async function exportApi(cms: Cms, options: ExportOptions): Promise<ExportResult> {
  const problems = cms.problems();
  if (problems.length && (options.strict ?? true)) throw new ProjectProblemsError('Malformed content files', problems, 'ContentError');
  checkShapes(cms.config.export.populate);
  const api: ContentApi = options.all ? cms.ownerApi : cms.contentApi;
  const previous = await readManifest(options.out);
  const folder = new OutputFolder(options.out);
  await writeAll(cms, api, folder);
  await writeLocales(cms, options.all ? undefined : cms.contentApi.callerFor(null), folder);
  const manifest: Manifest = { version: 1, prefix: cms.config.api.rest.prefix, routes: folder.routes };
  folder.writeText('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  const rules = hostRules({ prefix: manifest.prefix, defaultLocale: cms.config.defaultLocale, shapes: cms.config.export.populate });
  for (const [file, text] of Object.entries(rules)) folder.writeText(file, text);
  folder.removeStale(Object.values(previous?.routes ?? {}));
  return { files: folder.files, routes: folder.routes };
}

/** `<prefix>/i18n/locales`, when the caller may list them (anyone with `--all`). */
async function writeLocales(cms: Cms, caller: Caller | undefined, folder: OutputFolder): Promise<void> {
  if (caller && !caller.allows(LIST_LOCALES_SCOPE)) return;
  const kept = keptLocales(cms.models);
  const addedAt = await localeAddedAt(cms.root, cms.config, cms.config.locales.filter((code) => !kept[code]));
  folder.write(localesFile(filesRoot(cms.config.api.rest.prefix)), `${cms.config.api.rest.prefix}/i18n/locales`,
    listLocales(cms.config, kept, addedAt));
}

async function readManifest(out: string): Promise<Manifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
    return manifest && typeof manifest.routes === 'object' ? manifest : undefined;
  } catch {
    return undefined;
  }
}
