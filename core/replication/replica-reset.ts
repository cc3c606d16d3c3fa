import { placeOfRoot } from '../branches/branch-git.js';
import { refsUnderFromFiles } from '../branches/ref-files.js';
import { GitRefusedError } from '../git/git-errors.js';
import type { ReplicaGit } from './replica-git.js';

/** A full object id, SHA-1 or SHA-256. */
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** `refs/cms/stray/2026-11-25T06-30-00-000Z-commits`: where a replica keeps what it could not push. */
export const STRAY_PREFIX = 'refs/cms/stray/';

const strayRef = (what: string) => `${STRAY_PREFIX}${new Date().toISOString().replace(/[:.]/g, '-')}-${what}`;

/**
 * Put the clone exactly at `target` (the remote's tip): edits not committed (a hand edit) are kept
 * on a stray ref first, the branch and work tree are reset, and the files that changed are
 * returned for reindexing. `strayCommits` names the commits on HEAD that nobody is waiting for
 * (a hand commit, or a replica killed mid-push): they are kept on a stray ref too.
 *
 * @example
 * const { changed, stray } = await resetTo(git, 'refs/remotes/origin/main', { strayCommits: true });
 */
export async function resetTo(
  git: ReplicaGit, target: string, options: {
    strayCommits: boolean; ours?: string[]; untrackedIn?: readonly string[]; head?: string;
    /** A commit the remote held: a HEAD still there has no commits of its own to keep aside (no ancestry check). */
    onRemote?: string;
  },
): Promise<{ changed: string[]; stray: string[]; tip: string }> {
  const stray: string[] = [];
  // `head`: where the changed files are counted from (the caller's HEAD before it moved it), else the current HEAD.
  const [head, tip] = options.head ? [options.head, (await git.resolve(target))!] : await headAndTarget(git, target);
  const ours = options.ours ?? [];
  // Already there, nothing edited and nothing untracked (a replica's first pull, on a clean clone at the remote's tip): the
  // five git runs below would keep nothing aside and move nothing; one `git status` says so.
  if (!options.ours && head === tip && await untouched(git)) return { changed: [], stray, tip };
  // `stash create` makes a commit of the uncommitted changes without touching the tree (empty: none). With
  // writes of ours waiting (`ours`: their files), the changes are theirs: they are run again, not kept aside.
  // `untrackedIn`: files git does not track there yet (left by a replica killed before its push) are kept and go too.
  if (options.untrackedIn && !options.ours) await git('add', '--all', '--', ...options.untrackedIn).catch(() => undefined);
  const edits = options.ours ? '' : await git('stash', 'create').catch(() => '');
  if (edits) {
    const ref = strayRef('changes');
    await git('update-ref', ref, edits);
    stray.push(ref);
  }
  // An untracked file where the target has one (put there by hand, outside the swept folders) would be
  // overwritten by the reset without a word: refuse, as git's own pull would, and lose nothing.
  if (!options.ours) {
    const inTheWay = await untrackedInTheWay(git, tip);
    if (inTheWay.length) {
      const files = inTheWay.join(', ');
      throw new GitRefusedError(`git refused to reset onto ${target}: untracked working tree files would be overwritten: ${files}`);
    }
  }
  if (options.strayCommits && head && head !== options.onRemote && !(await git.contains(head, tip))) {
    const ref = strayRef('commits');
    await git('update-ref', ref, head);
    stray.push(ref);
  }
  await git('reset', '--quiet', '--hard', tip);
  // A created file of a write not committed yet is untracked: reset leaves it, clean takes it.
  if (ours.length) await git('clean', '--quiet', '--force', '--', ...ours);
  const changed = new Set([...(head ? await git.changedBetween(head, tip) : []), ...ours]);
  if (edits) for (const file of await git.changedBetween(tip, edits)) changed.add(file);
  return { changed: [...changed], stray, tip };
}

/**
 * The common pull, in three git runs (HEAD unless the caller knows it, the merge, the diff) instead
 * of six: HEAD is an ancestor of `tip` and no edit or untracked file is in the way, so `git merge
 * --ff-only` moves the branch and the work tree (it changes nothing and fails otherwise: then the
 * caller resets with `resetTo`, which keeps such edits aside first). Undefined when it did not apply.
 */
export async function fastForward(
  git: ReplicaGit, tip: string, knownHead?: string,
): Promise<{ changed: string[]; stray: string[] } | undefined> {
  const head = knownHead ?? await git.resolve('HEAD');
  if (!head) return undefined;
  if (head === tip) return { changed: [], stray: [] };
  // No upkeep after it: the replica's poll runs it now and then.
  const moved = await git('-c', 'maintenance.auto=false', 'merge', '--ff-only', '--quiet', '--no-stat', tip).then(() => true, () => false);
  if (!moved) return undefined;
  return { changed: await git.changedBetween(head, tip), stray: [] };
}

/**
 * HEAD (undefined on an unborn branch) and `target`'s commit: from their ref files when they say it (ReplicaGit.resolve), so the
 * common pull starts no git process for them; a hash or a ref the files cannot tell is asked of git.
 */
export async function headAndTarget(git: ReplicaGit, target: string): Promise<[string | undefined, string]> {
  // `target` is a ref name or a hash this module was given by its callers, never request input. A full hash (a pull's fetched
  // tip, just read from its ref) names itself: no `git rev-parse` for it (the reset fails as before if it were not there).
  const [head, tip] = await Promise.all([git.resolve('HEAD'), OBJECT_ID.test(target) ? target : git.resolve(target)]);
  return [head, tip!];
}

/** No change to a tracked file (staged or not) and no untracked (not ignored) file anywhere in the work tree. */
const untouched = async (git: ReplicaGit) =>
  (await git('status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all').catch(() => 'unknown')) === '';

/** Untracked (not ignored) files of the work tree that `target` tracks (one git call for up to 1,000 of them). */
async function untrackedInTheWay(git: ReplicaGit, target: string): Promise<string[]> {
  const untracked = (await git('ls-files', '--others', '--exclude-standard', '-z')).split('\0').filter(Boolean).slice(0, 1000);
  if (!untracked.length) return [];
  const literal = untracked.map((file) => `:(literal)${file}`);
  return (await git('ls-tree', '-r', '--name-only', '-z', target, '--', ...literal)).split('\0').filter(Boolean);
}

/** The stray refs kept so far, newest last. */
export async function strayRefs(git: ReplicaGit): Promise<Array<{ ref: string; commit: string }>> {
  // Read from the ref files where they say it (asked with every status): git only for a repository whose files cannot.
  const place = await placeOfRoot(git.root).catch(() => undefined);
  const listed = place && refsUnderFromFiles(place.gitDir, STRAY_PREFIX.slice(0, -1));
  if (listed) return listed;
  const out = await git('for-each-ref', '--format=%(refname) %(objectname)', STRAY_PREFIX).catch(() => '');
  return out.split('\n').filter(Boolean).map((line) => {
    const [ref, commit] = line.split(' ');
    return { ref, commit };
  });
}
