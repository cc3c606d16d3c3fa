import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ConflictError } from '../errors.js';
import { createGit } from '../git/git.js';
import { type BranchGit, branchGit, commitIdentity, placeOfRoot, refTip } from './branch-git.js';
import { checkedOut, headCommitOf, rememberTree, tipReaderOf, treeOfCommit } from './ref-reads.js';
import { BranchNotFoundError, checkBranchName } from './branch-names.js';

/** One file of a write, relative to the project root (`content/articles/x.json`); `text: null` deletes it. */
export interface BranchChange { file: string; text: string | null }

export interface BranchCommitInput {
  author: { name: string; email: string };
  message: string;
  /** The tip the caller read the branch at: the commit lands only if the branch is still there (compare-and-swap). */
  expectedTip: string;
  /** The author date (ISO 8601); now when absent. */
  date?: string;
}

/** The branch is no longer at the tip the write was made over (another writer, e.g. the CLI, committed first): reload and write again. */
export class BranchMovedError extends ConflictError {
  constructor(branch: string, expectedTip: string, tip: string | undefined) {
    super(`Branch "${branch}" moved on while this write was made (it is at ${tip?.slice(0, 7) ?? 'a commit being written'}, `
      + `the write expected ${expectedTip.slice(0, 7)}): reload it and write again`, { branch, expectedTip, tip: tip ?? null });
  }
}

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** The folder of the cached branch indexes, and the cache file of a branch at a tip: the tip is in its name, so a file never lies. */
const indexFolder = (gitDir: string) => join(gitDir, 'cms-branches');
const branchKey = (branch: string) => createHash('sha256').update(branch).digest('hex').slice(0, 24);
const cachedIndex = (gitDir: string, branch: string, tip: string) => join(indexFolder(gitDir), `${branchKey(branch)}.${tip}.index`);

/**
 * Commit these files to a branch's ref without touching the work tree, the served index or HEAD: blobs by `hash-object`, the tree
 * through a private index file (copied from the branch's cached index when it is of `expectedTip`, else `read-tree`), `commit-tree`
 * with the caller as author, then `update-ref <new> <expectedTip>`. A branch that moved meanwhile throws BranchMovedError and
 * nothing is changed but unreachable objects. A write that changes nothing makes no commit (`commit` is then the tip it found).
 *
 * @example
 * const { commit } = await commitToBranch(root, 'spring', [{ file: 'content/articles/a.json', text: '{}\n' }],
 *   { author: { name: 'Ann', email: 'ann@example.com' }, message: 'Update article a', expectedTip: tip });
 */
export async function commitToBranch(root: string, branch: string, changes: BranchChange[], at: BranchCommitInput)
  : Promise<{ commit: string; tip: string }> {
  checkBranchName(branch);
  const git = branchGit(root);
  const ref = `refs/heads/${branch}`;
  // The tip and the work trees' HEADs from the ref files (git where they cannot say): update-ref's compare-and-swap stays the guard.
  const [{ prefix, gitDir }, tip] = await Promise.all([placeOfRoot(root), tipReaderOf(root)(branch)]);
  if (!tip) throw new BranchNotFoundError(branch);
  if (tip !== at.expectedTip) throw new BranchMovedError(branch, at.expectedTip, tip);
  if (await checkedOut(git, gitDir, ref)) {
    throw new ConflictError(`Branch "${branch}" is checked out in a work tree: its writes go to the files there, not to the ref`,
      { branch });
  }
  await mkdir(indexFolder(gitDir), { recursive: true });
  const index = join(indexFolder(gitDir), `${branchKey(branch)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp-index`);
  const env = { GIT_INDEX_FILE: index };
  try {
    const copied = await copyFile(cachedIndex(gitDir, branch, tip), index).then(() => true, () => false);
    if (!copied) await git(['read-tree', tip], { env });
    const entries = await blobEntries(git, prefix, changes);
    await git(['update-index', '-z', '--index-info'], { env, input: entries.join('') });
    const tree = (await git(['write-tree'], { env })).trim();
    if (tree === await treeOfCommit(git, gitDir, tip)) {
      await keepIndex(gitDir, branch, index, tip);
      return { commit: tip, tip };
    }
    const people = await commitIdentity(root, git, at.author, at.date);
    const commit = (await git(['commit-tree', tree, '-p', tip, '-F', '-'], { env: people, input: at.message })).trim();
    await git(['update-ref', '-m', `cms: ${at.message.split('\n')[0]}`, ref, commit, tip]).catch(async (error) => {
      // Another writer holds the ref's lock or moved it: either way this write was made over a tip that is going away.
      if (/lock|expected|but is/i.test(String(error.stderr))) throw new BranchMovedError(branch, tip, await refTip(git, ref));
      throw error;
    });
    rememberTree(commit, tree);
    await keepIndex(gitDir, branch, index, commit);
    return { commit, tip: commit };
  } finally {
    await rm(index, { force: true });
  }
}

