import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGit } from '../../core/git/git.js';
import { INDEX_TIMING, settleIndexes } from '../../core/git/index-debt.js';
import { createWorkTree } from '../../core/git/work-tree.js';
import { git, initRepo, status, writeText } from './helpers.js';

const ANN = { name: 'Ann Lee', email: 'ann@example.com' };
const DEFAULTS = { ...INDEX_TIMING };
const DIST = resolve('dist/core/git');
const owedFile = (root: string) => join(root, '.git', 'gitcms-index-owed');

/** A repository with two tags committed; one that asks for index updates per burst (`gitcms.indexPerBurst`) unless told. */
function repository(perBurst = true): string {
  const root = mkdtempSync(join(tmpdir(), 'cms-index-debt-'));
  writeText(root, 'content/tags/t1.json', '{ "name": "one" }\n');
  writeText(root, 'content/tags/t2.json', '{ "name": "two" }\n');
  initRepo(root);
  if (perBurst) git(root, 'config', 'gitcms.indexPerBurst', 'true');
  return root;
}

/** Every index counts as large, and the owed update waits for settleIndexes (an hour's delay): the burst is the test's. */
function deferEveryIndex(): void {
  Object.assign(INDEX_TIMING, { deferAboveBytes: 0, idleMs: 3_600_000, maxDelayMs: 3_600_000 });
}

