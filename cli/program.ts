import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { registerBranch } from './commands/branch.js';
import { registerCodegen } from './commands/codegen.js';
import { registerExport } from './commands/export.js';
import { registerFmt } from './commands/fmt.js';
import { registerGit } from './commands/git.js';
import { registerHistory } from './commands/history.js';
import { registerImport } from './commands/import.js';
import { registerInit } from './commands/init.js';
import { registerLs } from './commands/ls.js';
import { registerMedia } from './commands/media.js';
import { registerGet } from './commands/get.js';
import { registerServe } from './commands/serve.js';
import { registerCluster } from './commands/cluster.js';
import { registerToken } from './commands/token.js';
import { registerUpload } from './commands/upload.js';
import { registerValidate } from './commands/validate.js';
import { registerWrites } from './commands/write.js';
import { createContext, type CliContext, type CliIO } from './context.js';
import { extractQuery } from './query-args.js';
import { EXIT, reportError } from './output.js';

/** The package version, from dist/cli (built) or cli/ (run from source by the tests). */
const VERSION = ((): string => {
  for (const candidate of ['../../package.json', '../package.json']) {
    try {
      return (JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as { name: string; version: string }).version;
    } catch {
      // not there: try the next layout
    }
  }
  return '0.0.0';
})();

/** Commands whose output is data (by path). runCli takes `--json` off argv wherever it stands; this lists it in their help. */
const PRINTS_DATA = [
  'ls', 'get', 'create', 'update', 'history', 'validate', 'fmt', 'export', 'init', 'import', 'upload',
  'branch list', 'token create', 'token list', 'token revoke', 'files list', 'files get', 'files delete',
];

function listJsonOption(program: Command): void {
  for (const path of PRINTS_DATA) {
    let command: Command | undefined = program;
    for (const name of path.split(' ')) command = command?.commands.find((candidate) => candidate.name() === name);
    command?.option('--json', 'only JSON on stdout (messages go to stderr)');
  }
}

/** The command tree; no side effects until parsed. */
export function createProgram(ctx: CliContext, search: () => string, setExit: (code: number) => void): Command {
  const program = new Command('cms')
    .description('A Git-native headless CMS that speaks the Strapi v5 REST API')
    .version(VERSION)
    .showHelpAfterError('(run cms --help for usage)')
    .configureOutput({ writeOut: (text) => ctx.stdout.write(text), writeErr: (text) => ctx.stderr.write(text) })
    .exitOverride();
  registerInit(program, ctx);
  registerServe(program, ctx);
  registerCluster(program, ctx);
  registerLs(program, ctx);
  registerGet(program, ctx, search);
  registerWrites(program, ctx, search);
  registerValidate(program, ctx, setExit);
  registerFmt(program, ctx, setExit);
  registerHistory(program, ctx, search);
  registerGit(program, ctx, setExit);
  registerBranch(program, ctx);
  registerExport(program, ctx);
  registerImport(program, ctx);
  registerToken(program, ctx);
  registerMedia(program, ctx);
  registerUpload(program, ctx, search);
  registerCodegen(program, ctx);
  listJsonOption(program);
  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: (text) => ctx.stdout.write(text), writeErr: (text) => ctx.stderr.write(text) });
  }
  return program;
}

/**
 * Run the CLI on argv (without `node cms`); resolves to the exit code.
 *
 * @example
 * await runCli(['get', 'articles', '--populate=*'], { stdout, stderr, cwd, env }) // 0
 */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const wantsJsonErrors = argv.includes('--json');
  const ctx: CliContext = { ...createContext(io), json: wantsJsonErrors };
  let exitCode: number = EXIT.ok;
  try {
    const { argv: rest, search } = extractQuery(argv);
    const program = createProgram(ctx, () => search, (code) => { exitCode = code; });
    await program.parseAsync(rest.filter((arg) => arg !== '--json'), { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    return reportError(error, io.stderr, wantsJsonErrors);
  } finally {
    // A shared state store holds connections open: the command is over, so they go.
    await ctx.close();
  }
}
