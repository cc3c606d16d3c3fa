import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
