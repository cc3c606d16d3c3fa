import type { Command } from 'commander';
import { publicCaller } from '../../core/access/permissions.js';
import { describeTypes, type TypeSummary } from '../../core/project/describe-types.js';
import type { CliContext } from '../context.js';

/** `en 13/16, fr 5/6` (published/draft), or one count for a type without draft & publish. */
function counts(type: TypeSummary): string {
  const parts = Object.entries(type.locales).map(([locale, { published, draft }]) => {
    const count = type.draftAndPublish ? `${published}/${draft}` : String(published);
    return locale === '-' ? count : `${locale} ${count}`;
  });
  return parts.join(', ') || '0';
}

/** Rows of text in aligned columns. */
function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  '))
    .join('\n');
}

/** `cms ls`: the content types, their documents per locale and status, and what the Public role may do. */
export function registerLs(program: Command, ctx: CliContext): void {
  program
    .command('ls')
    .description('list content types: kind, uid, API ids, documents per locale (published/draft), Public role')
    .option('--root <dir>', 'project root')
    .action(async (options: { root?: string }) => {
      const cms = await ctx.loadCms(options.root);
      const types = describeTypes(cms.contentTypes(), cms.index, publicCaller(cms.config), cms.config.api.rest.prefix);
      if (ctx.json) { ctx.printJson(types); return; }
      const rows = [['KIND', 'UID', 'PLURAL', 'SINGULAR', 'DOCS', 'PER LOCALE (published/draft)', 'PUBLIC ROLE']];
      for (const type of types) {
        rows.push([
          type.kind === 'singleType' ? 'single' : 'collection', type.uid, type.pluralName, type.singularName, String(type.documents),
          counts(type), type.public.join(', ') || '-',
        ]);
      }
      ctx.stdout.write(`${table(rows)}\n`);
      if (!types.length) ctx.stderr.write('no content types: add a schema under schemas/ (see cms init)\n');
    });
}
