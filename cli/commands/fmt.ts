import type { Command } from 'commander';
import { formatProject } from '../../core/format/format-project.js';
import type { CliContext } from '../context.js';
import { EXIT } from '../output.js';

/** `cms fmt [--check]`: canonical files; with --check, list what would change and exit 1. */
export function registerFmt(program: Command, ctx: CliContext, setExit: (code: number) => void): void {
  program
    .command('fmt')
    .description('rewrite content files into the canonical format (--check: only list them, exit 1 if any)')
    .option('--root <dir>', 'project root')
    .option('--check', 'write nothing; exit 1 when a file is not canonical')
    .action(async (options: { root?: string; check?: boolean }) => {
      const cms = await ctx.loadCms(options.root);
      const { changed, skipped } = await formatProject(cms, { check: options.check });
      if (ctx.json) ctx.printJson({ changed, skipped });
      else for (const file of changed) ctx.stdout.write(`${file}\n`);
      for (const file of skipped) ctx.stderr.write(`skipped (malformed, see cms validate): ${file}\n`);
      ctx.stderr.write(options.check
        ? `${changed.length} file(s) not canonical\n`
        : `formatted ${changed.length} file(s)\n`);
      setExit(options.check && changed.length ? EXIT.failure : EXIT.ok);
    });
}
