import { realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { settleIndexes } from '../git/index-debt.js';
import { runFile } from '../process/run-file.js';

/** What a git run answered: its stdout as text. Fails as execFile does (the error carries `stderr`, `code`). */
export type BranchGit = (args: string[], options?: { env?: NodeJS.ProcessEnv; input?: string; timeout?: number }) => Promise<string>;

/**
 * Git in a project root for the branch plumbing: never a prompt, never a lock to refresh the served index, git's words in English
 * (LC_ALL=C, so refusals can be told apart), paths unquoted, literal pathspecs.
 *
 * @example
 * const git = branchGit(root); await git(['rev-parse', 'refs/heads/main'])
 */
export function branchGit(root: string): BranchGit {
  const run: BranchGit = async (args, { env = {}, input, timeout = 60_000 } = {}) => (await runFile('git', ['-c', 'core.quotePath=false', ...args], {
    cwd: root, timeout, maxBuffer: 256 * 1024 * 1024, input: input ?? '',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_LITERAL_PATHSPECS: '1', LC_ALL: 'C', ...env },
  })).stdout;
  // Index entries owed by the CMS's own commits (a large repository, index-debt.ts) are written before git reads the index.
  return (args, options) => settleIndexes().then(() => run(args, options));
}

/** The full hash a ref names now, or undefined when there is no such ref. */
export async function refTip(git: BranchGit, ref: string): Promise<string | undefined> {
  const out = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '');
  return out.trim() || undefined;
}

/**
 * Where the project sits in its repository (`site/` or ''), the repository's common git folder (shared by worktrees; refs, objects)
 * and its own work tree's (HEAD), absolute.
 */
export async function repositoryPlace(git: BranchGit): Promise<{ prefix: string; gitDir: string; headDir: string }> {
  const out = await git(['rev-parse', '--show-prefix', '--path-format=absolute', '--git-dir', '--git-common-dir']);
  const [prefix, headDir, gitDir] = out.split('\n').map((line) => line.trim());
  return { prefix, gitDir, headDir };
}

type Place = { prefix: string; gitDir: string; headDir: string };
/** Per root, git's answer and what keeps it true: the folders (`headDir`) to find again and the `.git` not to find. */
const places = new Map<string, { place: Promise<Place>; holds?: () => boolean }>();

/**
 * repositoryPlace for a project root, asked of git once per root and shared by every reader of its ref files. The answer is
 * kept while a few stats say it holds (no git run): "no repository" while no folder from the root up holds a `.git` or a bare
 * repository's `HEAD` (a `git init` is seen at the next call); a place while its git folder is there and no `.git` appeared
 * between the root and its work tree's top (a nested `git init`). Any other failure (git's refusal of a folder it finds) is
 * asked again next time.
 *
 * @example
 * const { gitDir } = await placeOfRoot('/site') // '/site/.git'
 */
export function placeOfRoot(root: string): Promise<Place> {
  const kept = places.get(root);
  if (kept && (kept.holds ? kept.holds() : true)) return kept.place;
  const entry: { place: Promise<Place>; holds?: () => boolean } = { place: repositoryPlace(branchGit(root)) };
  // Until git answers, callers share its run.
  places.set(root, entry);
  entry.place.then((place) => {
    // git walks up from the real folder: a symbolic link above the root would count other folders.
    const up = foldersUp(realRoot(root));
    const depth = place.prefix.split('/').filter(Boolean).length;
    const between = up.slice(0, depth);
    // The work tree's own `.git` (a linked work tree's is a file naming its folder), unless GIT_DIR names the repository.
    const marks = [place.headDir, ...(process.env.GIT_DIR || !up[depth] ? [] : [join(up[depth], '.git')])];
    entry.holds = () => marks.every(exists) && !between.some((folder) => exists(join(folder, '.git')));
  }, () => {
    const marks = process.env.GIT_DIR ? [] : foldersUp(realRoot(root)).flatMap((folder) => [join(folder, '.git'), join(folder, 'HEAD')]);
    if (marks.length && !marks.some(exists)) entry.holds = () => !marks.some(exists);
    else if (places.get(root) === entry) places.delete(root);
  });
  return entry.place;
}

/** The root as git sees it from inside (symbolic links resolved); '' when it is not there. */
const realRoot = (root: string) => { try { return realpathSync(root); } catch { return ''; } };

/** `folder` and every folder above it, nearest first (none for ''). */
function foldersUp(folder: string): string[] {
  if (!folder) return [];
  const folders = [folder];
  for (let up = dirname(folder); up !== folders.at(-1); up = dirname(up)) folders.push(up);
  return folders;
}

const exists = (path: string) => statSync(path, { throwIfNoEntry: false }) !== undefined;

/** Per repository root, whether git names a committer by itself (asked once, as commitPaths does). */
const committers = new Map<string, Promise<boolean>>();

/**
 * The environment of a commit by `author`: the committer is the repository's identity, or the author when the repository has
 * none (as commitPaths does).
 */
export async function commitIdentity(root: string, git: BranchGit, author: { name: string; email: string }, date?: string)
  : Promise<NodeJS.ProcessEnv> {
  const env = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, ...(date ? { GIT_AUTHOR_DATE: date } : {}) };
  let configured = committers.get(root);
  if (!configured) committers.set(root, configured = git(['var', 'GIT_COMMITTER_IDENT']).then(() => true, () => false));
  return await configured ? env : { ...env, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
}
