import type { Command } from 'commander';
import { readAllPages } from '../../core/strapi/read-all-pages.js';
import { BRANCH_OPTION, onBranchOf } from '../branch-option.js';
import { contentTypeArg, routeId } from '../content-type-arg.js';
import { drained, type CliContext } from '../context.js';
import { UsageError } from '../output.js';

interface GetOptions { root?: string; public?: boolean; pretty?: boolean; v4?: boolean; all?: boolean; ndjson?: boolean; branch?: string }

/** Entries as lines: NDJSON (one compact entry a line), or the items of one JSON array. */
function entryWriter(ctx: CliContext, options: GetOptions) {
  let count = 0;
  const item = (entry: unknown) => (options.pretty ? JSON.stringify(entry, null, 2).replace(/^/gm, '  ') : JSON.stringify(entry));
  return {
    /** Writes a page of entries; resolves when the output can take the next one (backpressure). */
    async write(entries: unknown[]) {
      if (!entries.length) return;
      const text = options.ndjson
        ? `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`
        : `${count ? ',' : '['}${options.pretty ? '\n' : ''}${entries.map(item).join(options.pretty ? ',\n' : ',')}`;
      count += entries.length;
      if (ctx.stdout.write(text) === false) await drained(ctx.stdout);
    },
    end() {
      if (!options.ndjson) ctx.stdout.write(count ? `${options.pretty ? '\n' : ''}]\n` : '[]\n');
    },
  };
}

/** `cms get <type> [documentId]`: the same JSON body `GET /api/<type>[/<documentId>]` answers. */
export function registerGet(program: Command, ctx: CliContext, search: () => string): void {
  program
    .command('get')
    .description('read documents as the REST API returns them (query options as in the URL)')
    .argument('<type>', 'a content type: uid, plural or singular API id (as cms ls prints them)')
    .argument('[documentId]', 'one document of a collection type')
    .option('--root <dir>', 'project root', undefined)
    .option('--public', 'read as the anonymous Public role, exactly like an HTTP client')
    .option('--pretty', 'indent the JSON output')
    .option('--v4', 'answer in the Strapi v4 response format')
    .option('--all', 'every entry of every page, streamed as one JSON array (the `data` of each page)')
    .option('--ndjson', 'entries one per line (NDJSON) instead of the answer body; with --all, of every page')
    .option(...BRANCH_OPTION)
    .addHelpText('after', `
Query options (bracket keys as in the URL):
  --filters[title][$containsi]=coffee  --populate=*  --sort=title:desc  --fields=title,slug
  --pagination[page]=2  --locale=fr  --status=draft  --query 'filters[views][$gt]=10&sort=views'
Every entry (for scripts): cms get articles --all --ndjson --sort=title > articles.ndjson`)
    .action(async (type: string, documentId: string | undefined, options: GetOptions) => {
      const cms = await onBranchOf(await ctx.loadCms(options.root), options.branch);
      const model = contentTypeArg(cms, type);
      const api = options.public ? cms.contentApi : cms.ownerApi;
      const collection = documentId === undefined && model.kind === 'collectionType';
      if ((options.all || options.ndjson) && !collection) {
        throw new UsageError('--all and --ndjson read a collection\'s list: leave out the documentId (single types have one document)');
      }
      const path = documentId === undefined ? `/${routeId(model)}` : `/${routeId(model)}/${encodeURIComponent(documentId)}`;
      const responseFormat = options.v4 ? 'v4' : undefined;
      if (!options.all && !options.ndjson) {
        const result = await api({ method: 'GET', path, search: search(), responseFormat });
        ctx.printJson(result.body, options.pretty);
        return;
      }
      const out = entryWriter(ctx, options);
      if (options.all) {
        const pages = readAllPages(api, { path, search: search(), pageSize: cms.config.api.rest.maxLimit, responseFormat });
        for await (const entries of pages) await out.write(entries);
      } else {
        await out.write(((await api({ method: 'GET', path, search: search(), responseFormat })).body as { data: unknown[] }).data);
      }
      out.end();
    });
}
