import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { forgetBranchIndex } from './branch-commit.js';
import { type BranchGit, branchGit, refTip } from './branch-git.js';
import { BranchNotFoundError, checkBranchName } from './branch-names.js';
import { type RefFiles, refFilesReader } from './ref-files.js';

/** The part of the config that names the base branch (`git.baseBranch`). */
export interface BaseBranchConfig { git: { baseBranch: string | false } }

/** A branch beside the base: its tip, how far it is ahead of the base and behind it, and whether a remote holds its tip. */
export interface BranchInfo {
  name: string;
  tip: string;
  /** Commits on the branch the base does not have. */
  ahead: number;
  /** Commits on the base since the branch left it. */
  behind: number;
  /** Some remote's tracking ref of this branch is at its tip (it was proposed, and nothing was written since). */
  pushed: boolean;
}

/**
 * The branch the site serves and change requests merge into: `git.baseBranch` when the config names one, else the branch checked
 * out in the project root. The served checkout must be on it (the CMS never switches it): anything else is a 409.
 *
 * @example
 * await baseBranch(root) // 'main'
 */
export async function baseBranch(root: string, config?: BaseBranchConfig): Promise<string> {
  const checkedOut = (await branchGit(root)(['symbolic-ref', '--short', '-q', 'HEAD']).catch(() => '')).trim();
  return checkedBase(checkedOut || null, config);
}

/** The base, from the branch checked out (null: detached HEAD): baseBranch's rule. */
function checkedBase(checkedOut: string | null, config?: BaseBranchConfig): string {
  const configured = config?.git.baseBranch || undefined;
  if (!checkedOut) throw new ConflictError('The served checkout is on no branch (HEAD is detached): git switch to the base branch');
  if (configured && configured !== checkedOut) {
    throw new ConflictError(`git.baseBranch is "${configured}" but the served checkout is on "${checkedOut}": git switch ${configured}`,
      { baseBranch: configured, checkedOut });
  }
  return checkedOut;
}

/**
 * The commit a branch is at.
 *
 * @example
 * await branchTip(root, 'spring') // '3f2a…' (40 hex digits); throws BranchNotFoundError for a branch that is not there
 */
export async function branchTip(root: string, name: string): Promise<string> {
  const tip = await refTip(branchGit(root), `refs/heads/${checkBranchName(name)}`);
  if (!tip) throw new BranchNotFoundError(name);
  return tip;
}

/** [behind, ahead] by `<base>...<tip>`: two commits' distance never changes, so it is counted once (a bounded memo). */
const distances = new Map<string, Promise<[number, number]>>();
const DISTANCES = 4096;

/** `git rev-list --left-right --count base...tip`: [behind, ahead]. */
function distance(git: BranchGit, base: string, tip: string): Promise<[number, number]> {
  const key = `${base}...${tip}`;
  let counted = distances.get(key);
  if (!counted) {
    counted = git(['rev-list', '--left-right', '--count', key]).then((out) => out.trim().split(/\s+/).map(Number) as [number, number]);
    counted.catch(() => distances.delete(key));
    if (distances.size >= DISTANCES) distances.delete(distances.keys().next().value!);
    distances.set(key, counted);
  }
  return counted;
}

/** Per project root, its ref files' reader (ref-files.ts). */
const refReaders = new Map<string, () => Promise<RefFiles | undefined>>();

