import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';
import { seededCopy } from '../helpers/seeded-repo.js';

/** Every content type of the sample site. */
export const SAMPLE_TYPES = ['api::article.article', 'api::author.author', 'api::category.category', 'api::tag.tag', 'api::global.global',
  'api::about.about'];
const ALL_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'];

/** A copy of the sample site whose Public role may write every type (HTTP writes without tokens). */
export function writableSample(): string {
  const root = copySampleSite();
  editJson(root, 'cms.config.json', (config) => {
    config.permissions.public = Object.fromEntries(SAMPLE_TYPES.map((uid) => [uid, ALL_ACTIONS]));
  });
  return root;
}

/** Rewrite a JSON file of a project in place (test setup only). */
export function editJson(root: string, path: string, edit: (value: any) => void): void {
  const file = join(root, path);
  const value = JSON.parse(readFileSync(file, 'utf8'));
  edit(value);
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

export const readText = (root: string, path: string): string | undefined =>
  (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined);

export function writeText(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** The identity of the person running the tests' git commands (never the global config's). */
const IDENTITY = ['-c', 'user.name=Test Runner', '-c', 'user.email=runner@example.org', '-c', 'commit.gpgsign=false', '-c',
  'core.hooksPath=/dev/null'];

/** Run git in a test repository; returns trimmed stdout. */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', [...IDENTITY, ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** `git init` with everything in the folder committed on `main`. */
export function initRepo(root: string, message = 'Initial content'): string {
  git(root, 'init', '--quiet', '--initial-branch=main');
  writeText(root, '.gitignore', '.cms/\n');
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', message);
  return mainTip(root);
}

/** The commit `main` is at, from its ref file (a repository made by `initRepo` packs no refs): no `rev-parse` process. */
export const mainTip = (root: string): string => readFileSync(join(root, '.git/refs/heads/main'), 'utf8').trim();

/**
 * `writableSample()` with `initRepo` run in it, as a copy of the one made first in this test file (test/helpers/seeded-repo.ts):
 * one git process instead of three, and no file hashed again. Its commit is `mainTip(root)`.
 */
export const writableRepo = (): Promise<string> => seededCopy('writable-repo', () => {
  const root = writableSample();
  initRepo(root);
  return root;
});

export interface Commit { hash: string; author: string; email: string; subject: string; files: string[] }

/** Commits on HEAD, newest first, with the files each touched. */
export function commits(root: string): Commit[] {
  const out = git(root, 'log', '--format=%x1e%H%x1f%an%x1f%ae%x1f%s', '--name-only', '--no-renames');
  return out.split('\x1e').filter(Boolean).map((chunk) => {
    const [head, ...rest] = chunk.trim().split('\n');
    const [hash, author, email, subject] = head.split('\x1f');
    return { hash, author, email, subject, files: rest.filter(Boolean).sort() };
  });
}

/**
 * Blobs by git object name (`HEAD:path`, `:2:path`…), read in one `git cat-file --batch` rather than a `git show` each;
 * undefined where the name is missing or not a blob. The exact bytes, trailing newline and all.
 */
export function showMany(root: string, names: string[]): Array<string | undefined> {
  const out = execFileSync('git', ['cat-file', '--batch'], { cwd: root, input: names.map((name) => `${name}\n`).join(''),
    maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'pipe'] });
  let at = 0;
  return names.map(() => {
    const end = out.indexOf(10, at);
    const [, type, size] = out.toString('utf8', at, end).split(' ');
    at = end + 1;
    if (size === undefined) return undefined;
    at += Number(size) + 1;
    return type === 'blob' ? out.toString('utf8', end + 1, end + 1 + Number(size)) : undefined;
  });
}

/**
 * The three stages (base, ours, theirs) of each conflicted file written to `.git/stage…` files, from one `git cat-file --batch`:
 * what git hands a merge driver (`%O %A %B`).
 */
export function writeStages(root: string, files: string[]): Array<{ base: string; ours: string; theirs: string }> {
  const texts = showMany(root, files.flatMap((file) => [1, 2, 3].map((n) => `:${n}:${file}`)));
  return files.map((file, index) => {
    const [base, ours, theirs] = [1, 2, 3].map((n) => {
      const text = texts[index * 3 + n - 1];
      if (text === undefined) throw new Error(`${file} has no stage ${n}`);
      writeText(root, `.git/stage${index}-${n}`, text);
      return join(root, `.git/stage${index}-${n}`);
    });
    return { base, ours, theirs };
  });
}

/** `git status --porcelain` lines (what is not committed). */
export const status = (root: string): string[] => git(root, 'status', '--porcelain').split('\n').filter(Boolean);

export interface CliRun { code: number; stdout: string; stderr: string }

type RunCli = (
  argv: string[],
  io: { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown }; cwd: string; env: NodeJS.ProcessEnv },
) => Promise<number>;
let built: Promise<RunCli> | undefined;

/**
 * The built CLI (`dist/cli/program.js`, what `dist/cli/bin.js` runs) in process: the real program
 * and exit codes without a Node start per command. Built first when older than the sources.
 */
function builtCli(): Promise<RunCli> {
  built ??= (async () => {
    ensureBuilt();
    const module = await import(pathToFileURL(join(REPO_ROOT, 'dist/cli/program.js')).href);
    return module.runCli as RunCli;
  })();
  return built;
}

/** Run `cms …args` (the built program, in process) and collect its output and exit code. */
export async function cms(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  const runCli = await builtCli();
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: (text: string) => { stdout += text; } },
    stderr: { write: (text: string) => { stderr += text; } },
    cwd: options.cwd ?? process.cwd(),
    env: { ...options.env },
  });
  return { code, stdout, stderr };
}

/**
 * Wait until `check` passes (it throws or returns false until then), or fail after `timeout` ms: a budget for an event that comes
 * late on a loaded 2-core machine (a watcher, a retry, a child process), not a speed requirement.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeout = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const result = await check();
      if (result !== false) return result;
      if (Date.now() - started > timeout) throw new Error('condition still false');
    } catch (error) {
      if (Date.now() - started > timeout) throw error;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 15));
  }
}
