import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BranchMovedError, branchFiles, commitToBranch } from '../../core/branches/branch-commit.js';
import { branchGit, placeOfRoot } from '../../core/branches/branch-git.js';
import { checkedOut, commitTimeOf, treeOfCommit } from '../../core/branches/ref-reads.js';
import { git, repoWith, show, write } from './repo.js';

const A = 'content/articles/a.json';
// Real git processes on a busy machine.
vi.setConfig({ testTimeout: 180_000 });
const ann = { name: 'Ann Lee', email: 'ann@example.com' };

function site() {
  const root = repoWith({ [A]: '{ "title": "A" }\n' });
  git(root, 'branch', 'spring');
  return root;
}
const save = (root: string, text: string, expectedTip: string) =>
  commitToBranch(root, 'spring', [{ file: A, text }], { author: ann, message: 'Update a', expectedTip });

describe('a branch write and load read the refs, HEADs and commits from the files, and see what plain git did since', () => {
  it('sees the branch moved by plain git, then packed, at the next write (stale tip: 409; the new one commits)', async () => {
    const root = site();
    const first = await save(root, 'one\n', git(root, 'rev-parse', 'spring'));
    git(root, 'branch', '--force', 'spring', 'main');
    await expect(save(root, 'two\n', first.tip)).rejects.toBeInstanceOf(BranchMovedError);
    git(root, 'pack-refs', '--all');
    const moved = git(root, 'rev-parse', 'spring');
    const second = await save(root, 'two\n', moved);
    expect(git(root, 'rev-parse', `${second.commit}^`)).toBe(moved);
    expect(show(root, 'spring', A)).toBe('two');
  });

  it('sees another commit on the served branch (HEAD) at the next load of the branch\'s changes', async () => {
    const root = site();
    expect((await branchFiles(root, 'spring')).base).toBe(git(root, 'rev-parse', 'HEAD'));
    write(root, A, '{ "title": "A moved" }\n');
    git(root, 'commit', '--quiet', '-am', 'Another editor');
    expect((await branchFiles(root, 'spring')).base).toBe(git(root, 'rev-parse', 'HEAD'));
  });

  it('refuses a branch checked out by plain git in a linked work tree after a first write, as git worktree list says', async () => {
    const root = site();
    const { tip } = await save(root, 'one\n', git(root, 'rev-parse', 'spring'));
    const other = `${root}-wt`;
    git(root, 'worktree', 'add', '--quiet', other, 'spring');
    await expect(save(root, 'two\n', tip)).rejects.toThrow(/checked out in a work tree/);
    git(other, 'switch', '--quiet', '--detach');
    const third = await save(root, 'three\n', tip);
    // A HEAD naming a symbolic branch ref that names spring: git resolves it, and so must the answer.
    git(root, 'symbolic-ref', 'refs/heads/alias', 'refs/heads/spring');
    git(other, 'symbolic-ref', 'HEAD', 'refs/heads/alias');
    const listed = git(root, 'worktree', 'list', '--porcelain').split('\n').includes('branch refs/heads/spring');
    expect(listed).toBe(true);
    expect(await checkedOut(branchGit(root), (await placeOfRoot(root)).gitDir, 'refs/heads/spring')).toBe(listed);
    expect(await checkedOut(branchGit(root), (await placeOfRoot(root)).gitDir, 'refs/heads/main')).toBe(true);
    git(other, 'switch', '--quiet', '--detach');
    expect(await checkedOut(branchGit(root), (await placeOfRoot(root)).gitDir, 'refs/heads/spring')).toBe(false);
    expect(git(root, 'rev-parse', 'spring')).toBe(third.tip);
  });

  it('reads a commit\'s tree and committer time as git does, loose and after git gc packed it', async () => {
    const root = site();
    const { tip } = await save(root, 'one\n', git(root, 'rev-parse', 'spring'));
    const gitDir = join(root, '.git');
    const expected = async (commit: string) => {
      expect(await treeOfCommit(branchGit(root), gitDir, commit)).toBe(git(root, 'rev-parse', `${commit}^{tree}`));
      expect(await commitTimeOf(branchGit(root), gitDir, commit)).toBe(Date.parse(git(root, 'show', '-s', '--format=%cI', commit)));
    };
    await expected(tip);
    git(root, 'commit', '--quiet', '--allow-empty', '-m', 'Packed later');
    git(root, 'gc', '--quiet', '--prune=now');
    await expected(git(root, 'rev-parse', 'HEAD'));
    await expected(git(root, 'rev-parse', 'HEAD^'));
  });
});
