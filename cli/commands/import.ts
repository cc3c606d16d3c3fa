import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { importFromStrapi } from '../../core/import/import-strapi.js';
import { strapiClient } from '../../core/import/strapi-client.js';
import { copyStrapiSchemas } from '../../core/project/init-project.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../output.js';

interface ImportCliOptions { from: string; token?: string; root?: string; schemas?: string; fromStrapi?: string }

/** `cms import --from <Strapi URL> --token <T>`: a running Strapi 5's content into this project's files. */
export function registerImport(program: Command, ctx: CliContext): void {
  program
    .command('import')
    .description('pull a running Strapi 5\'s content (every readable type, locale, draft, relation, component, media) into files')
    .requiredOption('--from <url>', 'the Strapi server, e.g. http://localhost:1337')
    .option('--token <token>', 'an API token that can read the content and the media library (env CMS_IMPORT_TOKEN)')
    .option('--root <dir>', 'project root')
    .option('--schemas <dir>', 'copy this schemas folder into the project first')
    .option('--from-strapi <dir>', 'copy a Strapi project\'s src/api/*/content-types and src/components into schemas/ first')
    .action(async (options: ImportCliOptions) => {
      if (!/^https?:\/\//.test(options.from)) throw new UsageError(`--from must be an http(s) URL, got "${options.from}"`);
      const root = resolve(ctx.cwd, options.root ?? ctx.env.CMS_ROOT ?? '.');
      if (options.schemas) cpSync(resolve(ctx.cwd, options.schemas), join(root, 'schemas'), { recursive: true });
      if (options.fromStrapi) await copyStrapiSchemas(resolve(ctx.cwd, options.fromStrapi), root);
      const cms = await ctx.loadCms(root);
      const result = await importFromStrapi({
        root: cms.root, models: cms.models, index: cms.index, locales: cms.config.locales, defaultLocale: cms.config.defaultLocale,
        client: strapiClient(options.from, options.token ?? ctx.env.CMS_IMPORT_TOKEN),
        progress: (message) => ctx.stderr.write(`${message}\n`),
      });
      if (ctx.json) ctx.printJson(result);
      const total = Object.values(result.documents).reduce((sum, count) => sum + count, 0);
      ctx.stderr.write(`imported ${total} document(s) and ${result.media} media file(s); ${result.written.length} file(s) written, the rest unchanged\n`);
    });
}
