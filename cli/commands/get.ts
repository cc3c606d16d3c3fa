import type { Command } from 'commander';
import { contentTypeArg } from '../content-type-arg.js';
import type { CliContext } from '../context.js';

/** `cms get <type> [documentId]`: the same JSON body `GET /api/<type>[/<documentId>]` answers. */
export function registerGet(program: Command, ctx: CliContext, search: () => string): void {
  program
    .command('get')
    .description('read documents as the REST API returns them (query options as in the URL)')
    .argument('<type>', 'plural API id (collection types) or singular API id (single types)')
    .argument('[documentId]', 'one document of a collection type')
    .option('--root <dir>', 'project root', undefined)
    .option('--public', 'read as the anonymous Public role, exactly like an HTTP client')
    .option('--pretty', 'indent the JSON output')
    .option('--v4', 'answer in the Strapi v4 response format')
    .addHelpText('after', `
Query options (bracket keys as in the URL):
  --filters[title][$containsi]=coffee  --populate=*  --sort=title:desc  --fields=title,slug
  --pagination[page]=2  --locale=fr  --status=draft  --query 'filters[views][$gt]=10&sort=views'`)
    .action(async (type: string, documentId: string | undefined, options: { root?: string; public?: boolean; pretty?: boolean; v4?: boolean }) => {
      const cms = await ctx.loadCms(options.root);
      contentTypeArg(cms, type);
      const api = options.public ? cms.contentApi : cms.ownerApi;
      const path = documentId === undefined ? `/${encodeURIComponent(type)}` : `/${encodeURIComponent(type)}/${encodeURIComponent(documentId)}`;
      const result = await api({ method: 'GET', path, search: search(), responseFormat: options.v4 ? 'v4' : undefined });
      ctx.printJson(result.body, options.pretty);
    });
}
