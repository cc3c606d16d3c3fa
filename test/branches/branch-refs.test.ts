import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { commitToBranch } from '../../core/branches/branch-commit.js';
import { baseBranch, branchTip, createBranch, deleteBranch, listBranches } from '../../core/branches/branch-refs.js';
import { BranchNotFoundError } from '../../core/branches/branch-names.js';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import { loadConfig } from '../../core/config/load.js';
import { git, repoWith, write } from './repo.js';

vi.setConfig({ testTimeout: 180_000 });

const A = 'content/articles/a.json';
const ann = { name: 'Ann', email: 'ann@example.com' };
const site = () => repoWith({ [A]: '{ "title": "A" }\n' });

describe('branch refs: create, list against the base, delete', () => {
  it('creates a branch at the base tip without moving the served checkout, and lists its distance to the base', async () => {
    const root = site();
    const head = git(root, 'rev-parse', 'HEAD');
    expect(await createBranch(root, 'spring')).toEqual({ name: 'spring', base: 'main', head });
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    await commitToBranch(root, 'spring', [{ file: A, text: 'one\n' }], { author: ann, message: 'One', expectedTip: head });
    write(root, 'content/articles/b.json', 'b\n');
    git(root, 'add', '--all');
    git(root, 'commit', '--quiet', '-m', 'Base moves');
    await createBranch(root, 'autumn/menu', 'spring');
    const listed = await listBranches(root);
    expect(listed.base).toEqual({ name: 'main', tip: git(root, 'rev-parse', 'main') });
    expect(listed.branches).toEqual([
      { name: 'autumn/menu', tip: await branchTip(root, 'spring'), ahead: 1, behind: 1, pushed: false },
      { name: 'spring', tip: await branchTip(root, 'spring'), ahead: 1, behind: 1, pushed: false },
    ]);
  });

  it('refuses an existing name (400), an unknown start (404) and a start that reads as an option (400)', async () => {
    const root = site();
    await createBranch(root, 'spring');
    await expect(createBranch(root, 'spring')).rejects.toThrow(ValidationError);
    await expect(createBranch(root, 'spring')).rejects.toThrow('Branch "spring" already exists');
    const unknown = await createBranch(root, 'x', 'nowhere').catch((error) => error);
    expect(unknown).toBeInstanceOf(NotFoundError);
    await expect(createBranch(root, 'y', '--all')).rejects.toThrow(ValidationError);
    await expect(createBranch(root, 'a b')).rejects.toThrow(ValidationError);
  });

  it('deletes a branch and its cached index; the base and an unknown branch are refused', async () => {
    const root = site();
    const { head } = await createBranch(root, 'spring');
    await commitToBranch(root, 'spring', [{ file: A, text: 'one\n' }], { author: ann, message: 'One', expectedTip: head });
    const tip = await branchTip(root, 'spring');
    expect(await deleteBranch(root, 'spring')).toEqual({ name: 'spring', tip });
    await expect(branchTip(root, 'spring')).rejects.toBeInstanceOf(BranchNotFoundError);
    expect(readdirSync(join(root, '.git', 'cms-branches'))).toEqual([]);
    await expect(deleteBranch(root, 'spring')).rejects.toBeInstanceOf(BranchNotFoundError);
    await expect(deleteBranch(root, 'main')).rejects.toThrow(/is the base branch/);
    expect(git(root, 'rev-parse', 'main')).toBe(head);
  });

  it('the base is git.baseBranch when set, and must be what the served checkout is on', async () => {
    const root = site();
    expect(await baseBranch(root)).toBe('main');
    expect(await baseBranch(root, { git: { baseBranch: 'main' } })).toBe('main');
    const wrong = await baseBranch(root, { git: { baseBranch: 'production' } }).catch((error) => error);
    expect(wrong).toBeInstanceOf(ConflictError);
    expect(wrong.message).toBe('git.baseBranch is "production" but the served checkout is on "main": git switch production');
    git(root, 'switch', '--quiet', '--detach');
    await expect(baseBranch(root)).rejects.toThrow(/HEAD is detached/);
  });

  it('a config whose git.baseBranch git would refuse does not load', async () => {
    const root = site();
    write(root, 'cms.config.json', '{ "git": { "baseBranch": "a..b" } }\n');
    await expect(loadConfig(root)).rejects.toThrow(/git.baseBranch must be a branch name/);
  });
});
