import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { commitToBranch } from '../../core/branches/branch-commit.js';
import { branchTip, createBranch } from '../../core/branches/branch-refs.js';
import { branchRemote } from '../../core/branches/branch-remote.js';
import { ServiceUnavailableError } from '../../core/errors.js';
import { git, repoWith } from './repo.js';

vi.setConfig({ testTimeout: 180_000 });

const A = 'content/articles/a.json';
const ann = { name: 'Ann', email: 'ann@example.com' };

/** A replica's clone with a branch commit not yet on its origin (a local bare repository). */
async function replicaWithCommit() {
  const root = repoWith({ [A]: '{ "title": "A" }\n' });
  const bare = mkdtempSync(join(tmpdir(), 'cms-origin-'));
  git(bare, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(root, 'remote', 'add', 'origin', bare);
  git(root, 'push', '--quiet', 'origin', 'main');
  const { head } = await createBranch(root, 'spring');
  git(root, 'push', '--quiet', 'origin', 'spring');
  await commitToBranch(root, 'spring', [{ file: A, text: 'spring\n' }], { author: ann, message: 'Spring', expectedTip: head });
  return { root, bare, previous: head, tip: await branchTip(root, 'spring') };
}

describe('a replica\'s branch push: an acknowledged write is the one the origin holds', () => {
  it('a push that fails on this side after the origin took it (the pushing git killed) stands: no 503, the local ref kept', async () => {
    const { root, bare, previous, tip } = await replicaWithCommit();
    const receive = join(mkdtempSync(join(tmpdir(), 'cms-receive-')), 'receive-then-kill.sh');
    writeFileSync(receive, '#!/bin/sh\ngit-receive-pack "$@" && kill -9 $PPID\n');
    chmodSync(receive, 0o755);
    git(root, 'config', 'remote.origin.receivepack', receive);
    await branchRemote(root, 'origin', 30_000).push('spring', tip, previous);
    expect(git(bare, 'rev-parse', 'refs/heads/spring')).toBe(tip);
    expect(await branchTip(root, 'spring')).toBe(tip);
  });

  it('a push that never reaches the origin is a 503 and the local ref goes back, so no unacknowledged write shows', async () => {
    const { root, bare, previous, tip } = await replicaWithCommit();
    git(root, 'config', 'remote.origin.receivepack', '/bin/false');
    const failed = await branchRemote(root, 'origin', 30_000).push('spring', tip, previous).catch((error) => error);
    expect(failed).toBeInstanceOf(ServiceUnavailableError);
    expect(await branchTip(root, 'spring')).toBe(previous);
    expect(git(bare, 'rev-parse', 'refs/heads/spring')).toBe(previous);
  });
});