/** The base and every branch and remote ref: from the ref files, else from git (two runs). */
async function readRefs(root: string, git: BranchGit, config?: BaseBranchConfig): Promise<{ base: string; refs: Map<string, string> }> {
  let reader = refReaders.get(root);
  if (!reader) refReaders.set(root, reader = refFilesReader(root));
  const files = await reader();
  if (files) return { base: checkedBase(files.head, config), refs: files.refs };
  const base = await baseBranch(root, config);
  const out = await git(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads/', 'refs/remotes/']);
  return { base, refs: new Map(out.split('\n').filter(Boolean).map((line) => [line.slice(line.indexOf(' ') + 1), line.slice(0, line.indexOf(' '))])) };
}

/**
 * Every local branch but the base, by name, with its tip, its distance to the base and whether it was pushed.
 *
 * @example
 * await listBranches(root)
 * // { base: { name: 'main', tip: '…' }, branches: [{ name: 'spring', tip: '…', ahead: 2, behind: 0, pushed: false }] }
 */
export async function listBranches(root: string, config?: BaseBranchConfig)
  : Promise<{ base: { name: string; tip: string | null }; branches: BranchInfo[] }> {
  const git = branchGit(root);
  const { base, refs } = await readRefs(root, git, config);
  const baseTip = refs.get(`refs/heads/${base}`) ?? null;
  const local = new Map<string, string>();
  const remote = new Map<string, Set<string>>();
  for (const [ref, tip] of refs) {
    if (ref.startsWith('refs/heads/')) local.set(ref.slice('refs/heads/'.length), tip);
    // refs/remotes/<remote>/<branch>: the remote's name has no slash.
    else if (!ref.endsWith('/HEAD')) {
      const name = ref.slice('refs/remotes/'.length).replace(/^[^/]+\//, '');
      remote.set(name, (remote.get(name) ?? new Set()).add(tip));
    }
  }
  const names = [...local.keys()].filter((name) => name !== base).sort();
  const branches: BranchInfo[] = [];
  // A few rev-lists at a time: a site may have many open branches.
  for (let at = 0; at < names.length; at += 8) {
    branches.push(...await Promise.all(names.slice(at, at + 8).map(async (name) => {
      const tip = local.get(name)!;
      const [behind, ahead] = baseTip ? await distance(git, baseTip, tip) : [0, 0];
      return { name, tip, ahead, behind, pushed: remote.get(name)?.has(tip) ?? false };
    })));
  }
  return { base: { name: base, tip: baseTip }, branches };
}

/**
 * A new branch at `from` (a branch, tag or commit; the base's tip by default). The ref is made only if no branch has the name
 * (compare-and-swap against "none"): an existing name is a 400.
 *
 * @example
 * await createBranch(root, 'spring') // { name: 'spring', base: 'main', head: '…' }
 */
export async function createBranch(root: string, name: string, from?: string, config?: BaseBranchConfig)
  : Promise<{ name: string; base: string; head: string }> {
  checkBranchName(name);
  const git = branchGit(root);
  const base = await baseBranch(root, config);
  const exists = () => new ValidationError(`Branch "${name}" already exists`, { name });
  if (await refTip(git, `refs/heads/${name}`)) throw exists();
  const start = from ?? base;
  if (typeof start !== 'string' || !start || start.startsWith('-') || /[\p{Cc}\s]/u.test(start)) {
    throw new ValidationError(`"${String(start)}" is not a branch, tag or commit`, { from: String(start).slice(0, 200) });
  }
  const head = await refTip(git, start);
  if (!head) throw new NotFoundError(`"${start}" is no branch, tag or commit here`, { from: start });
  await git(['update-ref', '-m', `cms: branch ${name} from ${start}`, `refs/heads/${name}`, head, '']).catch((error) => {
    if (/exists|lock|expected/i.test(String(error.stderr))) throw exists();
    throw error;
  });
  return { name, base, head };
}

/**
 * Delete a branch's ref (at the tip it has now) and its cached index. The base, and a branch checked out in a work tree, are refused.
 *
 * @example
 * await deleteBranch(root, 'spring') // { name: 'spring', tip: '…' }
 */
export async function deleteBranch(
  root: string, name: string, config?: BaseBranchConfig, expectedTip?: string,
): Promise<{ name: string; tip: string }> {
  // With `expectedTip`, only that tip is deleted: commits made since it was looked at keep the branch.
  const tip = expectedTip ?? await branchTip(root, name);
  const git = branchGit(root);
  if (name === await baseBranch(root, config)) {
    throw new ValidationError(`Branch "${name}" is the base branch: it cannot be deleted`, { name });
  }
  if ((await git(['worktree', 'list', '--porcelain'])).split('\n').includes(`branch refs/heads/${name}`)) {
    throw new ConflictError(`Branch "${name}" is checked out in a work tree: it cannot be deleted`, { name });
  }
  await git(['update-ref', '-m', `cms: delete branch ${name}`, '-d', `refs/heads/${name}`, tip]).catch(async (error) => {
    if (!await refTip(git, `refs/heads/${name}`)) throw new BranchNotFoundError(name);
    throw new ConflictError(`Branch "${name}" moved while it was being deleted: it is kept`, { name, reason: String(error.stderr).trim() });
  });
  await forgetBranchIndex(root, name);
  return { name, tip };
}
