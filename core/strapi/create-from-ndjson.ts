import { CmsError, FileError } from '../errors.js';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from '../parsers/json-depth.js';
import { parseJsonText } from '../parsers/json.js';
import type { ContentApi } from './content-api.js';

export interface NdjsonCreate {
  /** The collection's route, `/articles`. */
  path: string;
  /** Query options every create gets (`status=draft`, `locale=fr`). */
  search: string;
  /** One document's fields per line, as `--data` takes them; blank lines are skipped. */
  text: string;
  /** Where the lines come from, for messages (`articles.ndjson`, `-` for stdin). */
  source: string;
}

/** Why a line was refused, in one line: the message and the first field it names. */
function reason(error: unknown): string {
  if (!(error instanceof CmsError)) return (error as Error)?.message ?? String(error);
  const first = (error.details as { errors?: { path: string[]; message: string }[] } | undefined)?.errors?.[0];
  const where = first && first.message !== error.message ? ` (${first.path.join('.')}: ${first.message})` : '';
  return `${error.status} ${error.name}: ${error.message}${where}`;
}

/**
 * Create one document per NDJSON line through the API's own create (the same validation and
 * atomic write as `POST /api/<type>`), in order, yielding each answer. A bad line (not JSON, or
 * refused by the write path) stops the import with a FileError at `source:line`; the lines before
 * it stay written (each write is atomic and independent), and the message says how many.
 *
 * @example
 * for await (const created of createFromNdjson(cms.ownerApi, { path: '/tags', search: '', text, source: 'tags.ndjson' })) print(created);
 */
export async function* createFromNdjson(api: ContentApi, request: NdjsonCreate): AsyncGenerator<unknown> {
  const lines = request.text.split('\n');
  let written = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    let body: unknown;
    try {
      // The same depth bound as an HTTP body (body.ts): checked on the text, before anything recursive sees it.
      if (nestsDeeperThan(line, MAX_BODY_DEPTH)) throw tooDeep();
      const data = parseJsonText(line, request.source);
      body = (await api({ method: 'POST', path: request.path, search: request.search, body: { data } })).body;
    } catch (error) {
      const kept = written ? `; the ${written} document(s) before it stay written` : '; nothing was written';
      throw new FileError(request.source, `${error instanceof FileError ? error.message : reason(error)}${kept}`, i + 1);
    }
    written++;
    yield body;
  }
}
