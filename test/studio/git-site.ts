import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * A copy of the sample site that is a real git repository on `main`, everything committed once.
 * `authenticated` replaces the Authenticated role's grants (the studio's editor account).
 */
export function gitSampleSite(authenticated?: Record<string, string[]>): string {
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

/** A bare repository to push to, added as `origin`. */
export function addBareRemote(root: string): string {
  const remote = tempDir('cms-remote-');
  git(remote, 'init', '--quiet', '--bare');
  git(root, 'remote', 'add', 'origin', remote);
  return remote;
}
