import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { loadReport } from '../../core/index/load.js';
import { readFileTimes } from '../../core/git/file-times.js';
import { askGit } from '../../core/index/snapshot/git-changes.js';
import { gitRuns } from '../helpers/git-runs.js';
import { copySampleSite, makeProject } from '../helpers/project.js';
import { git, initRepo, writeText } from './helpers.js';

const FILES = ['a', 'b', 'c', 'd', 'e'].map((name) => `content/tags/${name}.json`);
const text = (name: string) => `{\n  "name": "${name}"\n}\n`;

/** A repository whose project is at `sub` ('' or a folder): five tag files committed on 2029-01-01. */
function repository(sub: string): { repo: string; root: string } {
  const repo = makeProject({ 'README.md': 'repo\n' });
  const root = join(repo, sub);
  for (const file of FILES) writeText(root, file, text(file));
  initRepo(repo);
  git(repo, 'commit', '--quiet', '--amend', '--no-edit', '--date=2029-01-01T00:00:00Z');
  return { repo, root };
}

/** Move the checked-out commit without touching the index (as a commit made by someone else while status ran). */
function commitMeanwhile(root: string): string {
  const next = git(root, 'commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'meanwhile');
  git(root, 'update-ref', 'HEAD', next);
  return next;
}

const pick = (times: Map<string, string>, files: string[]) => files.map((file) => [file, times.get(file)]);

describe('a start asks git once for HEAD and status, and the snapshot and the file times share the answer', () => {
  it.each([['at the repository\'s top', ''], ['in a sub-folder of the repository', 'sites/blog']])(
    'a project %s: the shared status drops the same files\' times as git diff HEAD (modified, staged, deleted, renamed)',
    async (_where, sub) => {
      const { root } = repository(sub);
      writeText(root, FILES[0], text('a changed'));
      writeText(root, FILES[1], text('b staged'));
      git(root, 'add', FILES[1]);
      rmSync(join(root, FILES[2]));
      git(root, 'mv', FILES[3], 'content/tags/d2.json');

      const ask = askGit(root);
      const view = await ask.view(undefined);
      expect([...view!.changed].sort()).toEqual([...FILES.slice(0, 4), 'content/tags/d2.json'].sort());
      const shared = await readFileTimes(root, ask);
      const own = await readFileTimes(root);
      const present = [...FILES, 'content/tags/d2.json'].filter((file) => existsSync(join(root, file)));
      expect(pick(shared.times, present)).toEqual(pick(own.times, present));
      expect(pick(shared.times, present)).toEqual([
        [FILES[0], undefined], [FILES[1], undefined], [FILES[4], '2029-01-01T00:00:00.000Z'], ['content/tags/d2.json', undefined],
      ]);
    },
  );

  it.each([
    ['a loose branch ref', (_root: string) => {}],
    ['a packed branch ref', (root: string) => { git(root, 'pack-refs', '--all'); }],
    ['a detached HEAD', (root: string) => { git(root, 'checkout', '--quiet', '--detach'); }],
  ])('with %s, HEAD read from the files vouches for the status, and a commit made meanwhile makes the answer unusable', async (_kind, arrange) => {
    const { root } = repository('');
    arrange(root);
    const head = git(root, 'rev-parse', 'HEAD');
    const still = askGit(root);
    expect((await still.checkout())?.head).toBe(head);
    expect((await still.view(undefined))?.head).toBe(head);

    const moved = askGit(root);
    expect(await moved.head()).toBe(head);
    writeText(root, FILES[0], text('a changed'));
    commitMeanwhile(root);
    expect(await moved.checkout()).toBeUndefined();
    expect(await moved.view(undefined)).toBeUndefined();
    // The file times ask git themselves then: the file changed in the work tree still answers its modification time.
    const times = (await readFileTimes(root, moved)).times;
    expect(times.has(FILES[0])).toBe(false);
    expect(times.get(FILES[4])).toBe('2029-01-01T00:00:00.000Z');
  });

  it('outside a repository neither answers, and the file times stay empty', async () => {
    const root = makeProject({ [FILES[0]]: text('a') });
    const ask = askGit(root);
    expect(await ask.head()).toBeUndefined();
    expect(await ask.view(undefined)).toBeUndefined();
    expect((await readFileTimes(root, ask)).times.size).toBe(0);
  });

  it('a start outside any repository runs no git (it could only fail), and reads the snapshot by the files\' stamps', async () => {
    const root = copySampleSite();
    const first = await createCms({ root, indexSnapshot: true, report: () => {} });
    await loadReport(first.index)!.snapshotWritten;
    await first.close();
    const runs = await gitRuns(async () => {
      const again = await createCms({ root, indexSnapshot: true, report: () => {} });
      expect(loadReport(again.index)!.stats).toMatchObject({ snapshot: 'used', checkedBy: 'stamps', read: 0 });
      expect(again.index.fileTimes?.size).toBe(0);
      await again.close();
    });
    expect(runs).toEqual([]);
  });

  it('a start of a committed site that changed nothing runs git twice: one rev-parse, one status', async () => {
    const root = copySampleSite();
    initRepo(root);
    const first = await createCms({ root, indexSnapshot: true, report: () => {} });
    await loadReport(first.index)!.snapshotWritten;
    await first.close();
    const runs = await gitRuns(async () => {
      const again = await createCms({ root, indexSnapshot: true, report: () => {} });
      expect(loadReport(again.index)!.stats).toMatchObject({ snapshot: 'used', checkedBy: 'git' });
      expect(again.index.fileTimes?.size).toBeGreaterThan(0);
      await again.close();
    });
    // Started together (status at once, rev-parse beside it): each shim notes its run when it starts, in either order.
    expect(runs.sort()).toEqual(['rev-parse', 'status']);
  });

  it('askGit spawns rev-parse and status before it returns: Git looks while the caller decodes the snapshot', async () => {
    const { root } = repository('');
    // This process's git children, exited ones too: none is reaped before the event loop runs again.
    const gitChildren = () => Number(spawnSync('pgrep', ['-c', '-x', '-P', String(process.pid), 'git'], { encoding: 'utf8' }).stdout.trim() || 0);
    const spawner = process.env.CMS_SPAWNER;
    process.env.CMS_SPAWNER = 'off';
    try {
      const before = gitChildren();
      const ask = askGit(root);
      // No await yet: a spawn put after one (as behind `settleIndexes`) would not have happened.
      expect(gitChildren() - before).toBe(2);
      expect((await ask.view(undefined))?.changed.size).toBe(0);
    } finally {
      if (spawner === undefined) delete process.env.CMS_SPAWNER;
      else process.env.CMS_SPAWNER = spawner;
    }
  });
});
