import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replicaGit, type ReplicaGit } from '../../core/replication/replica-git.js';
import { resetTo, STRAY_PREFIX } from '../../core/replication/replica-reset.js';
import { removeAfterFile } from '../helpers/temp-folders.js';
import { git, initRepo, writeText } from './helpers.js';

/** A repository with one committed note, and its runner recording each git run it starts (the command's first word). */
function clean(): { root: string; tip: string; runner: ReplicaGit; runs: string[] } {
  const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-replica-reset-')));
  writeText(root, 'content/notes/kept.json', '{ "title": "Kept" }\n');
  const tip = initRepo(root);
  const real = replicaGit(root);
  const runs: string[] = [];
  const runner = Object.assign((...args: string[]) => { runs.push(args[0]); return real(...args); }, real, {
    contains: (commit: string, head?: string) => { runs.push('merge-base'); return real.contains(commit, head); },
    changedBetween: (from: string, to: string) => { runs.push('diff'); return real.changedBetween(from, to); },
  }) as ReplicaGit;
  return { root, tip, runner, runs };
}
const sweep = { strayCommits: true, untrackedIn: ['content'] };

// A replica's first pull sweeps its clone (resetTo with `untrackedIn`): what a replica killed mid-write left is kept on stray refs.
describe('a replica\'s sweep of its clone', () => {
  it('on a clean clone already at the tip runs one git status and nothing else, and changes nothing', async () => {
    const { root, tip, runner, runs } = clean();
    expect(await resetTo(runner, tip, sweep)).toEqual({ changed: [], stray: [], tip });
    expect(runs).toEqual(['status']);
    expect(git(root, 'for-each-ref', STRAY_PREFIX)).toBe('');
  });

  it('at the tip with an untracked file or an edit, still keeps them on a stray ref and resets, as before', async () => {
    for (const change of ['content/notes/left.json', 'content/notes/kept.json']) {
      const { root, tip, runner, runs } = clean();
      writeText(root, change, '{ "title": "Left by a killed write" }\n');
      const { changed, stray } = await resetTo(runner, tip, sweep);
      expect(changed).toEqual([change]);
      expect(stray).toHaveLength(1);
      expect(runs).toEqual(expect.arrayContaining(['status', 'add', 'stash', 'reset']));
      expect(git(root, 'show', `${stray[0]}:${change}`)).toBe('{ "title": "Left by a killed write" }');
      expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    }
  });
});
