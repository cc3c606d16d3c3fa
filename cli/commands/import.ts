import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { addLocales } from '../../core/config/add-locales.js';
import { loadConfig } from '../../core/config/load.js';
import { importFromStrapi, missingLocales } from '../../core/import/import-strapi.js';
import { strapiClient } from '../../core/import/strapi-client.js';
import { copyStrapiSchemas } from '../../core/project/init-project.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../output.js';
import { uploadProvider } from '../../core/media/providers/index.js';

interface ImportCliOptions {
  from: string; token?: string; root?: string; schemas?: string; fromStrapi?: string; addLocales?: boolean; timeout: string; media: string;
}

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
    .option('--add-locales', 'add the source\'s locales that cms.config.json lacks to its locales, and import them too')
    .option('--media <mode>', 'media a remote provider (S3) stores: keep their URLs, or copy the objects to upload.provider', 'keep')
    .option('--timeout <seconds>', 'give up on a request the source has not answered in this time', '60')
    .action(async (options: ImportCliOptions) => {
      if (!/^https?:\/\//.test(options.from)) throw new UsageError(`--from must be an http(s) URL, got "${options.from}"`);
      if (!['keep', 'copy'].includes(options.media)) throw new UsageError(`--media must be keep or copy, got "${options.media}"`);
      const timeout = Number(options.timeout);
      if (!(timeout > 0)) throw new UsageError(`--timeout must be a number of seconds, got "${options.timeout}"`);
      const root = resolve(ctx.cwd, options.root ?? ctx.env.CMS_ROOT ?? '.');
      if (options.schemas) cpSync(resolve(ctx.cwd, options.schemas), join(root, 'schemas'), { recursive: true });
      if (options.fromStrapi) await copyStrapiSchemas(resolve(ctx.cwd, options.fromStrapi), root);
      // The locales are settled before the project loads, so added ones are read with the rest of the config.
      const config = await loadConfig(root);
      const token = options.token ?? ctx.env.CMS_IMPORT_TOKEN;
      const client = strapiClient(options.from, token, { timeoutMs: timeout * 1000, maxFileBytes: config.upload.sizeLimit });
      const { available, missing } = await missingLocales(client, config.locales);
      if (missing.length && options.addLocales) {
        await addLocales(root, missing);
        ctx.stderr.write(`added locale(s) ${missing.join(', ')} to cms.config.json\n`);
      }
      const cms = await ctx.loadCms(root);
      const result = await importFromStrapi({
        root: cms.root, models: cms.models, index: cms.index, locales: cms.config.locales, defaultLocale: cms.config.defaultLocale,
        client, sourceLocales: available, progress: (message) => ctx.stderr.write(`${message}\n`),
        copyMediaTo: options.media === 'copy' ? await uploadProvider(cms.root, cms.config.upload) : undefined,
      });
      if (ctx.json) ctx.printJson(result);
      const total = Object.values(result.documents).reduce((sum, count) => sum + count, 0);
      const written = `${result.written.length} file(s) written, the rest unchanged`;
      ctx.stderr.write(`imported ${total} document(s) and ${result.media} media file(s); ${written}\n`);
      if (cms.config.git.timestampsFromHistory && result.written.length) {
        ctx.stderr.write('git.timestampsFromHistory: the imported files keep the source\'s updatedAt and publishedAt to the millisecond;'
          + ' each file\'s next write hands its times to Git (cms fmt keeps them)\n');
      }
      if (result.skippedLocales.length) {
        ctx.stderr.write(`not imported: the source's locale(s) ${result.skippedLocales.join(', ')}, which cms.config.json's locales lack;`
          + ' run again with --add-locales to add them and import their content\n');
      }
    });
}
