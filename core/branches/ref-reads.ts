import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { type BranchGit, branchGit, refTip } from './branch-git.js';
import { branchTipReader, type BranchTipReader, OBJECT_ID, refFileReader } from './branch-tip-file.js';
import { headCommitReader } from './ref-files.js';

/*
 * What a branch's view and a write to its ref ask of the repository (tips, HEAD, the work trees' branches, a commit's tree and
 * time), answered from its files where they say it exactly, with git as the fallback: each would otherwise be a git process on
 * every branch load or save (issue #39).
 */

const tips = new Map<string, BranchTipReader>();
const headCommits = new Map<string, () => Promise<string | null | undefined>>();
const heads = refFileReader();

/** The reader of branch tips from the ref files (branch-tip-file.ts), one per project root. */
export function tipReaderOf(root: string): BranchTipReader {
  let reader = tips.get(root);
  if (!reader) tips.set(root, reader = branchTipReader(root));
  return reader;
}

/** The commit the project's HEAD is at (ref-files.ts, git where the files cannot say); undefined before a first commit. */
export async function headCommitOf(root: string): Promise<string | undefined> {
  let reader = headCommits.get(root);
  if (!reader) headCommits.set(root, reader = headCommitReader(root));
  const commit = await reader();
  return commit === undefined ? refTip(branchGit(root), 'HEAD') : commit ?? undefined;
}

/**
 * Whether `ref` is checked out in a work tree of the repository, as `git worktree list` says: such a branch moves only through
 * its tree (the served one above all), whose files would otherwise say something else. The HEAD files (the main work tree's
 * and each linked one's) are read first: when every one is detached or names another branch that is a plain loose ref, git would
 * list none as `ref` and is not asked. A HEAD naming `ref`, a symbolic branch, a missing ref file or a reftable repository asks git.
 */
export async function checkedOut(git: BranchGit, commonDir: string, ref: string): Promise<boolean> {
  if (headsSayOther(commonDir, ref)) return false;
  return (await git(['worktree', 'list', '--porcelain'])).split('\n').includes(`branch ${ref}`);
}

function headsSayOther(commonDir: string, ref: string): boolean {
  let linked: string[];
  try { linked = readdirSync(join(commonDir, 'worktrees')); } catch { linked = []; }
  const files = [join(commonDir, 'HEAD'), ...linked.map((name) => join(commonDir, 'worktrees', name, 'HEAD'))];
  return files.every((file) => {
    const text = heads(file)?.trim() ?? '';
    if (OBJECT_ID.test(text)) return true;
    if (!text.startsWith('ref: refs/heads/')) return false;
    const named = text.slice('ref: '.length);
    if (named === ref) return false;
    // refs/heads/.invalid is reftable's placeholder; a named branch that is itself symbolic resolves elsewhere.
    const target = heads(join(commonDir, named))?.trim();
    // A packed ref is never symbolic.
    if (target === undefined) return (heads(join(commonDir, 'packed-refs')) ?? '').split('\n').some((line) => line.endsWith(` ${named}`));
    return OBJECT_ID.test(target);
  });
}

const trees = new Map<string, string>();
const times = new Map<string, number>();
const KEPT = 256;

/** Keep `value` under a commit (a commit never changes), newest last, bounded. */
function keep<T>(kept: Map<string, T>, commit: string, value: T): T {
  kept.delete(commit);
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(commit, value);
  return value;
}

/** The tree a commit names: kept once known, read from its loose object when there is one, else `rev-parse <commit>^{tree}`. */
export async function treeOfCommit(git: BranchGit, commonDir: string, commit: string): Promise<string> {
  const known = trees.get(commit) ?? /^tree ([0-9a-f]{40}([0-9a-f]{24})?)$/m.exec(looseCommit(commonDir, commit) ?? '')?.[1];
  return keep(trees, commit, known ?? (await git(['rev-parse', `${commit}^{tree}`])).trim());
}

/** A commit just made over `tree`: its tree is known without asking. */
export function rememberTree(commit: string, tree: string): void {
  keep(trees, commit, tree);
}

/** A commit's committer time (ms, whole seconds as `%cI`): kept, read from its loose object, else `show -s --format=%cI`; NaN when unreadable. */
export async function commitTimeOf(git: BranchGit, commonDir: string, commit: string): Promise<number> {
  const seconds = /^committer .* (\d+) [+-]\d{4}$/m.exec(looseCommit(commonDir, commit) ?? '')?.[1];
  const known = times.get(commit) ?? (seconds === undefined ? undefined : Number(seconds) * 1000);
  return keep(times, commit, known ?? Date.parse((await git(['show', '-s', '--format=%cI', commit])).trim()));
}

/** The header of a commit's loose object (`tree …`, `parent …`, `author …`, `committer …`), undefined when it is packed or absent. */
function looseCommit(commonDir: string, commit: string): string | undefined {
  let object: Buffer;
  try { object = inflateSync(readFileSync(join(commonDir, 'objects', commit.slice(0, 2), commit.slice(2)))); } catch { return undefined; }
  const start = object.indexOf(0) + 1;
  if (!/^commit \d+$/.test(object.subarray(0, start - 1).toString('latin1'))) return undefined;
  const end = object.indexOf('\n\n', start);
  return object.subarray(start, end < 0 ? object.length : end).toString('utf8');
}
