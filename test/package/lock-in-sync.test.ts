import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';

// `npm install` on a fresh clone must leave package-lock.json as committed (issue 39). Rather than restating what npm copies into
// the lock, npm itself is asked: its own lock-only install, offline, in a copy of the two files (never in the checkout, whose
// node_modules is not touched), and the lock it leaves is compared byte for byte with the committed one.

const made: string[] = [];
afterAll(() => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });

/** The lock `npm install` writes for `manifest` beside the committed lock, or npm's error when it cannot without the network. */
function lockAfterInstall(manifest: string): Promise<{ lock: string; error: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-lock-'));
  made.push(dir);
  writeFileSync(join(dir, 'package.json'), manifest);
  copyFileSync(join(REPO_ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
  // An empty cache of its own: nothing shared with another run, and nothing in it lets npm resolve what the lock lacks.
  const args = ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--cache', join(dir, '.npm')];
  const env = { ...process.env, npm_config_update_notifier: 'false' };
  return new Promise((resolve) => {
    execFile('npm', args, { cwd: dir, env, timeout: 120_000 }, (error, _stdout, stderr) => {
      resolve({ lock: readFileSync(join(dir, 'package-lock.json'), 'utf8'), error: error ? stderr || error.message : '' });
    });
  });
}

describe.concurrent('package-lock.json is what npm install writes for package.json', () => {
  const committed = readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8');
  const manifest = readFileSync(join(REPO_ROOT, 'package.json'), 'utf8');

  it('npm install (lock only, offline) leaves the committed lock byte for byte', async () => {
    const { lock, error } = await lockAfterInstall(manifest);
    expect(error, 'npm install could not settle the lock offline: a dependency of package.json is missing from it').toBe('');
    expect(lock).toBe(committed);
  }, 120_000);

  it('the check sees a package.json the lock does not match (a bin dropped from package.json)', async () => {
    const changed = JSON.parse(manifest) as { bin: Record<string, string> };
    delete changed.bin.gitcms;
    const { lock, error } = await lockAfterInstall(`${JSON.stringify(changed, null, 2)}\n`);
    expect(error).toBe('');
    expect(lock).not.toBe(committed);
    expect((JSON.parse(lock) as { packages: Record<string, { bin?: object }> }).packages[''].bin).toEqual({ cms: 'dist/cli/bin.js' });
  }, 120_000);

  it('the check sees a dependency the lock lacks (npm cannot settle it offline)', async () => {
    const changed = JSON.parse(manifest) as { dependencies: Record<string, string> };
    changed.dependencies['left-pad'] = '^1.3.0';
    const { error } = await lockAfterInstall(`${JSON.stringify(changed, null, 2)}\n`);
    expect(error).toMatch(/ENOTCACHED|offline/i);
  }, 120_000);
});
