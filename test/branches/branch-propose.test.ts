import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { commitToBranch } from '../../core/branches/branch-commit.js';
import { proposeBranch } from '../../core/branches/branch-propose.js';
import { branchTip, createBranch, listBranches } from '../../core/branches/branch-refs.js';
import { ConflictError } from '../../core/errors.js';
import { git, repoWith } from './repo.js';

vi.setConfig({ testTimeout: 180_000 });

const A = 'content/articles/a.json';
const ann = { name: 'Ann', email: 'ann@example.com' };

/** A site whose `origin` is a GitHub address that git sends to a local bare repository (url.<bare>.insteadOf). */
function siteWithRemote() {
  const root = repoWith({ [A]: '{ "title": "A" }\n' });
  const bare = mkdtempSync(join(tmpdir(), 'cms-origin-'));
  git(bare, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(root, 'remote', 'add', 'origin', 'https://github.com/acme/site.git');
  git(root, 'config', `url.${bare}.insteadOf`, 'https://github.com/acme/site.git');
  git(root, 'push', '--quiet', 'origin', 'main');
  return { root, bare };
}

describe('proposeBranch: push the change request alone and link the host\'s pull-request page', () => {
  it('pushes only that branch (never the base\'s new commits or another branch) and answers the compare URL', async () => {
    const { root, bare } = siteWithRemote();
    const { head } = await createBranch(root, 'spring');
    await createBranch(root, 'autumn');
    await commitToBranch(root, 'spring', [{ file: A, text: 'spring\n' }], { author: ann, message: 'Spring', expectedTip: head });
    git(root, 'commit', '--quiet', '--allow-empty', '-m', 'Main moves on, unpushed');
    const tip = await branchTip(root, 'spring');
    expect(await proposeBranch(root, 'spring')).toEqual({
      name: 'spring', base: 'main', remote: 'origin', tip, pullRequestUrl: 'https://github.com/acme/site/compare/main...spring?expand=1',
    });
    expect(git(bare, 'for-each-ref', '--format=%(refname) %(objectname)').split('\n').sort())
      .toEqual([`refs/heads/main ${head}`, `refs/heads/spring ${tip}`]);
    expect((await listBranches(root)).branches.map(({ name, pushed }) => [name, pushed])).toEqual([['autumn', false], ['spring', true]]);
  });

  it('a push the remote refuses (the branch moved there) is a 409 with git\'s reason; no remote at all is a 409 too', async () => {
    const { root, bare } = siteWithRemote();
    const { head } = await createBranch(root, 'spring');
    await proposeBranch(root, 'spring');
    // Someone else's commit on the remote's spring.
    const other = mkdtempSync(join(tmpdir(), 'cms-other-'));
    git(other, 'clone', '--quiet', bare, '.');
    git(other, 'switch', '--quiet', 'spring');
    git(other, 'commit', '--quiet', '--allow-empty', '-m', 'Elsewhere');
    git(other, 'push', '--quiet', 'origin', 'spring');
    await commitToBranch(root, 'spring', [{ file: A, text: 'mine\n' }], { author: ann, message: 'Mine', expectedTip: head });
    const refused = await proposeBranch(root, 'spring').catch((error) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused.message).toMatch(/rejected/);
    const alone = repoWith({ [A]: '{}\n' });
    await createBranch(alone, 'spring');
    await expect(proposeBranch(alone, 'spring')).rejects.toThrow('No git remote is configured (git remote add origin <url>)');
  });

  it('a push that fails on this side after the remote took it (the client killed) still proposes, and proposing again is no 409', async () => {
    const { root, bare } = siteWithRemote();
    const { head } = await createBranch(root, 'spring');
    await commitToBranch(root, 'spring', [{ file: A, text: 'spring\n' }], { author: ann, message: 'Spring', expectedTip: head });
    const tip = await branchTip(root, 'spring');
    // The remote's receive-pack takes the push, then the pushing git dies: git push exits non-zero.
    const receive = join(mkdtempSync(join(tmpdir(), 'cms-receive-')), 'receive-then-kill.sh');
    writeFileSync(receive, '#!/bin/sh\ngit-receive-pack "$@" && kill -9 $PPID\n');
    chmodSync(receive, 0o755);
    git(root, 'config', 'remote.origin.receivepack', receive);
    expect((await proposeBranch(root, 'spring')).tip).toBe(tip);
    expect(git(bare, 'rev-parse', 'refs/heads/spring')).toBe(tip);
    await commitToBranch(root, 'spring', [{ file: A, text: 'again\n' }], { author: ann, message: 'Again', expectedTip: tip });
    const again = await branchTip(root, 'spring');
    expect((await proposeBranch(root, 'spring')).tip).toBe(again);
    expect(git(bare, 'rev-parse', 'refs/heads/spring')).toBe(again);
  });
});
