import type { Command } from 'commander';
import { validateProject } from '../../core/validate/validate-project.js';
import type { CliContext } from '../context.js';
import { EXIT } from '../output.js';

/** `cms validate`: every schema and content file checked; `path:line:col: message` per problem. */
export function registerValidate(program: Command, ctx: CliContext, setExit: (code: number) => void): void {
  program
    .command('validate')
    .description('check schemas and every content file; exit 1 when anything is wrong')
    .option('--root <dir>', 'project root')
    .option('--format <format>', 'text, json or github', 'text')
    .action(async (options: { root?: string; format: string }) => {
      const cms = await ctx.loadCms(options.root);
      const problems = await validateProject(cms);
      if (options.format === 'json') {
        ctx.printJson(problems.map((problem) => ({ file: problem.file, line: problem.line ?? null, column: problem.column ?? null, message: problem.message })), true);
      } else {
        for (const problem of problems) {
          if (options.format === 'github') {
            const where = [`file=${problem.file}`, problem.line ? `line=${problem.line}` : '', problem.column ? `col=${problem.column}` : ''].filter(Boolean).join(',');
            ctx.stdout.write(`::error ${where}::${problem.message}\n`);
          } else ctx.stdout.write(`${problem.format()}\n`);
        }
        const documents = cms.contentTypes().reduce((sum, model) => sum + cms.index.rows(model.uid).length, 0);
        ctx.stderr.write(problems.length ? `${problems.length} problem(s) found\n` : `ok: ${documents} rows in ${cms.contentTypes().length} content types\n`);
      }
      setExit(problems.length ? EXIT.failure : EXIT.ok);
    });
}
