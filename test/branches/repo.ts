import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { seededCopy, seedOf } from '../helpers/seeded-repo.js';

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
 * Name the site owner as a fresh repository's committer: the very lines `git config user.name …` and `git config user.email …`
 * add to its `.git/config` (sample-repo-copy.test.ts compares them), in one write instead of two git processes.
 */
export function nameCommitter(repo: string): void {
  appendFileSync(join(repo, '.git/config'), '[user]\n\tname = Site Owner\n\temail = owner@example.org\n');
}

/**
 * A repository on `main` holding these files, committed (the project in `subfolder` of it when given); returns the project root.
 * The repository names a committer, as a developer's machine does.
 */
export function repoWith(files: Record<string, string>, subfolder = ''): string {
  const repo = mkdtempSync(join(tmpdir(), 'cms-branches-'));
  const root = subfolder ? join(repo, subfolder) : repo;
  git(repo, 'init', '--quiet', '--initial-branch=main');
  nameCommitter(repo);
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

/** What `sampleRepo` copies: the sample site, `git init`, its committer, `cms git-setup`'s driver, committed, `spring` at its tip. */
export async function committedSampleSite(): Promise<string> {
  const { copySampleSite, REPO_ROOT } = await import('../helpers/project.js');
  const { setupMergeDriver } = await import('../../core/git/merge-setup.js');
  (await import('../cli/built-cli.js')).ensureBuilt();
  const root = copySampleSite();
  git(root, 'init', '--quiet', '--initial-branch=main');
  nameCommitter(root);
  write(root, '.gitignore', '.cms/\n');
  await setupMergeDriver(root, `'${process.execPath}' '${join(REPO_ROOT, 'dist/cli/bin.js')}' merge-driver`);
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', 'Initial content');
  git(root, 'branch', 'spring');
  return root;
}

/** The `committedSampleSite` of this test file, made on first use (what `sampleRepo` copies). */
export const sampleSeed = (): Promise<string> => seedOf('branches-sample', committedSampleSite);

/**
 * A git copy of the sample site on `main` whose content files merge through the CMS driver (`cms git-setup`, from `dist/`),
 * with a branch `spring` at its tip; returns the project root. Each call gets a folder of its own, repository and all, copied
 * from one `committedSampleSite` per test file (test/helpers/seeded-repo.ts): one git process instead of six.
 */
export const sampleRepo = (): Promise<string> => seededCopy('branches-sample', committedSampleSite);

/** Edit a JSON file on `main` in the served tree and commit it. */
export function commitOnMain(root: string, path: string, edit: (value: any) => void, message = 'Edit on main'): void {
  const value = JSON.parse(readFileSync(join(root, path), 'utf8'));
  edit(value);
  write(root, path, `${JSON.stringify(value, null, 2)}\n`);
  git(root, 'commit', '--quiet', '-am', message);
}
