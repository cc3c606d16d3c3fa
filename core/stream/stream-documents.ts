import { resolve } from 'node:path';
import { loadConfigSource } from '../config/load.js';
import { assertProjectRoot } from '../config/project-root.js';
import { NotFoundError, ProjectProblemsError, ValidationError, type FileError } from '../errors.js';
import { buildDocumentRows } from '../index/build-rows.js';
import { ContentIndex } from '../index/content-index.js';
import { loadKeptIds } from '../index/kept-ids.js';
import { loadIndex } from '../index/load.js';
import { readFileTimes } from '../git/file-times.js';
import type { QueryContext } from '../query/context.js';
import { normalizeQuery } from '../query/normalize.js';
import { rowNode } from '../query/nodes.js';
import { renderNode } from '../query/render.js';
import { loadModels } from '../schema/registry.js';
import type { Model, Models } from '../schema/types.js';
import type { Data, Row, Status } from '../types.js';
import { listTypeFiles, readBatch } from './stream-files.js';
import { relatedTypes } from './stream-populate.js';

/** What `streamDocuments` reads, and how. */
export interface StreamOptions {
  /** Project root holding `schemas/`, `content/` and the config. Defaults to the working directory. */
  root?: string;
  /** A locale code, or `'*'` for every locale (each version its own entry). Default: the default locale. */
  locale?: string;
  /** `'published'` (the default, as every read of this library) or `'draft'`. */
  status?: Status;
  /** The fields each entry keeps, as the Document Service's `fields`. */
  fields?: string | string[];
  /**
   * As the Document Service's `populate`. Components and dynamic zones come from the document's own file; relations
   * and media are read from their types, which are loaded whole, once, before the first entry (a blog's authors,
   * tags and media, small beside 100k articles). A populate that leads back to the streamed type is refused.
   */
  populate?: unknown;
  /** Documents read per batch (default 100): what the stream holds at once, besides the names of the type's files. */
  batchSize?: number;
  /**
   * `true` (the default): a malformed file ends the stream with a ProjectProblemsError naming it as
   * `path:line:col: message`, the entries before it having come. `false`: it is reported (`warning: path:line:col: …`
   * through `report`) and left out, as the server leaves it out, and the stream goes on.
   */
  strict?: boolean;
  /** Where problems are reported when not strict (default stderr). */
  report?: (message: string) => void;
}

/**
 * Every document of one content type, one entry at a time, in bounded memory: the type's folder is listed (names
 * only), then its files are read, checked and rendered a batch of documents at a time, as `findMany` would render
 * them (same shape, same hidden private fields, same ids, timestamps, drafts, locales and Markdown bodies). No index
 * of the streamed type is built, so a 100k-page static build holds a batch, not the site.
 *
 * Order: by documentId, in byte order (`Zeta` before `alpha`); with `locale: '*'`, each document's locales in the
 * order of `locales` in the config. Types are named as `cms.documents` names them (uid, plural or singular).
 *
 * @example
 * for await (const article of streamDocuments('api::article.article', { root: './site', populate: ['seo'] })) {
 *   await writePage(`/articles/${article.slug}`, article);
 * }
 */
export async function* streamDocuments(type: string, options: StreamOptions = {}): AsyncGenerator<Data, void, undefined> {
  const root = resolve(options.root ?? '.');
  assertProjectRoot(root);
  const { config } = await loadConfigSource(root);
  const models = loadModels(root);
  const model = streamedType(models, type);
  const report = options.report ?? ((message: string) => process.stderr.write(`${message}\n`));
  const strict = options.strict ?? true;
  const batchSize = options.batchSize ?? 100;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new ValidationError(`batchSize must be a positive integer (got ${batchSize})`);
  if (options.locale !== undefined && typeof options.locale !== 'string') {
    throw new ValidationError('stream takes one locale code or \'*\'', { key: 'locale', source: 'query', param: 'locale' });
  }
  const query = normalizeQuery({ models, canRead: () => true }, config, model, {
    fields: options.fields, populate: options.populate, status: options.status, locale: options.locale,
  }, { action: 'find' });
  const problems = (found: FileError[]) => {
    if (!found.length) return;
    if (strict) throw new ProjectProblemsError('Malformed content file', found, 'ContentError');
    for (const problem of found) report(`warning: ${problem.format()}`);
  };
  const keptIdsProblem = loadKeptIds(root, models);
  problems(keptIdsProblem ? [keptIdsProblem] : []);
  const times = config.git.timestampsFromHistory ? (await readFileTimes(root)).times : undefined;
  const related = relatedTypes(models, model, query.populate);
  let index = new ContentIndex(models, config);
  if (related.size) {
    index = await loadIndex(root, models, config, times && Promise.resolve(times), { only: related });
    problems([...index.problems.values()]);
  }
  const ctx: QueryContext = { index, status: query.status, locale: query.locale, canRead: () => true };
  const localeRank = (row: Row) => (row.locale === null ? 0 : config.locales.indexOf(row.locale));
  const wanted = (row: Row) => row.status === query.status && (query.locale === '*' || row.locale === query.locale);

  const listing = listTypeFiles(root, model);
  problems(listing.problems);
  const { documents } = listing;
  for (let start = 0; start < documents.length; start += batchSize) {
    const batch = readBatch(root, model, models, config, documents.slice(start, start + batchSize));
    for (const document of batch) {
      problems(document.problems);
      if (!document.records.length) continue;
      const rows = buildDocumentRows(model, document.records, config, times).filter(wanted);
      if (rows.length > 1) rows.sort((a, b) => localeRank(a) - localeRank(b));
      for (const row of rows) yield renderNode(ctx, rowNode(ctx, row), query.fields, query.populate);
    }
  }
}

/** A content type as `cms.documents` finds it: its uid, plural or singular API id (`api::` types only). */
function streamedType(models: Models, name: string): Model {
  for (const model of models.values()) {
    if (model.modelType !== 'contentType' || !model.uid.startsWith('api::')) continue;
    if ([model.uid, model.pluralName, model.singularName].includes(name)) return model;
  }
  throw new NotFoundError(`Unknown content type "${name}"`);
}
