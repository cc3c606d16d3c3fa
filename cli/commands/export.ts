import { resolve } from 'node:path';
import type { Command } from 'commander';
import { exportApi } from '../../core/export/export-api.js';
import type { CliContext } from '../context.js';

/** `cms export --out <dir>`: the read API as static files for any static host or CDN. */
export function registerExport(program: Command, ctx: CliContext): void {
  program
    .command('export')
    .description('write the read API as static JSON files plus manifest.json (URL → file)')
    .requiredOption('--out <dir>', 'output folder')
    .option('--root <dir>', 'project root')
    .option('--all', 'export everything, not only what the Public role may read')
    .option('--no-strict', 'export even when content files are malformed (they are left out, as the server leaves them out)')
    .action(async (options: { out: string; root?: string; all?: boolean; strict: boolean }) => {
      // Strict: a malformed file stops the load itself, so each one is printed once, as path:line:col.
      const cms = await ctx.loadCms(options.root, { strict: options.strict });
      const out = resolve(ctx.cwd, options.out);
      const result = await exportApi(cms, { out, all: options.all, strict: options.strict });
      if (ctx.json) ctx.printJson({ out, files: result.files, routes: result.routes });
      const hosts = 'Netlify (_redirects), Vercel (vercel.json), nginx (nginx.conf, nginx-location.conf) and serve (serve.json)';
      ctx.stderr.write(
        `exported ${Object.keys(result.routes).length} URLs into ${result.files} files under ${out}, with rewrite rules for ${hosts}\n`,
      );
    });
}
