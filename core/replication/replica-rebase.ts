import type { ReplicaGit } from './replica-git.js';

export interface RebaseOptions {
  /** The remote tip the pending writes were made on, and the remote's new tip. */
  from: string;
  to: string;
  /** Where the project sits in the repository (`git rev-parse --show-prefix`, '' at the top). */
  prefix: string;
  /** The files the pending writes left (project-relative). */
  ours: string[];
  reindex: (files: string[]) => Promise<void>;
  /** Whether the writes stay valid beside the new commits' files (indexed by then); see `writesIndependent`. */
  independent: (ours: string[], theirs: Array<{ file: string; removed: boolean }>) => boolean;
}

/**
 * After a lost push race: carry the pending writes onto the remote's new tip as they are, when the
 * commits in between touched only other documents. HEAD moves to `to` (`reset --soft`: the work
 * tree keeps our files), the files they changed are checked out and reindexed; the caller commits
 * the writes again on the new HEAD. Two git runs and a reindex of their files, instead of a hard
 * reset, a reindex of ours and a re-run of every write. False when the writes must run again (the
 * clone may then be half moved: the caller resets it hard).
 *
 * @example
 * if (!(await rebaseWrites(git, { from: base, to: tip, prefix: '', ours, reindex, independent }))) await rerunAll();
 */
export async function rebaseWrites(git: ReplicaGit, options: RebaseOptions): Promise<boolean> {
  const { from, to, prefix } = options;
  const theirs: Array<{ file: string; removed: boolean }> = [];
  // Repository paths (no --relative): a change outside the project's folder is not carried by a checkout of its files.
  const diff = from === to ? '' : await git('diff', '--name-status', '--no-renames', '-z', from, to, '--');
  const fields = diff.split('\0').filter(Boolean);
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const [status, path] = [fields[at], fields[at + 1]];
    if (!path.startsWith(prefix) || !/^[AMD]$/.test(status)) return false;
    theirs.push({ file: path.slice(prefix.length), removed: status === 'D' });
  }
  const mine = new Set(options.ours);
  if (theirs.some(({ file, removed }) => removed || mine.has(file))) return false;
  await git('reset', '--quiet', '--soft', to);
  const files = theirs.map(({ file }) => file);
  if (files.length) {
    await git('checkout', '--quiet', to, '--', ...files.map((file) => `:(top,literal)${prefix}${file}`));
    await options.reindex(files);
  }
  return options.independent(options.ours, theirs);
}
