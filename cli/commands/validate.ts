import { Option, type Command } from 'commander';
import type { Cms } from '../../core/cms.js';
import { FileError, ProjectProblemsError } from '../../core/errors.js';
import { atFileStart, validateProject } from '../../core/validate/validate-project.js';
import { loadProjectCodeIfAny } from '../../core/extensions/load-if-any.js';
import type { CliContext } from '../context.js';
import { EXIT } from '../output.js';

/** GitHub's workflow-command escaping: data escapes `%`, CR, LF; properties also `:` and `,`. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One formatter per `--format`: the whole stdout for a list of problems. */
const FORMATS = {
  text: (problems: FileError[]) => problems.map((problem) => `${problem.format()}\n`).join(''),
  json: (problems: FileError[]) => `${JSON.stringify(problems.map((problem) => ({
    file: problem.file, line: problem.line ?? null, column: problem.column ?? null, message: problem.message,
  })), null, 2)}\n`,
  github: (problems: FileError[]) => problems.map((problem) =>
    `::error file=${escapeProperty(problem.file)},line=${problem.line ?? 1},col=${problem.column ?? 1}`
    + `::${escapeData(problem.message)}\n`).join(''),
} as const;

/** The project's problems; an invalid schema or config is reported in the same format, not thrown. */
async function projectProblems(ctx: CliContext, root: string | undefined): Promise<{ cms?: Cms; problems: FileError[] }> {
  try {
    const cms = await ctx.loadCms(root, { reportProblems: false });
    // The project's own src/ code is loaded (so what cannot run here is named) but never started: no bootstrap.
    return { cms, problems: [...(await validateProject(cms)), ...(await loadProjectCodeIfAny(cms)).problems] };
  } catch (error) {
    if (error instanceof ProjectProblemsError) return { problems: error.problems.map(atFileStart) };
    if (error instanceof FileError) return { problems: [atFileStart(error)] };
    throw error;
  }
}

/** The stderr line after the problems: how many, or what was checked. */
function summary(problems: FileError[], cms: Cms | undefined): string {
  if (problems.length || !cms) return `${problems.length} problem(s) found\n`;
  const rows = cms.contentTypes().reduce((sum, model) => sum + cms.index.rows(model.uid).length, 0);
  return `ok: ${rows} rows in ${cms.contentTypes().length} content types\n`;
}

/** `cms validate`: every schema and content file checked; `path:line:col: message` per problem. */
export function registerValidate(program: Command, ctx: CliContext, setExit: (code: number) => void): void {
  program
    .command('validate')
    .description('check schemas and every content file; exit 1 when anything is wrong')
    .option('--root <dir>', 'project root')
    .addOption(new Option('--format <format>', 'text (path:line:col: message), json, or github (workflow annotations)')
      .choices(Object.keys(FORMATS)).default('text'))
    .action(async (options: { root?: string; format: keyof typeof FORMATS }) => {
      const { cms, problems } = await projectProblems(ctx, options.root);
      const format = ctx.json ? 'json' : options.format;
      ctx.stdout.write(FORMATS[format](problems));
      if (format !== 'json') ctx.stderr.write(summary(problems, cms));
      setExit(problems.length ? EXIT.failure : EXIT.ok);
    });
}
