import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BranchMovedError, branchFiles, commitToBranch } from '../../core/branches/branch-commit.js';
import { BranchNotFoundError, checkBranchName } from '../../core/branches/branch-names.js';
import { ConflictError, ValidationError } from '../../core/errors.js';
import { toErrorBody } from '../../core/strapi/errors.js';
import { git, repoWith, show, touched, write } from './repo.js';

const A = 'content/articles/a.json';
const B = 'content/articles/b.json';
// Real git processes on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const ann = { name: 'Ann Lee', email: 'ann@example.com' };
const bob = { name: 'Bob', email: 'bob@example.com' };

function site(subfolder = '') {
  const root = repoWith({ [A]: '{ "title": "A" }\n', [B]: '{ "title": "B" }\n', 'schemas/x.json': '{}\n' }, subfolder);
  git(root, 'branch', 'spring');
  return { root, tip: git(root, 'rev-parse', 'refs/heads/spring'), head: git(root, 'rev-parse', 'HEAD') };
}

describe('commitToBranch: a write to a branch is a commit on its ref, never a file in the served tree', () => {
  it('lands on the ref, authored by the caller, and leaves the work tree, the served index and HEAD alone', async () => {
    const { root, tip, head } = site();
    const result = await commitToBranch(root, 'spring', [{ file: A, text: '{ "title": "A on spring" }\n' }],
      { author: ann, message: 'Update article a', expectedTip: tip, date: '2026-01-02T03:04:05Z' });
    expect(result.tip).toBe(result.commit);
    expect(git(root, 'rev-parse', 'refs/heads/spring')).toBe(result.commit);
    expect(git(root, 'rev-parse', `${result.commit}^`)).toBe(tip);
    expect(show(root, 'spring', A)).toBe('{ "title": "A on spring" }');
    expect(git(root, 'log', '-1', '--format=%an <%ae>|%aI|%cn|%s', 'spring')).toBe('Ann Lee <ann@example.com>|2026-01-02T03:04:05+00:00|Site Owner|Update article a');
    expect(touched(root, result.commit)).toEqual([A]);
    expect(readFileSync(join(root, A), 'utf8')).toBe('{ "title": "A" }\n');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('two writers racing on one tip: one commits, the other gets BranchMovedError (409) and its file is in no commit', async () => {
    const { root, tip } = site();
    const results = await Promise.allSettled([
      commitToBranch(root, 'spring', [{ file: A, text: 'ann\n' }], { author: ann, message: 'Ann', expectedTip: tip }),
      commitToBranch(root, 'spring', [{ file: B, text: 'bob\n' }], { author: bob, message: 'Bob', expectedTip: tip }),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(BranchMovedError);
    expect(lost[0].reason).toBeInstanceOf(ConflictError);
    expect(toErrorBody(lost[0].reason).error).toMatchObject({ status: 409, name: 'ConflictError', details: { branch: 'spring', expectedTip: tip } });
    const winner = (won[0] as PromiseFulfilledResult<{ commit: string }>).value.commit;
    expect(git(root, 'rev-parse', 'refs/heads/spring')).toBe(winner);
    // The winner's commit holds its own file only: the loser's blob went into no tree.
    expect(touched(root, winner)).toHaveLength(1);
    // The loser reloads and writes again: both files are on the branch.
    const loser = results[0].status === 'rejected' ? { file: A, text: 'ann\n' } : { file: B, text: 'bob\n' };
    await commitToBranch(root, 'spring', [loser], { author: ann, message: 'Again', expectedTip: winner });
    expect([show(root, 'spring', A), show(root, 'spring', B)]).toEqual(['ann', 'bob']);
  });

  it('deletes a file on the branch (text null) and keeps it in the served tree', async () => {
    const { root, tip } = site();
    const { commit } = await commitToBranch(root, 'spring', [{ file: B, text: null }], { author: ann, message: 'Delete b', expectedTip: tip });
    expect(show(root, 'spring', B)).toBeUndefined();
    expect(show(root, 'spring', A)).toBe('{ "title": "A" }');
    expect(touched(root, commit)).toEqual([B]);
    expect(existsSync(join(root, B))).toBe(true);
  });

  it('a write that changes nothing makes no commit', async () => {
    const { root, tip } = site();
    const result = await commitToBranch(root, 'spring', [{ file: A, text: '{ "title": "A" }\n' }], { author: ann, message: 'Same', expectedTip: tip });
    expect(result).toEqual({ commit: tip, tip });
    expect(git(root, 'rev-parse', 'refs/heads/spring')).toBe(tip);
  });

  it('builds on the ref as it is: a commit made by plain git since the last write is kept, never overwritten by a cached index', async () => {
    const { root, tip } = site();
    const first = await commitToBranch(root, 'spring', [{ file: A, text: 'one\n' }], { author: ann, message: 'One', expectedTip: tip });
    // Someone moves the branch with git itself (here: a commit made on a worktree of it).
    const other = join(root, '..', `${root.split('/').pop()}-wt`);
    git(root, 'worktree', 'add', '--quiet', other, 'spring');
    write(other, B, 'from git\n');
    git(other, 'commit', '--quiet', '-am', 'By hand');
    git(root, 'worktree', 'remove', other);
    const moved = git(root, 'rev-parse', 'refs/heads/spring');
    await expect(commitToBranch(root, 'spring', [{ file: A, text: 'two\n' }], { author: ann, message: 'Two', expectedTip: first.commit }))
      .rejects.toBeInstanceOf(BranchMovedError);
    await commitToBranch(root, 'spring', [{ file: A, text: 'two\n' }], { author: ann, message: 'Two', expectedTip: moved });
    expect([show(root, 'spring', A), show(root, 'spring', B)]).toEqual(['two', 'from git']);
  });

  it('works for a project in a subfolder of its repository, and keeps one cached index per branch', async () => {
    const { root, tip } = site('site');
    const first = await commitToBranch(root, 'spring', [{ file: A, text: 'one\n' }], { author: ann, message: 'One', expectedTip: tip });
    await commitToBranch(root, 'spring', [{ file: B, text: 'two\n' }], { author: ann, message: 'Two', expectedTip: first.commit });
    expect(git(root, 'show', 'spring:site/content/articles/a.json')).toBe('one');
    expect(git(root, 'show', 'spring:site/content/articles/b.json')).toBe('two');
    const cached = readdirSync(join(root, '..', '.git', 'cms-branches'));
    expect(cached).toHaveLength(1);
    expect(cached[0]).toContain(git(root, 'rev-parse', 'refs/heads/spring'));
  });

  it('refuses an unknown branch (404), a stale tip (409) and the branch the served tree has checked out (409)', async () => {
    const { root, tip, head } = site();
    const write = (branch: string, expectedTip: string) =>
      commitToBranch(root, branch, [{ file: A, text: 'x\n' }], { author: ann, message: 'x', expectedTip });
    const missing = await write('nope', tip).catch((error) => error);
    expect(missing).toBeInstanceOf(BranchNotFoundError);
    expect(toErrorBody(missing)).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Branch "nope" does not exist', details: {} } });
    await expect(write('spring', 'f'.repeat(40))).rejects.toBeInstanceOf(BranchMovedError);
    await expect(write('main', head)).rejects.toThrow(/checked out in a work tree/);
    expect(git(root, 'rev-parse', 'refs/heads/main')).toBe(head);
  });

  let shared: ReturnType<typeof site>;
  beforeAll(() => { shared = site(); });
  it.each(['has space', 'a..b', '-f', 'x.lock', 'a//b', '.hidden', 'end.', 'HEAD', 'a@{1}', 'x~1', 'x'.repeat(101), ''])(
    'refuses the branch name %j with a 400 before git sees it', async (name) => {
      const { root, tip } = shared;
      const error = await commitToBranch(root, name, [{ file: A, text: 'x\n' }], { author: ann, message: 'x', expectedTip: tip })
        .catch((caught) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect(toErrorBody(error).error.status).toBe(400);
    },
  );

  it.each(['spring', 'edits/spring-menu', 'ann.lee', 'été'])('takes the branch name %j', (name) => {
    expect(checkBranchName(name)).toBe(name);
  });
});

describe('branchFiles: the overlay of a branch is its own changes since it left the base', () => {
  it('after the base moved on, lists only the branch\'s content files with their texts at its tip (null: deleted)', async () => {
    const { root, tip } = site();
    const one = await commitToBranch(root, 'spring', [{ file: A, text: 'spring a\n' }, { file: 'content/tags/new.json', text: 'new\n' }],
      { author: ann, message: 'One', expectedTip: tip });
    await commitToBranch(root, 'spring', [{ file: B, text: null }, { file: 'schemas/x.json', text: '{ "changed": true }\n' }],
      { author: ann, message: 'Two', expectedTip: one.commit });
    // The base moves on: another file changes on main.
    write(root, 'content/articles/c.json', 'c on main\n');
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '-m', 'Main moves on');
    const overlay = await branchFiles(root, 'spring');
    expect(Object.fromEntries(overlay.files)).toEqual({ [A]: 'spring a\n', [B]: null, 'content/tags/new.json': 'new\n' });
    expect(overlay).toMatchObject({ tip: git(root, 'rev-parse', 'spring'), base: git(root, 'rev-parse', 'main'), mergeBase: tip });
  });

  it('a branch that changed nothing has an empty overlay; an unknown branch is a 404', async () => {
    const { root } = site('site');
    expect((await branchFiles(root, 'spring')).files.size).toBe(0);
    await expect(branchFiles(root, 'gone')).rejects.toBeInstanceOf(BranchNotFoundError);
  });
});
