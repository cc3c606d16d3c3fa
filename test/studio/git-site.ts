import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySampleSite } from '../helpers/project.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

/** A temporary folder removed after the test file. */
export function tempDir(prefix: string): string {
  return removeAfterFile(mkdtempSync(join(tmpdir(), prefix)));
}

/** Run git in a folder and return its output, trimmed. */
export const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The committed sites made so far, by their grants: a folder each, removed after the test file like every temp folder. */
const seeds = new Map<string, string>();

/** The sample site committed once as `gitSampleSite` describes (git init, add and commit: five git processes). */
function seedSite(authenticated?: Record<string, string[]>): string {
  const root = copySampleSite();
  if (authenticated) {
    const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
    config.permissions.authenticated = authenticated;
    writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config, null, 2));
  }
  git(root, 'init', '--quiet', '--initial-branch=main');
  git(root, 'config', 'user.name', 'Site Owner');
  git(root, 'config', 'user.email', 'owner@example.com');
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', 'The sample site');
  return root;
}

/**
 * A copy of the sample site that is a real git repository on `main`, everything committed once.
 * `authenticated` replaces the Authenticated role's grants (the studio's editor account).
 *
 * Each call gets a folder of its own, repository and all, copied from a site committed once per test file and grants (a folder
 * copy costs a fraction of the git runs that made it). The seed is checked on each call: files sharing a module graph
 * (vitest.config.ts) see it removed after the file that made it, and the next one commits its own.
 */
export function gitSampleSite(authenticated?: Record<string, string[]>): string {
  const key = JSON.stringify(authenticated ?? null);
  let seed = seeds.get(key);
  if (!seed || !existsSync(join(seed, '.git'))) {
    seed = seedSite(authenticated);
    seeds.set(key, seed);
  }
  const root = tempDir('cms-git-sample-');
  cpSync(seed, root, { recursive: true });
  return root;
}

/** A bare repository to push to, added as `origin`. */
export function addBareRemote(root: string): string {
  const remote = tempDir('cms-remote-');
  git(remote, 'init', '--quiet', '--bare');
  git(root, 'remote', 'add', 'origin', remote);
  return remote;
}
