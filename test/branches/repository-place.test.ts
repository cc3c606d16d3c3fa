import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { placeOfRoot } from '../../core/branches/branch-git.js';
import { createWorkTree } from '../../core/git/work-tree.js';
import { gitRuns } from '../helpers/git-runs.js';
import { git, repoWith } from './repo.js';

// Real git processes on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const noRepository = () => {
  const root = mkdtempSync(join(tmpdir(), 'cms-no-repo-'));
  mkdirSync(join(root, 'content'));
  return root;
};

describe('a project root\'s place in its repository is asked of git once, and asked again when a .git comes or goes', () => {
  it('a folder outside any repository is asked once; a git init later is seen at the next call', async () => {
    const root = noRepository();
    expect(await gitRuns(() => placeOfRoot(root).catch(() => undefined))).toEqual(['rev-parse']);
    expect(await gitRuns(async () => {
      for (let call = 0; call < 5; call++) await expect(placeOfRoot(root)).rejects.toThrow();
    })).toEqual([]);
    git(root, 'init', '--quiet', '--initial-branch=main');
    expect(await placeOfRoot(root)).toEqual({ prefix: '', gitDir: join(root, '.git'), headDir: join(root, '.git') });
    expect(await gitRuns(() => placeOfRoot(root))).toEqual([]);
  });

  it('a repository whose .git is removed is no repository at the next call', async () => {
    const root = repoWith({ 'content/a.json': '{}\n' });
    expect((await placeOfRoot(root)).gitDir).toBe(join(root, '.git'));
    rmSync(join(root, '.git'), { recursive: true, force: true });
    await expect(placeOfRoot(root)).rejects.toThrow(/not a git repository/);
  });

  it('a linked work tree whose .git file is removed is no repository at the next call', async () => {
    const root = repoWith({ 'content/a.json': '{}\n' });
    const linked = join(mkdtempSync(join(tmpdir(), 'cms-linked-')), 'tree');
    git(root, 'worktree', 'add', '--quiet', '-b', 'linked', linked);
    expect(await placeOfRoot(linked)).toMatchObject({ prefix: '', gitDir: join(root, '.git') });
    rmSync(join(linked, '.git'));
    await expect(placeOfRoot(linked)).rejects.toThrow(/not a git repository/);
  });

  it('a project in a folder of a repository sees a git init of its own folder', async () => {
    const root = repoWith({ 'content/a.json': '{}\n' }, 'sites/blog');
    const repo = join(root, '..', '..');
    expect(await placeOfRoot(root)).toEqual({ prefix: 'sites/blog/', gitDir: join(repo, '.git'), headDir: join(repo, '.git') });
    git(root, 'init', '--quiet', '--initial-branch=main');
    expect(await placeOfRoot(root)).toEqual({ prefix: '', gitDir: join(root, '.git'), headDir: join(root, '.git') });
  });
});

describe('the Git panel\'s remotes are asked of git once while git\'s config files are unchanged', () => {
  it('lists a remote added, then removed, by plain git at the next request', async () => {
    const root = repoWith({ 'content/a.json': '{}\n' });
    const tree = createWorkTree(root);
    // The first request finds the repository's config files (rev-parse, kept too), then lists.
    expect(await gitRuns(async () => expect(await tree.remotes()).toEqual([]))).toEqual(['rev-parse', 'remote']);
    expect(await gitRuns(async () => expect(await tree.remotes()).toEqual([]))).toEqual([]);
    git(root, 'remote', 'add', 'origin', join(tmpdir(), 'nowhere.git'));
    expect(await tree.remotes()).toEqual(['origin']);
    git(root, 'remote', 'add', 'backup', join(tmpdir(), 'elsewhere.git'));
    expect(await tree.remotes()).toEqual(['backup', 'origin']);
    expect(await gitRuns(async () => expect((await tree.branches()).remotes).toEqual(['backup', 'origin']))).not.toContain('remote');
    git(root, 'remote', 'remove', 'origin');
    expect(await tree.remotes()).toEqual(['backup']);
  });

  it('outside a repository lists no remote, and a git init then a remote added is seen', async () => {
    const root = noRepository();
    const tree = createWorkTree(root);
    expect(await tree.remotes()).toEqual([]);
    git(root, 'init', '--quiet', '--initial-branch=main');
    git(root, 'remote', 'add', 'origin', join(tmpdir(), 'nowhere.git'));
    expect(await tree.remotes()).toEqual(['origin']);
  });
});
