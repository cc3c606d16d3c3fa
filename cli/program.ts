import { Command, CommanderError } from 'commander';
import { createContext, type CliContext, type CliIO } from './context.js';
import { extractQuery } from './query-args.js';
import { EXIT, reportError } from './output.js';
import { VERSION } from './version.js';

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

type Register = (program: Command, ctx: CliContext, search: () => string, setExit: (code: number) => void) => void;
type RegisterWithExit = (program: Command, ctx: CliContext, setExit: (code: number) => void) => void;
const withExit = (register: RegisterWithExit): Register => (program, ctx, _search, setExit) => register(program, ctx, setExit);

/**
 * Every command module, by the top-level names it registers, in the order `cms --help` lists them. A module is imported only when
 * its command runs (issue 39): most of `cms`'s start-up was importing every command's implementation (graphql, zod, the codegen,
 * the importer…) to run one of them, and the tests start the CLI hundreds of times.
 */
const COMMANDS: [names: string[], load: () => Promise<Register>][] = [
  [['init'], async () => (await import('./commands/init.js')).registerInit],
  [['serve'], async () => (await import('./commands/serve.js')).registerServe],
  [['cluster'], async () => (await import('./commands/cluster.js')).registerCluster],
  [['ls'], async () => (await import('./commands/ls.js')).registerLs],
  [['get'], async () => (await import('./commands/get.js')).registerGet],
  [['create', 'update', 'delete', 'publish', 'unpublish', 'discard'], async () => (await import('./commands/write.js')).registerWrites],
  [['validate'], async () => withExit((await import('./commands/validate.js')).registerValidate)],
  [['fmt'], async () => withExit((await import('./commands/fmt.js')).registerFmt)],
  [['history'], async () => (await import('./commands/history.js')).registerHistory],
  [['git-setup', 'merge-driver'], async () => withExit((await import('./commands/git.js')).registerGit)],
  [['branch'], async () => (await import('./commands/branch.js')).registerBranch],
  [['export'], async () => (await import('./commands/export.js')).registerExport],
  [['import'], async () => (await import('./commands/import.js')).registerImport],
  [['token'], async () => (await import('./commands/token.js')).registerToken],
  [['media'], async () => (await import('./commands/media.js')).registerMedia],
  [['upload', 'files'], async () => (await import('./commands/upload.js')).registerUpload],
  [['types', 'json-schema', 'editor-setup', 'openapi', 'graphql-schema'],
    async () => (await import('./commands/codegen.js')).registerCodegen],
];

/**
 * The command modules argv needs: the one its command names; none for `--version` alone; every one otherwise (help, no command,
 * an unknown command, which commander answers with the nearest names).
 */
function commandsFor(argv: string[] | undefined): typeof COMMANDS {
  if (!argv) return COMMANDS;
  const first = argv.find((arg) => !arg.startsWith('-'));
  if (first === undefined) return argv.some((arg) => arg === '--version' || arg === '-V') ? [] : COMMANDS;
  const entry = COMMANDS.find(([names]) => names.includes(first));
  return entry ? [entry] : COMMANDS;
}

/**
 * The command tree (every command, or those `argv` runs); no side effects until parsed.
 *
 * @example
 * const program = await createProgram(createContext(io), () => '', () => {});
 */
export async function createProgram(
  ctx: CliContext, search: () => string, setExit: (code: number) => void, argv?: string[],
): Promise<Command> {
  const program = new Command('cms')
    .description('A Git-native headless CMS that speaks the Strapi v5 REST API')
    .version(VERSION)
    .showHelpAfterError('(run cms --help for usage)')
    .configureOutput({ writeOut: (text) => ctx.stdout.write(text), writeErr: (text) => ctx.stderr.write(text) })
    .exitOverride();
  const registers = await Promise.all(commandsFor(argv).map(([, load]) => load()));
  for (const register of registers) register(program, ctx, search, setExit);
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
    const args = rest.filter((arg) => arg !== '--json');
    const program = await createProgram(ctx, () => search, (code) => { exitCode = code; }, args);
    await program.parseAsync(args, { from: 'user' });
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
