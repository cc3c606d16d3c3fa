import { execFileSync } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, pastRacyMargin, snapshotPath, start } from './helpers.js';
import { entryOf, readSnapshotFile } from './snapshot-file.js';

const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, encoding: 'utf8' });
const title = async (root: string, documentId: string) =>
  ((await (await start(root)).cms.ownerApi({ method: 'GET', path: `/articles/${documentId}`, search: 'fields[0]=title' })).body as
    { data: { title: string } }).data.title;
/** The `clean` field of a file's snapshot entry. */
const cleanFlag = (root: string, file: string) => entryOf(readSnapshotFile(root).entries, file).meta[14];

describe('index snapshot in a Git checkout: Git says what changed, no stat per file', () => {
  it('keeps committed files on Git\'s word, and re-reads what git status or a new commit names', async () => {
    const root = copySampleSite();
    const ignored = 'content/tags/ignoredtag00000000000000001.json';
    writeFileSync(join(root, '.gitignore'), '.cms/\ncontent/tags/ignored*.json\n');
    writeFileSync(join(root, ignored), JSON.stringify({ name: 'Ignored', slug: 'ignored' }));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'site');
    // Untracked: Git's status (without untracked files) would not name it if it changed.
    const untracked = 'content/tags/untrackedtag000000000000001.json';
    writeFileSync(join(root, untracked), JSON.stringify({ name: 'Untracked', slug: 'untracked' }));
    // Files changed within the racy margin (2 s) of Git's look are never taken on its word: the loads start past it.
    pastRacyMargin();
    const first = await start(root);
    expect(first.stats).toMatchObject({ snapshot: 'none', checkedBy: 'git' });
    const rome = `content/articles/${A.rome}.json`;
    expect(cleanFlag(root, rome)).toBe('1');
    expect(cleanFlag(root, ignored)).toBe('');
    expect(cleanFlag(root, untracked)).toBe('');

    // A touched file: its stamp moved (a stamp check would read it), Git sees the same text.
    const path = join(root, rome);
    utimesSync(path, new Date(), new Date());
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', checkedBy: 'git', read: 0 });
    expect(await answers(restart.cms)).toEqual(await answers((await start(root, false)).cms));

    // Changed behind the server's back: git status names it.
    writeFileSync(path, readFileSync(path, 'utf8').replace('The best coffee in Rome', 'The best coffee in Pisa'));
    expect(await title(root, A.rome)).toBe('The best coffee in Pisa');
    expect((await start(root)).stats).toMatchObject({ checkedBy: 'git', read: 1 });

    // Committed: status is clean again, and the diff from the snapshot's commit names it.
    git(root, 'commit', '-qam', 'Pisa');
    expect(await title(root, A.rome)).toBe('The best coffee in Pisa');

    // Put back as the snapshot's commit has it: clean, and served as committed.
    git(root, 'revert', '--no-edit', 'HEAD');
    expect(await title(root, A.rome)).toBe('The best coffee in Rome');

    // A malformed file committed is still reported, on every start.
    writeFileSync(join(root, 'content/tags/brokentag0000000000000001.json'), '{ "name": ');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'broken');
    for (let i = 0; i < 2; i++) {
      const again = await start(root);
      expect(again.cms.problems().map((problem) => problem.file)).toEqual(['content/tags/brokentag0000000000000001.json']);
    }
  });

  it('checks stamps when the snapshot\'s commit is unknown to the repository', async () => {
    const root = copySampleSite();
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'site');
    await start(root);
    const text = readFileSync(snapshotPath(root), 'latin1');
    const head = git(root, 'rev-parse', 'HEAD').trim();
    writeFileSync(snapshotPath(root), text.replace(head, 'f'.repeat(40)), 'latin1');
    git(root, 'commit', '-q', '--allow-empty', '-m', 'moved on');
    expect((await start(root)).stats).toMatchObject({ snapshot: 'used', checkedBy: 'stamps' });
  });
});