/** `--index-info` lines (NUL-ended) for the changes: the blob of each text, written to the object store; mode 0 removes a file. */
async function blobEntries(git: BranchGit, prefix: string, changes: BranchChange[]): Promise<string[]> {
  const entries: string[] = [];
  // A few git processes at a time: a merge or an import may bring many files.
  for (let at = 0; at < changes.length; at += 8) {
    const batch = changes.slice(at, at + 8);
    entries.push(...await Promise.all(batch.map(async ({ file, text }) => {
      const path = `${prefix}${file}`;
      if (text === null) return `0 ${'0'.repeat(40)}\t${path}\0`;
      // --path: the blob is what `git add` would store there (the project's clean filters and eol rules apply).
      const blob = (await git(['hash-object', '-w', '--stdin', `--path=${path}`], { input: text })).trim();
      return `100644 ${blob}\t${path}\0`;
    })));
  }
  return entries;
}

/** The private index becomes the branch's cached index at its new tip; older caches of the branch go. */
async function keepIndex(gitDir: string, branch: string, index: string, tip: string): Promise<void> {
  const folder = indexFolder(gitDir);
  const key = branchKey(branch);
  const kept = cachedIndex(gitDir, branch, tip);
  await rename(index, kept);
  const stale = (await readdir(folder))
    .filter((name) => name.startsWith(`${key}.`) && name.endsWith('.index') && join(folder, name) !== kept);
  await Promise.all(stale.map((name) => rm(join(folder, name), { force: true })));
}

/** Drop a branch's cached indexes (the branch was deleted). */
export async function forgetBranchIndex(root: string, branch: string): Promise<void> {
  const { gitDir } = await placeOfRoot(root);
  const key = branchKey(branch);
  const names = await readdir(indexFolder(gitDir)).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(`${key}.`)).map((name) => rm(join(indexFolder(gitDir), name), { force: true })));
}

/**
 * A branch's overlay: every `content/` file the branch changed since it left the base (`merge-base(base, branch)`), with its text at
 * the branch's tip (null: deleted there). Changes the base made since are not in it. `base` is the base branch's name, by default the
 * branch checked out in the project root; the answer's `tip`, `base` and `mergeBase` are commits.
 *
 * @example
 * const { files } = await branchFiles(root, 'spring'); files.get('content/articles/a.json') // '{ "title": … }\n'
 */
export async function branchFiles(root: string, branch: string, base?: string)
  : Promise<{ tip: string; base: string; mergeBase: string; files: Map<string, string | null> }> {
  const { tip, baseTip } = await branchTips(root, branch, base);
  return branchFilesAt(root, tip, baseTip);
}

/** The commits a branch and its base (by default HEAD) are at now; BranchNotFoundError for either that is not there. */
export async function branchTips(root: string, branch: string, base?: string): Promise<{ tip: string; baseTip: string }> {
  checkBranchName(branch);
  // From the ref files, read at each call (git where they cannot say): a branch another editor moved is seen at once.
  const tip = await tipReaderOf(root)(branch);
  if (!tip) throw new BranchNotFoundError(branch);
  const baseTip = base === undefined ? await headCommitOf(root) : await tipReaderOf(root)(checkBranchName(base));
  if (!baseTip) throw new BranchNotFoundError(base ?? 'HEAD');
  return { tip, baseTip };
}

/**
 * branchFiles between two commits: what `tip` changed in `content/` since it left `baseTip`. The answer depends on the two commits
 * alone (git's objects never change), so a caller may keep it under them.
 *
 * @example
 * const { mergeBase, files } = await branchFilesAt(root, '3f1c…', '9a0b…')
 */
export async function branchFilesAt(root: string, tip: string, baseTip: string)
  : Promise<{ tip: string; base: string; mergeBase: string; files: Map<string, string | null> }> {
  const git = branchGit(root);
  const mergeBase = (await git(['merge-base', baseTip, tip]).catch(() => '')).trim();
  const out = await git(['diff', '--name-status', '-z', '--no-renames', '--no-ext-diff', '--relative', mergeBase || EMPTY_TREE, tip,
    '--', 'content/']);
  const fields = out.split('\0');
  const changed: Array<{ path: string; deleted: boolean }> = [];
  for (let at = 0; at + 1 < fields.length; at += 2) changed.push({ path: fields[at + 1], deleted: fields[at] === 'D' });
  const texts = await createGit(root).showMany(changed.filter(({ deleted }) => !deleted).map(({ path }) => ({ commit: tip, path })));
  const files = new Map<string, string | null>();
  for (const { path, deleted } of changed) files.set(path, deleted ? null : texts.get(`${tip}:${path}`) ?? null);
  return { tip, base: baseTip, mergeBase: mergeBase || EMPTY_TREE, files };
}
