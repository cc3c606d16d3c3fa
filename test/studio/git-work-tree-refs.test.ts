import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkTree } from '../../core/git/work-tree.js';

const folders: string[] = [];
afterEach(() => { for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true }); });

/** A repository with one commit on main and the project in its `site/` folder. */
function repository(): { repo: string; root: string; git: (...args: string[]) => string } {
  const repo = mkdtempSync(join(tmpdir(), 'cms-work-tree-refs-'));
  folders.push(repo);
  const root = join(repo, 'site');
  mkdirSync(join(root, 'content'), { recursive: true });
  writeFileSync(join(root, 'content', 'a.json'), '{}\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args],
    { cwd: repo, encoding: 'utf8' }).trim();
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'first');
  return { repo, root, git };
}

describe('the Git panel\'s branches and HEAD, read from the ref files', () => {
  it('sees a branch created, moved, packed and deleted by plain git, and another commit on HEAD, at the next call', async () => {
    const { root, git } = repository();
    const tree = createWorkTree(root);
    expect(await tree.status()).toMatchObject({ branch: 'main', head: git('rev-parse', 'HEAD') });
    expect((await tree.branches()).branches).toEqual(['main']);

    git('branch', 'spring');
    git('branch', 'edits/summer');
    expect(await tree.branches()).toMatchObject({ current: 'main', branches: ['edits/summer', 'main', 'spring'] });

    git('commit', '--quiet', '--allow-empty', '-m', 'another editor');
    expect((await tree.status()).head).toBe(git('rev-parse', 'HEAD'));

    git('pack-refs', '--all');
    git('branch', '--force', 'spring', 'HEAD');
    git('branch', '--delete', 'edits/summer');
    expect((await tree.branches()).branches).toEqual(['main', 'spring']);

    git('switch', '--quiet', 'spring');
    expect(await tree.status()).toMatchObject({ branch: 'spring', head: git('rev-parse', 'spring') });
    expect((await tree.branches()).current).toBe('spring');
  });

  it('answers as git does when HEAD is detached and before the first commit', async () => {
    const { root, git } = repository();
    const tree = createWorkTree(root);
    git('switch', '--quiet', '--detach', 'HEAD');
    expect(await tree.status()).toMatchObject({ branch: null, head: git('rev-parse', 'HEAD') });
    expect(await tree.branches()).toMatchObject({ current: null, branches: ['main'] });

    git('checkout', '--quiet', '--orphan', 'fresh');
    expect(await tree.status()).toMatchObject({ branch: 'fresh', head: null });
    expect((await tree.branches()).branches).toEqual(['fresh', 'main']);
  });
});
