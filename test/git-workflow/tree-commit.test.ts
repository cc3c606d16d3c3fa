import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGit } from '../../core/git/git.js';
import { cleanMessage } from '../../core/git/tree-commit.js';
import { git, initRepo, status, writeText } from './helpers.js';

const ANN = { name: 'Ann Lee', email: 'ann@example.com' };

/** A repository with a flat and a fan-out type, one commit, and a clean index. */
function repository(): string {
  const root = mkdtempSync(join(tmpdir(), 'cms-tree-commit-'));
  writeText(root, 'content/tags/t1.json', '{ "name": "one" }\n');
  writeText(root, 'content/tags/t2.json', '{ "name": "two" }\n');
  writeText(root, 'content/articles/ab/ab12.json', '{ "title": "A" }\n');
  writeText(root, 'content/articles/cd/cd34.json', '{ "title": "C" }\n');
  initRepo(root);
  return root;
}

/** The files a commit touched, with git's letter (A, M, D). */
const touched = (root: string, commit: string) =>
  git(root, 'show', '--format=', '--name-status', '--no-renames', commit).split('\n').filter(Boolean).map((line) => line.split('\t'));

describe('commit by plumbing (tree-commit.ts): one commit of exactly the named paths, the index kept', () => {
  it('adds, changes and deletes files in flat and fan-out folders; HEAD moves by one commit and git status stays clean', async () => {
    const root = repository();
    const before = git(root, 'rev-parse', 'HEAD');
    writeText(root, 'content/tags/t1.json', '{ "name": "uno" }\n');
    writeText(root, 'content/articles/ef/ef56.json', '{ "title": "E" }\n');
    rmSync(join(root, 'content/articles/cd/cd34.json'));
    rmSync(join(root, 'content/articles/cd'), { recursive: true });
    writeText(root, 'content/tags/t2.json', '{ "name": "left alone" }\n');
    const paths = ['content/tags/t1.json', 'content/articles/ef/ef56.json', 'content/articles/cd/cd34.json'];
    const at = { ...ANN, date: '2026-01-02T03:04:05.000Z' };
    const commit = await createGit(root).commitPaths(paths, 'Update three\n\nwith a body  \n\n\n', at);
    expect(commit).toBe(git(root, 'rev-parse', 'HEAD'));
    expect(git(root, 'rev-parse', 'HEAD~1')).toBe(before);
    expect(touched(root, commit!)).toEqual([
      ['D', 'content/articles/cd/cd34.json'], ['A', 'content/articles/ef/ef56.json'], ['M', 'content/tags/t1.json'],
    ]);
    expect(git(root, 'log', '-1', '--format=%an <%ae>|%aI|%B'))
      .toBe('Ann Lee <ann@example.com>|2026-01-02T03:04:05+00:00|Update three\n\nwith a body');
    expect(git(root, 'reflog', '-1', '--format=%gs')).toBe('commit: Update three');
    // The fan-out folder left empty is gone from the tree, as git keeps no empty folder.
    expect(git(root, 'ls-tree', '--name-only', 'HEAD', 'content/articles/')).toBe('content/articles/ab\ncontent/articles/ef');
    // Only the unrelated change is left, unstaged: the index holds exactly what was committed.
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('');
    expect(git(root, 'diff', '--name-only')).toBe('content/tags/t2.json');
    git(root, 'fsck', '--strict', '--no-dangling');
  });

  it('a commit made by plain git between the CMS\'s read of HEAD and its update-ref is kept: the CMS commits on top of it', async () => {
    const root = repository();
    // A `git` first on PATH that, the first time the CMS asks commit-tree (HEAD already read, trees built), commits another file
    // with the real git, as a person at a terminal would, then carries on.
    const bin = mkdtempSync(join(tmpdir(), 'cms-git-race-'));
    const realGit = (process.env.PATH ?? '').split(':').map((dir) => join(dir, 'git')).find((file) => existsSync(file));
    const marker = join(bin, 'raced');
    writeFileSync(join(bin, 'git'), `#!/bin/sh
if [ "$1" = "commit-tree" ] && [ ! -e "${marker}" ]; then
  touch "${marker}"
  printf '{ "name": "by hand" }\\n' > content/tags/t2.json
  "${realGit}" add content/tags/t2.json && "${realGit}" -c user.name=Bob -c user.email=bob@example.com commit -q -m "By hand" || exit 70
fi
exec "${realGit}" "$@"
`);
    chmodSync(join(bin, 'git'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      writeText(root, 'content/tags/t1.json', '{ "name": "by the cms" }\n');
      const commit = await createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN);
      expect(existsSync(marker)).toBe(true);
      expect(git(root, 'log', '--format=%s', '-3')).toBe('Update tag t1\nBy hand\nInitial content');
      expect(commit).toBe(git(root, 'rev-parse', 'HEAD'));
      expect(git(root, 'show', 'HEAD:content/tags/t2.json')).toBe('{ "name": "by hand" }');
      expect(git(root, 'show', 'HEAD:content/tags/t1.json')).toBe('{ "name": "by the cms" }');
      expect(touched(root, commit!)).toEqual([['M', 'content/tags/t1.json']]);
      expect(status(root)).toEqual([]);
    } finally {
      process.env.PATH = path;
    }
  });

  it('a ref another process holds locked fails the commit and leaves HEAD, the tree and the index as they were', async () => {
    const root = repository();
    const before = git(root, 'rev-parse', 'HEAD');
    writeText(root, 'content/tags/t1.json', '{ "name": "locked out" }\n');
    writeFileSync(join(root, '.git/refs/heads/main.lock'), '');
    await expect(createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN)).rejects.toThrow(/lock/);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(before);
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('');
    expect(git(root, 'diff', '--name-only')).toBe('content/tags/t1.json');
    rmSync(join(root, '.git/refs/heads/main.lock'));
    await createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN);
    expect(status(root)).toEqual([]);
  });

  it('an index another git holds locked fails the commit as git commit would, and nothing changes', async () => {
    const root = repository();
    const before = git(root, 'rev-parse', 'HEAD');
    writeText(root, 'content/tags/t1.json', '{ "name": "while locked" }\n');
    writeFileSync(join(root, '.git/index.lock'), '');
    await expect(createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN)).rejects.toThrow(/index\.lock/);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(before);
  });

  it('an index update that fails after the commit leaves the commit made; the next commit brings the index up to date', async () => {
    const root = repository();
    const port = createGit(root);
    const bin = mkdtempSync(join(tmpdir(), 'cms-git-index-'));
    const realGit = (process.env.PATH ?? '').split(':').map((dir) => join(dir, 'git')).find((file) => existsSync(file));
    writeFileSync(join(bin, 'git'), '#!/bin/sh\n'
      + 'if [ "$1" = "update-index" ]; then echo "fatal: index.lock: File exists" >&2; exit 128; fi\n'
      + `exec "${realGit}" "$@"\n`);
    chmodSync(join(bin, 'git'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    writeText(root, 'content/tags/t1.json', '{ "name": "index behind" }\n');
    try {
      expect(await port.commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN)).toBe(git(root, 'rev-parse', 'HEAD'));
    } finally {
      process.env.PATH = path;
    }
    expect(git(root, 'diff', '--cached', '--name-only')).toBe('content/tags/t1.json');
    writeText(root, 'content/tags/t2.json', '{ "name": "after" }\n');
    await port.commitPaths(['content/tags/t2.json'], 'Update tag t2', ANN);
    expect(status(root)).toEqual([]);
  });

  it('files that match HEAD make no commit', async () => {
    const root = repository();
    const before = git(root, 'rev-parse', 'HEAD');
    expect(await createGit(root).commitPaths(['content/tags/t1.json'], 'Nothing', ANN)).toBeUndefined();
    expect(git(root, 'rev-parse', 'HEAD')).toBe(before);
  });

  it('a project in a sub-folder of its repository commits its paths there', async () => {
    const outer = mkdtempSync(join(tmpdir(), 'cms-tree-commit-outer-'));
    git(outer, 'init', '--quiet', '--initial-branch=main');
    writeText(outer, 'README', 'outer\n');
    const root = join(outer, 'site');
    writeText(root, 'content/tags/t1.json', '{}\n');
    git(outer, 'add', '--all');
    git(outer, 'commit', '--quiet', '-m', 'Initial');
    writeText(root, 'content/tags/t1.json', '{ "name": "inner" }\n');
    const commit = await createGit(root).commitPaths(['content/tags/t1.json'], 'Update', ANN);
    expect(touched(outer, commit!)).toEqual([['M', 'site/content/tags/t1.json']]);
    expect(status(outer)).toEqual([]);
  });

  it('with a post-commit hook the commit is made by git commit, so the hook still runs', async () => {
    const root = repository();
    mkdirSync(join(root, '.git/hooks'), { recursive: true });
    writeFileSync(join(root, '.git/hooks/post-commit'), '#!/bin/sh\ngit log -1 --format=%s >> "$(git rev-parse --git-dir)/ran"\n');
    chmodSync(join(root, '.git/hooks/post-commit'), 0o755);
    writeText(root, 'content/tags/t1.json', '{ "name": "hooked" }\n');
    await createGit(root).commitPaths(['content/tags/t1.json'], 'Update tag t1', ANN);
    expect(readFileSync(join(root, '.git/ran'), 'utf8')).toBe('Update tag t1\n');
    expect(status(root)).toEqual([]);
  });

  it.each([
    ['written by the CMS as loose objects', {}],
    ['written by git (core.sharedRepository set)', { 'core.sharedRepository': 'group' }],
  ])('trees %s are byte for byte the ones git writes: a folder sorts as `name/`', async (_, config: Record<string, string>) => {
    const root = repository();
    for (const [key, value] of Object.entries(config)) git(root, 'config', key, value);
    const paths = ['content/tags/a.json', 'content/tags/a/x.json', 'content/tags/a-b.json', 'content/tags/a0.json', 'content/tags/é.json'];
    for (const path of paths) writeText(root, path, `{ "path": "${path}" }\n`);
    await createGit(root).commitPaths(paths, 'Add five', ANN);
    expect(status(root)).toEqual([]);
    // The index holds exactly HEAD's files: git's own tree of it has the same id only if every byte and the order agree.
    expect(git(root, 'write-tree')).toBe(git(root, 'rev-parse', 'HEAD^{tree}'));
    git(root, 'fsck', '--strict', '--no-dangling');
  });

  it('cleans a message as git commit -m does: trailing spaces, blank lines at the ends and runs of them', () => {
    expect(cleanMessage('\n\nSubject  \n\n\n\nbody\t\nmore\n\n')).toBe('Subject\n\nbody\nmore\n');
    expect(cleanMessage(' \n \n')).toBe('');
  });
});
