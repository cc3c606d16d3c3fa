// `sampleRepo` hands each test a copy of one repository per test file (and one index refresh) instead of running its six git
// commands again: these tests prove a copy is, byte for byte, the repository those commands made (the index's file stats are
// the copy's own), and that what git says of it is what it says of a fresh one.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedSampleSite, git, nameCommitter, sampleRepo, sampleSeed } from './repo.js';

/** Every file under `root` (the repository's `.git` included), by path, as bytes in hex. */
function filesOf(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(root, path)] = readFileSync(path).toString('hex');
  }
  return files;
}

/** What git reports of a repository, commit hashes and times aside (a fresh commit is made at another second). */
const described = (root: string) => ({
  head: git(root, 'symbolic-ref', 'HEAD'),
  refs: git(root, 'for-each-ref', '--format=%(refname) %(objecttype)').split('\n'),
  tree: git(root, 'rev-parse', 'HEAD^{tree}'),
  spring: git(root, 'rev-parse', 'spring') === git(root, 'rev-parse', 'HEAD'),
  commit: git(root, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%P|%B'),
  config: readFileSync(join(root, '.git/config'), 'utf8'),
  status: git(root, 'status', '--porcelain', '--ignored'),
  staged: git(root, 'ls-files', '--stage'),
});

describe('sampleRepo: a copy of the repository made once per test file', () => {
  it('is byte for byte the repository its git commands made: work tree, objects, refs and config; the same index entries', async () => {
    const copy = await sampleRepo();
    const seed = await sampleSeed();
    expect(copy).not.toBe(seed);
    const { '.git/index': copiedIndex, ...copied } = filesOf(copy);
    const { '.git/index': seedIndex, ...made } = filesOf(seed);
    expect(copiedIndex).toBeDefined();
    expect(seedIndex).toBeDefined();
    expect(copied).toEqual(made);
    expect(git(copy, 'ls-files', '--stage', '--eol')).toBe(git(seed, 'ls-files', '--stage', '--eol'));
  });

  it('reads as a fresh one does: same tree, refs, committer, driver config, clean status and staged files', async () => {
    const copy = await sampleRepo();
    // Clean first by the plumbing that trusts the index's file stats without refreshing them (a stale copied index fails it).
    expect(git(copy, 'diff-files', '--name-only')).toBe('');
    expect(git(copy, 'diff-index', '--name-only', 'HEAD')).toBe('');
    const fresh = await committedSampleSite();
    expect(described(copy)).toEqual(described(fresh));
  });

  it('is a folder of its own: a commit in one copy is not in the next', async () => {
    const first = await sampleRepo();
    const head = git(first, 'rev-parse', 'HEAD');
    git(first, 'commit', '--quiet', '--allow-empty', '-m', 'Only in the first copy');
    expect(git(await sampleRepo(), 'rev-parse', 'HEAD')).toBe(head);
  });
});

describe('nameCommitter', () => {
  it('writes the config bytes `git config user.name` and `git config user.email` write in a fresh repository', () => {
    const [byGit, byWrite] = [mkdtempSync(join(tmpdir(), 'cms-committer-')), mkdtempSync(join(tmpdir(), 'cms-committer-'))];
    for (const repo of [byGit, byWrite]) git(repo, 'init', '--quiet', '--initial-branch=main');
    git(byGit, 'config', 'user.name', 'Site Owner');
    git(byGit, 'config', 'user.email', 'owner@example.org');
    nameCommitter(byWrite);
    expect(readFileSync(join(byWrite, '.git/config'), 'utf8')).toBe(readFileSync(join(byGit, '.git/config'), 'utf8'));
    expect(git(byWrite, 'config', '--local', '--get', 'user.email')).toBe('owner@example.org');
  });
});
