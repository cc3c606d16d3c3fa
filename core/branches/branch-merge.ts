import { ConflictError } from '../errors.js';
import { createGit } from '../git/git.js';
import { gitReason } from '../git/git-errors.js';
import { loadModels } from '../schema/registry.js';
import { type BranchGit, branchGit, commitIdentity, refTip, repositoryPlace } from './branch-git.js';
import { conflictsLine, conflictsOf, type MergeConflict } from './branch-conflicts.js';
import { BranchMovedError } from './branch-commit.js';
import { BranchNotFoundError, checkBranchName } from './branch-names.js';
import { type BaseBranchConfig, baseBranch } from './branch-refs.js';

export interface MergeOptions {
  config?: BaseBranchConfig;
  /**
   * Run once the served tree holds the merge (a replica pushes the base to its origin here). When it throws, the merge is undone
   * (the base and the served tree go back to where they were) and the error is the answer.
   */
  publish?: (merged: { base: string; commit: string }) => Promise<void>;
  /** The tip the caller judged the branch at (its access to what the branch changes): a branch that moved since is a 409. */
  expectedTip?: string;
}

export interface MergeResult {
  name: string;
  base: string;
  /** The merge commit, now the base's tip (the base's tip unchanged when the branch had nothing the base lacks). */
  commit: string;
  /** Project-relative files the merge changed in the served tree: reindex them (`reindexFiles`). */
  changed: string[];
}

/** The merge would leave the served tree's own changes or files behind: git refuses, and so does the merge. */
const TREE_IN_THE_WAY = /would be overwritten by merge|untracked working tree files would be/;

/**
 * Merge a branch into the base: `git merge-tree --write-tree` (content files through the project's merge driver, field by field),
 * a merge commit on the base authored by the caller, then the served tree fast-forwarded to it. A conflict changes nothing and is
 * a 409 ConflictError whose `details.conflicts` names each file, document and field; so is a served tree whose uncommitted
 * changes are in the way.
 *
 * @example
 * const { commit, changed } = await mergeBranch(root, 'spring', { name: 'Ann', email: 'ann@example.com' });
 * await reindexFiles(cms, changed, cms.report);
 */
export async function mergeBranch(root: string, name: string, author: { name: string; email: string }, options: MergeOptions = {})
  : Promise<MergeResult> {
  checkBranchName(name);
  const git = branchGit(root);
  const base = await baseBranch(root, options.config);
  if (name === base) throw new ConflictError(`Branch "${name}" is the base branch: there is nothing to merge it into`, { name });
  const [tip, before] = [await refTip(git, `refs/heads/${name}`), await refTip(git, `refs/heads/${base}`)];
  if (!tip) throw new BranchNotFoundError(name);
  if (!before) throw new BranchNotFoundError(base);
  if (options.expectedTip !== undefined && options.expectedTip !== tip) throw new BranchMovedError(name, options.expectedTip, tip);
  const mergeBase = (await git(['merge-base', before, tip]).catch(() => '')).trim();
  if (mergeBase === tip) return { name, base, commit: before, changed: [] };
  const tree = await mergedTree(root, git, before, tip, mergeBase, name, base);
  const env = await commitIdentity(root, git, author);
  const commit = (await git(['commit-tree', tree, '-p', before, '-p', tip, '-F', '-'],
    { env, input: `Merge change request "${name}" into ${base}` })).trim();
  // The served tree follows: git moves HEAD, the index and the files together, or refuses and moves nothing.
  await git(['merge', '--ff-only', '--quiet', '--no-edit', commit], { timeout: 120_000 }).catch(async (error) => {
    const reason = String(error.stderr);
    if ((await refTip(git, `refs/heads/${base}`)) !== before) {
      throw new ConflictError(`The base branch "${base}" moved while "${name}" was being merged: merge again`, { name, base });
    }
    if (TREE_IN_THE_WAY.test(reason)) {
      throw new ConflictError(`Not merged: the served site has uncommitted changes to files "${name}" changes (${filesNamed(reason)}); `
        + 'commit them first', { name, base, uncommitted: filesNamed(reason).split(', ') });
    }
    throw new ConflictError(gitReason(error), { name, base });
  });
  try {
    await options.publish?.({ base, commit });
  } catch (error) {
    // The origin does not hold the merge: nothing of it stays (the files go back with HEAD; the tree's other changes are kept),
    // unless a commit was made on it meanwhile (a server's write beside the CLI's merge): undoing then would take that too.
    const undone = await git(['update-ref', `refs/heads/${base}`, before, commit]).then(() => true, () => false);
    const stays = `${(error as Error).message}; the merge stays: the base moved on from it meanwhile`;
    if (!undone) throw new ConflictError(stays, { name, base });
    await git(['read-tree', '-m', '-u', commit, before]);
    throw error;
  }
  const { prefix } = await repositoryPlace(git);
  const changed = (await git(['diff', '--name-only', '-z', '--no-renames', before, commit])).split('\0').filter(Boolean)
    .filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
  return { name, base, commit, changed };
}

