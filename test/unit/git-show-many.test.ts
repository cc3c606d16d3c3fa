import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBatch } from '../../core/git/cat-file-batch.js';
import { createGit } from '../../core/git/git.js';

const IDENTITY = ['-c', 'user.name=Ann', '-c', 'user.email=ann@example.com'];
const run = (cwd: string, ...args: string[]) => execFileSync('git', [...IDENTITY, ...args], { cwd, encoding: 'utf8' }).trim();

/** A repository whose project sits in `site/`, with two commits. */
function repository() {
  const repo = mkdtempSync(join(tmpdir(), 'cms-show-many-'));
  const root = join(repo, 'site');
  mkdirSync(join(root, 'content/notes'), { recursive: true });
  run(repo, 'init', '--quiet', '--initial-branch=main');
  writeFileSync(join(root, 'content/notes/a.json'), '{ "title": "Crème brûlée" }\n');
  run(repo, 'add', '.');
  run(repo, 'commit', '--quiet', '-m', 'first');
  writeFileSync(join(root, 'content/notes/a.json'), '{ "title": "Æbleskiver" }\n');
  writeFileSync(join(root, 'content/notes/with space.json'), '{}\n');
  run(repo, 'add', '.');
  run(repo, 'commit', '--quiet', '-m', 'second');
  return root;
}

describe('showMany: many files at their commits through one git cat-file --batch', () => {
  it('answers as git show would: multibyte text by byte size, paths with spaces, relative to a project in a subfolder', async () => {
    const root = repository();
    const git = createGit(root);
    const first = run(root, 'rev-parse', 'HEAD~1');
    const files = [
      { commit: 'HEAD', path: 'content/notes/a.json' }, { commit: first, path: 'content/notes/a.json' },
      { commit: 'HEAD', path: 'content/notes/with space.json' },
    ];
    const found = await git.showMany(files);
    expect([...found.keys()]).toEqual(files.map(({ commit, path }) => `${commit}:${path}`));
    for (const { commit, path } of files) expect(found.get(`${commit}:${path}`)).toBe(await git.show(commit, path));
    expect(found.get('HEAD:content/notes/a.json')).toBe('{ "title": "Æbleskiver" }\n');
  });

  it('leaves out what is not there: a new file, the first commit\'s parent, a folder, an unknown commit, a path outside', async () => {
    const root = repository();
    const git = createGit(root);
    const first = run(root, 'rev-parse', 'HEAD~1');
    const found = await git.showMany([
      { commit: 'HEAD', path: 'content/notes/none.json' }, { commit: `${first}^`, path: 'content/notes/a.json' },
      { commit: 'HEAD', path: 'content/notes' }, { commit: 'f'.repeat(40), path: 'content/notes/a.json' },
      { commit: 'HEAD', path: '../../outside.json' }, { commit: 'HEAD', path: 'content/notes/a.json' },
    ]);
    expect([...found.keys()]).toEqual(['HEAD:content/notes/a.json']);
    expect(await git.showMany([])).toEqual(new Map());
  });

  it('readBatch reads objects by size (a blob may hold header-like lines) wherever the stream is cut, and refuses a short answer', async () => {
    const blob = 'x\n0123456789012345678901234567890123456789 blob 3\nend é';
    const header = (oid: string, type: string, body: string) => `${oid.repeat(40)} ${type} ${Buffer.byteLength(body)}\n${body}\n`;
    const out = Buffer.from(`HEAD:./gone missing\n${header('a', 'blob', blob)}${header('b', 'tree', 'x')}${header('c', 'blob', '')}`);
    const cut = async function* (at: number[]) { for (let from = 0, index = 0; from < out.length; from = at[index++] ?? out.length) yield out.subarray(from, at[index] ?? out.length); };
    // Whole, at every byte, and at every pair of cuts (a header, a body and the newline after it each split across chunks).
    expect(await readBatch(cut([]), 4)).toEqual([undefined, blob, undefined, '']);
    for (let first = 1; first < out.length; first++) {
      expect(await readBatch(cut([first]), 4)).toEqual([undefined, blob, undefined, '']);
      for (let second = first + 1; second < out.length; second += 7) expect(await readBatch(cut([first, second]), 4)).toEqual([undefined, blob, undefined, '']);
    }
    expect(await readBatch(cut(Array.from({ length: out.length - 1 }, (_, at) => at + 1)), 4)).toEqual([undefined, blob, undefined, '']);
    await expect(readBatch(cut([]), 5)).rejects.toThrow(/answered 4 of 5/);
  });
});
