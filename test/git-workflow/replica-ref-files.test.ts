import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { placeOfRoot } from '../../core/branches/branch-git.js';
import { refFromFiles, refsUnderFromFiles } from '../../core/branches/ref-files.js';
import { replicaGit } from '../../core/replication/replica-git.js';
import { git, repoWith, write } from '../branches/repo.js';

/** A project in `site/` of a repository with a second commit and a remote-tracking ref at the first one. */
function clone() {
  const root = repoWith({ 'content/a.json': '{}\n' }, 'site');
  const first = git(root, 'rev-parse', 'HEAD');
  write(root, 'content/a.json', '{ "a": 1 }\n');
  git(root, 'commit', '--quiet', '-am', 'Second');
  git(root, 'update-ref', 'refs/remotes/origin/main', first);
  return root;
}
const REFS = ['HEAD', 'refs/remotes/origin/main', 'refs/heads/main'];
const byGit = (root: string, ref: string) => git(root, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`);

describe('a replica reads HEAD, its remote-tracking ref and its stray refs from the ref files, as git answers them now', () => {
  it('answers what git rev-parse does, loose and packed, after plain git moved each ref', async () => {
    const root = clone();
    const replica = replicaGit(root);
    const { headDir, gitDir } = await placeOfRoot(root);
    const answers = async () => Promise.all(REFS.map((ref) => replica.resolve(ref)));
    expect(await answers()).toEqual(REFS.map((ref) => byGit(root, ref)));
    // Another process (a hand commit, a fetch) moves the refs: the next read sees it.
    write(root, 'content/a.json', '{ "a": 2 }\n');
    git(root, 'commit', '--quiet', '-am', 'By hand');
    git(root, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    expect(await answers()).toEqual(REFS.map((ref) => byGit(root, ref)));
    git(root, 'pack-refs', '--all');
    expect(REFS.map((ref) => refFromFiles(headDir, gitDir, ref))).toEqual(REFS.map((ref) => byGit(root, ref)));
    git(root, 'update-ref', 'refs/remotes/origin/main', 'HEAD^');
    expect(await answers()).toEqual(REFS.map((ref) => byGit(root, ref)));
  });

  it('reads the checked-out branch and leaves to git what the files cannot say exactly; a ref that is not there is undefined', async () => {
    const root = clone();
    const replica = replicaGit(root);
    const { headDir, gitDir } = await placeOfRoot(root);
    git(root, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    for (const ref of ['refs/remotes/origin/HEAD', 'refs/tags/none', 'refs/remotes/origin/gone', 'refs/heads/../../config']) {
      expect(refFromFiles(headDir, gitDir, ref)).toBeUndefined();
    }
    expect(await replica.resolve('refs/remotes/origin/HEAD')).toBe(byGit(root, 'refs/remotes/origin/main'));
    expect(await replica.resolve('refs/remotes/origin/gone')).toBeUndefined();
    expect([await replica.branch(), await replica.prefix()]).toEqual(['main', 'site/']);
    git(root, 'switch', '--quiet', '--create', 'edits');
    expect(await replica.branch()).toBe('edits');
    git(root, 'switch', '--quiet', '--detach', 'HEAD^');
    expect(await replica.resolve('HEAD')).toBe(byGit(root, 'HEAD'));
    // Detached: git's own refusal, as before.
    await expect(replica.branch()).rejects.toThrow(/not a symbolic ref/);
  });

  it('lists the stray refs as git for-each-ref does, loose and packed, sorted by name; git is asked in a reftable repository', async () => {
    const root = clone();
    const { gitDir } = await placeOfRoot(root);
    const listed = () => git(root, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/cms/stray/').split('\n').filter(Boolean)
      .map((line) => ({ ref: line.split(' ')[0], commit: line.split(' ')[1] }));
    expect(refsUnderFromFiles(gitDir, 'refs/cms/stray')).toEqual([]);
    git(root, 'update-ref', 'refs/cms/stray/2026-11-29T10-00-00-000Z-commits', 'HEAD');
    git(root, 'pack-refs', '--all');
    git(root, 'update-ref', 'refs/cms/stray/2026-11-29T09-00-00-000Z-edits', 'HEAD^');
    git(root, 'update-ref', 'refs/cms/stray/2026-11-29T11-00-00-000Z-commits', 'HEAD^');
    expect(listed()).toHaveLength(3);
    expect(refsUnderFromFiles(gitDir, 'refs/cms/stray')).toEqual(listed());
    git(root, 'update-ref', '-d', 'refs/cms/stray/2026-11-29T10-00-00-000Z-commits');
    expect(refsUnderFromFiles(gitDir, 'refs/cms/stray')).toEqual(listed());
    write(join(gitDir, '..'), '.git/reftable/tables.list', '');
    expect(refsUnderFromFiles(gitDir, 'refs/cms/stray')).toBeUndefined();
    expect(refFromFiles(gitDir, gitDir, 'HEAD')).toBeUndefined();
  });

  it('reads a local remote\'s branch tip from its files as git ls-remote reports it, after another push and a new remote URL', async () => {
    const root = clone();
    const bare = (name: string) => {
      const dir = join(mkdtempSync(join(tmpdir(), 'cms-local-remote-')), name);
      git(root, 'clone', '--quiet', '--bare', join(root, '..'), dir);
      return dir;
    };
    const [first, second] = [bare('first.git'), bare('second.git')];
    git(root, 'remote', 'add', 'origin', first);
    const replica = replicaGit(root);
    const lsRemote = () => git(root, 'ls-remote', '--heads', 'origin', 'refs/heads/main').split(/\s/)[0] || undefined;
    expect(await replica.remoteTip('origin', 'main')).toBe(lsRemote());
    // Another replica's push moves the remote's branch: the next poll sees it.
    write(root, 'content/a.json', '{ "a": 3 }\n');
    git(root, 'commit', '--quiet', '-am', 'Pushed');
    git(root, 'push', '--quiet', 'origin', 'main');
    expect(await replica.remoteTip('origin', 'main')).toBe(lsRemote());
    expect(await replica.remoteTip('origin', 'none')).toBeUndefined();
    // The remote is moved elsewhere (a file:// URL this time): the clone's rewritten config is read again.
    git(root, 'remote', 'set-url', 'origin', pathToFileURL(second).href);
    expect(lsRemote()).not.toBe(git(root, 'rev-parse', 'HEAD'));
    expect(await replica.remoteTip('origin', 'main')).toBe(lsRemote());
    git(second, 'pack-refs', '--all');
    git(root, 'push', '--quiet', '--force', 'origin', 'main');
    expect(await replica.remoteTip('origin', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
  });
});