/** The tree of the merge, or the ConflictError naming every conflict (git's merge-tree writes objects only: nothing moves). */
async function mergedTree(
  root: string, git: BranchGit, before: string, tip: string, mergeBase: string, name: string, base: string,
): Promise<string> {
  const merged = await git(['merge-tree', '--write-tree', '-z', '--name-only', '--messages', before, tip], { timeout: 120_000 })
    .then((out) => ({ out, clean: true }), (error) => {
      if (error.code !== 1) throw new ConflictError(gitReason(error), { name, base });
      return { out: String(error.stdout), clean: false };
    });
  const [tree, ...rest] = merged.out.split('\0');
  if (merged.clean) return tree.trim();
  const conflicts = await namedConflicts(root, git, rest, { mergeBase, before, tip });
  throw new ConflictError(`"${name}" conflicts with ${base}: ${conflictsLine(conflicts)}. Nothing was merged`,
    { name, base, conflicts });
}

/** The `-z --name-only --messages` output after the tree: file names, an empty field, then per message paths, type and text. */
async function namedConflicts(root: string, git: BranchGit, fields: string[], commits: { mergeBase: string; before: string; tip: string })
  : Promise<MergeConflict[]> {
  const end = fields.indexOf('');
  const files = fields.slice(0, end);
  const reasons = new Map<string, string>();
  for (let at = end + 1; at < fields.length;) {
    const count = Number(fields[at]);
    if (!Number.isInteger(count) || count < 1) break;
    const paths = fields.slice(at + 1, at + 1 + count);
    const type = fields[at + 1 + count] ?? '';
    at += count + 3;
    const kind = /^CONFLICT \((.*)\)$/.exec(type)?.[1];
    if (kind) for (const path of paths) reasons.set(path, kind);
  }
  const { prefix } = await repositoryPlace(git);
  const local = files.filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length));
  const reader = createGit(root);
  const texts = await reader.showMany(local.flatMap((path) => [commits.mergeBase, commits.before, commits.tip]
    .filter(Boolean).map((commit) => ({ commit, path }))));
  const models = loadModels(root);
  return local.flatMap((path) => {
    const at = (commit: string) => (commit ? texts.get(`${commit}:${path}`) : undefined);
    const versions = { base: at(commits.mergeBase), ours: at(commits.before), theirs: at(commits.tip) };
    return conflictsOf(models, path, versions, reasons.get(`${prefix}${path}`) ?? 'contents');
  });
}

/** The files git lists under "would be overwritten", joined. */
function filesNamed(reason: string): string {
  const lines = reason.split('\n');
  const start = lines.findIndex((line) => TREE_IN_THE_WAY.test(line));
  const after = lines.slice(start + 1);
  const end = after.findIndex((line) => !/^\s/.test(line));
  return after.slice(0, end < 0 ? after.length : end).map((line) => line.trim()).filter(Boolean).join(', ');
}

/** One file a merge of the branch would bring: project-relative, and how the branch changed it since it left the base. */
export interface BranchChangeKind { path: string; change: 'added' | 'changed' | 'deleted' }

/**
 * Every file the branch changed since it left the base (content, schemas, uploads), at its tip now: what a merge would bring, for
 * judging who may merge it.
 *
 * @example
 * await branchChanges(root, 'spring') // { tip: '…', changes: [{ path: 'content/articles/a.json', change: 'changed' }] }
 */
export async function branchChanges(root: string, name: string, config?: BaseBranchConfig)
  : Promise<{ tip: string; changes: BranchChangeKind[] }> {
  checkBranchName(name);
  const git = branchGit(root);
  const base = await baseBranch(root, config);
  const tip = await refTip(git, `refs/heads/${name}`);
  if (!tip) throw new BranchNotFoundError(name);
  const before = await refTip(git, `refs/heads/${base}`);
  const mergeBase = before ? (await git(['merge-base', before, tip]).catch(() => '')).trim() : '';
  if (!mergeBase) return { tip, changes: [] };
  const fields = (await git(['diff', '--name-status', '-z', '--no-renames', '--relative', mergeBase, tip])).split('\0');
  const changes: BranchChangeKind[] = [];
  const kinds: Record<string, BranchChangeKind['change']> = { A: 'added', D: 'deleted' };
  for (let at = 0; at + 1 < fields.length; at += 2) changes.push({ path: fields[at + 1], change: kinds[fields[at]] ?? 'changed' });
  return { tip, changes };
}
