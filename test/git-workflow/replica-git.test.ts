import { mkdtempSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, replicaGit } from '../../core/replication/replica-git.js';
import { git } from './helpers.js';

describe('a replica\'s git runs', () => {
  it('catching up runs at a lower CPU priority than serving, the processes git starts included; writes run at the server\'s own', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'cms-replica-git-'));
    git(clone, 'init', '--quiet');
    const runner = replicaGit(clone);
    // An alias git runs in a process of its own (a shell, then `nice`, which prints its niceness): a child of the git run.
    const niceness = ['-c', 'alias.niceness=!sleep 0.2; nice', 'niceness'];
    expect(Number(await runner(...niceness))).toBe(getPriority());
    expect(Number(await runner.background(...niceness))).toBe(Math.min(19, getPriority() + BACKGROUND_NICENESS));
    expect(runner.background.root).toBe(clone);
  });
});
