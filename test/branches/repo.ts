import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const IDENTITY = ['-c', 'user.name=Test Runner', '-c', 'user.email=runner@example.org', '-c', 'commit.gpgsign=false',
  '-c', 'core.hooksPath=/dev/null'];

/** Run git in a test repository; trimmed stdout. */
export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', [...IDENTITY, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/**
 * A repository on `main` holding these files, committed (the project in `subfolder` of it when given); returns the project root.
 * The repository names a committer, as a developer's machine does.
 */
export function repoWith(files: Record<string, string>, subfolder = ''): string {
  const repo = mkdtempSync(join(tmpdir(), 'cms-branches-'));
  const root = subfolder ? join(repo, subfolder) : repo;
  git(repo, 'init', '--quiet', '--initial-branch=main');
  git(repo, 'config', 'user.name', 'Site Owner');
  git(repo, 'config', 'user.email', 'owner@example.org');
  for (const [path, text] of Object.entries(files)) write(root, path, text);
  git(repo, 'add', '--all');
  git(repo, 'commit', '--quiet', '-m', 'Initial content');
  return root;
}

/** A file's text at a commit or ref, or undefined when it is not there. */
export function show(root: string, ref: string, path: string): string | undefined {
  try { return git(root, 'show', `${ref}:./${path}`); } catch { return undefined; }
}

/** Files a commit touched, relative to the project root. */
export const touched = (root: string, commit: string): string[] =>
  git(root, 'diff-tree', '--no-commit-id', '--name-only', '-r', '--relative', commit).split('\n').filter(Boolean).sort();

/**
 * A git copy of the sample site on `main` whose content files merge through the CMS driver (`cms git-setup`, from `dist/`),
 * with a branch `spring` at its tip; returns the project root.
 */
export async function sampleRepo(): Promise<string> {
  const { copySampleSite, REPO_ROOT } = await import('../helpers/project.js');
  const { setupMergeDriver } = await import('../../core/git/merge-setup.js');
  (await import('../cli/built-cli.js')).ensureBuilt();
  const root = copySampleSite();
  git(root, 'init', '--quiet', '--initial-branch=main');
  git(root, 'config', 'user.name', 'Site Owner');
  git(root, 'config', 'user.email', 'owner@example.org');
  write(root, '.gitignore', '.cms/\n');
  await setupMergeDriver(root, `'${process.execPath}' '${join(REPO_ROOT, 'dist/cli/bin.js')}' merge-driver`);
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', 'Initial content');
  git(root, 'branch', 'spring');
  return root;
}

/** Edit a JSON file on `main` in the served tree and commit it. */
export function commitOnMain(root: string, path: string, edit: (value: any) => void, message = 'Edit on main'): void {
  const value = JSON.parse(readFileSync(join(root, path), 'utf8'));
  edit(value);
  write(root, path, `${JSON.stringify(value, null, 2)}\n`);
  git(root, 'commit', '--quiet', '-am', message);
}