/** A `git` first on PATH that notes each `update-index` it runs; returns the file of notes and how to take it off PATH. */
function countUpdateIndex(): { notes: string; restore: () => void } {
  const bin = mkdtempSync(join(tmpdir(), 'cms-git-count-'));
  const realGit = (process.env.PATH ?? '').split(':').map((dir) => join(dir, 'git')).find((file) => existsSync(file));
  const notes = join(bin, 'notes');
  writeFileSync(notes, '');
  writeFileSync(join(bin, 'git'), `#!/bin/sh\n[ "$1" = "update-index" ] && echo update-index >> "${notes}"\nexec "${realGit}" "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path}`;
  return { notes, restore: () => { process.env.PATH = path; } };
}

/** Node running `body` (an ES module's text) with `createGit`, `INDEX_TIMING` and `root` in scope; its exit status. */
function inAnotherProcess(root: string, body: string): number | null {
  const script = `import { createGit } from '${DIST}/git.js'; import { INDEX_TIMING } from '${DIST}/index-debt.js';
const root = ${JSON.stringify(root)}; ${body}`;
  // The timeout only bounds a hang (a kept git process holding Node open); the test waits for the exit itself.
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit', timeout: 50_000 }).status;
}

afterEach(() => { Object.assign(INDEX_TIMING, DEFAULTS); });

describe('index entries of commits in a large index are written once per burst (index-debt.ts)', () => {
  it('a burst of commits in a large index makes one update-index, after it; until then git status shows the files staged back', async () => {
    const root = repository();
    deferEveryIndex();
    const port = createGit(root);
    const counted = countUpdateIndex();
    try {
      writeText(root, 'content/tags/t1.json', '{ "name": "uno" }\n');
      await port.commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN);
      writeText(root, 'content/tags/t2.json', '{ "name": "dos" }\n');
      await port.commitPaths(['content/tags/t2.json'], 'Update tag t2', ANN);
      // HEAD has both commits; the index still holds the old blobs: staged back to them, changed again in the work tree.
      expect(git(root, 'log', '--format=%s', '-3')).toBe('Update tag t2\nUpdate tag t1\nInitial content');
      expect(status(root)).toEqual(['MM content/tags/t1.json', 'MM content/tags/t2.json']);
      expect(readFileSync(owedFile(root), 'utf8')).toBe('content/tags/t1.json\0content/tags/t2.json\0');
      expect(readFileSync(counted.notes, 'utf8')).toBe('');
      await settleIndexes();
      expect(readFileSync(counted.notes, 'utf8')).toBe('update-index\n');
    } finally {
      counted.restore();
    }
    expect(status(root)).toEqual([]);
    expect(existsSync(owedFile(root))).toBe(false);
  });

  it('a repository that did not ask for gitcms.indexPerBurst has its index updated by each commit, so a person\'s commit right after keeps the CMS\'s', async () => {
    const root = repository(false);
    deferEveryIndex();
    writeText(root, 'content/tags/t1.json', '{ "name": "uno" }\n');
    await createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN);
    expect(status(root)).toEqual([]);
    expect(existsSync(owedFile(root))).toBe(false);
    writeText(root, 'content/tags/t2.json', '{ "name": "by hand" }\n');
    git(root, 'commit', '--quiet', '-am', 'A person\'s commit');
    expect(git(root, 'show', 'HEAD:content/tags/t1.json')).toBe('{ "name": "uno" }');
  });

  it('the CMS\'s own git status after commits in a large index sees the index settled, not the files staged back', async () => {
    const root = repository();
    deferEveryIndex();
    writeText(root, 'content/tags/t1.json', '{ "name": "uno" }\n');
    await createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN);
    expect((await createWorkTree(root).status()).changes).toEqual([]);
    expect(status(root)).toEqual([]);
  });

  it('entries owed by a process that stopped before writing them are written by the next process that commits', async () => {
    const root = repository();
    writeText(root, 'content/tags/t1.json', '{ "name": "left owed" }\n');
    expect(inAnotherProcess(root, `Object.assign(INDEX_TIMING, { deferAboveBytes: 0, idleMs: 3600000, maxDelayMs: 3600000 });
await createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', { name: 'Ann', email: 'ann@example.com' });
process.exit(0);`)).toBe(0);
    expect(status(root)).toEqual(['MM content/tags/t1.json']);
    writeText(root, 'content/tags/t2.json', '{ "name": "next" }\n');
    await createGit(root).commitPaths(['content/tags/t2.json'], 'Update tag t2', ANN);
    expect(git(root, 'log', '--format=%s', '-3')).toBe('Update tag t2\nUpdate tag t1\nInitial content');
    expect(status(root)).toEqual([]);
  });

  it('a process that commits and returns exits by itself: the kept git processes and the owed update do not hold it', async () => {
    const root = repository();
    writeText(root, 'content/tags/t1.json', '{ "name": "small" }\n');
    writeText(root, 'content/tags/t2.json', '{ "name": "large" }\n');
    expect(inAnotherProcess(root, `const port = createGit(root);
await port.commitPaths(['content/tags/t1.json'], 'Update tag t1', { name: 'Ann', email: 'ann@example.com' });
INDEX_TIMING.deferAboveBytes = 0;
await port.commitPaths(['content/tags/t2.json'], 'Update tag t2', { name: 'Ann', email: 'ann@example.com' });`)).toBe(0);
    expect(git(root, 'log', '--format=%s', '-3')).toBe('Update tag t2\nUpdate tag t1\nInitial content');
    // The deferred update ran before the process ended.
    expect(status(root)).toEqual([]);
  });

  it('the kept cat-file sees commits a person makes between the CMS\'s, a gc included', async () => {
    const root = repository();
    const port = createGit(root);
    writeText(root, 'content/tags/t1.json', '{ "name": "cms 1" }\n');
    await port.commitPaths(['content/tags/t1.json'], 'CMS 1', ANN);
    writeText(root, 'content/tags/t2.json', '{ "name": "by hand" }\n');
    git(root, 'commit', '--quiet', '-am', 'By hand');
    git(root, 'gc', '--quiet', '--prune=now');
    writeText(root, 'content/tags/t1.json', '{ "name": "cms 2" }\n');
    const commit = await port.commitPaths(['content/tags/t1.json'], 'CMS 2', ANN);
    expect(git(root, 'log', '--format=%s', '-4')).toBe('CMS 2\nBy hand\nCMS 1\nInitial content');
    expect(git(root, 'show', `${commit}:content/tags/t2.json`)).toBe('{ "name": "by hand" }');
    expect(status(root)).toEqual([]);
    git(root, 'fsck', '--strict', '--no-dangling');
  });
});
