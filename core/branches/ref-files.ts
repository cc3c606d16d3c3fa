import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { placeOfRoot } from './branch-git.js';
import { branchTipReader, OBJECT_ID, refFileReader } from './branch-tip-file.js';

const FOLDERS = ['refs/heads', 'refs/remotes'];

/** What the ref files say now: the branch checked out in the project, and every branch and remote ref. */
export interface RefFiles { head: string; refs: Map<string, string> }

/** The paths of the loose ref files under `folder` (`refs/heads/edits/spring`); none when it is not there. */
function looseRefs(commonDir: string, folder: string, into: string[]): string[] {
  let entries;
  try { entries = readdirSync(join(commonDir, folder), { withFileTypes: true }); } catch { return into; }
  for (const entry of entries) {
    const ref = `${folder}/${entry.name}`;
    // `<ref>.lock` is git's update under way: the ref is still the file it will replace (no ref name ends in `.lock`).
    if (entry.isDirectory()) looseRefs(commonDir, ref, into);
    else if (entry.isFile() && !entry.name.endsWith('.lock')) into.push(ref);
  }
  return into;
}

/**
 * The branches and remote refs of the project's repository and the branch it has checked out, read from the ref files (loose refs
 * over `packed-refs`, HEAD of the project's own work tree) without running git: a listing asked on every studio page load saves
 * the three git processes that `symbolic-ref`, `rev-parse` and `for-each-ref` would be. Nothing is kept but each file's text
 * while the file is the same one (branch-tip-file.ts), so a branch made, moved or deleted by anyone (plain git, another
 * server) shows at the next call. Undefined where git must be asked: no repository, a reftable one, a symbolic branch ref,
 * a detached HEAD (git's own words refuse it) or one naming something else.
 *
 * @example
 * const refs = refFilesReader('/site'); (await refs())?.refs.get('refs/heads/spring') // '3f1c…'
 */
export function refFilesReader(root: string): () => Promise<RefFiles | undefined> {
  const where = placeOf(root);
  const readRef = refFileReader();
  return async () => {
    const found = await where();
    if (!found || existsSync(join(found.commonDir, 'reftable'))) return undefined;
    const head = headOf(readRef(join(found.gitDir, 'HEAD')));
    if (head === undefined || typeof head === 'object') return undefined;
    const refs = new Map<string, string>();
    // Read before the loose files: a ref deleted in between (git drops its packed line first) is gone by the next call.
    for (const line of (readRef(join(found.commonDir, 'packed-refs')) ?? '').split('\n')) {
      const space = line.indexOf(' ');
      const ref = line.slice(space + 1);
      if (space > 0 && OBJECT_ID.test(line.slice(0, space)) && FOLDERS.some((folder) => ref.startsWith(`${folder}/`))) refs.set(ref, line.slice(0, space));
    }
    for (const ref of FOLDERS.flatMap((folder) => looseRefs(found.commonDir, folder, []))) {
      const text = readRef(join(found.commonDir, ref))?.trim();
      if (text === undefined) continue;
      if (OBJECT_ID.test(text)) refs.set(ref, text);
      // A remote's HEAD names its default branch: not a branch of its own.
      else if (ref.startsWith('refs/remotes/') && text.startsWith('ref: ')) refs.delete(ref);
      else return undefined;
    }
    return { head, refs };
  };
}

/** The repository's folders for the project at `root`: its work tree's (HEAD) and the common one (refs), asked of git once per root. */
function placeOf(root: string): () => Promise<{ gitDir: string; commonDir: string } | undefined> {
  return () => placeOfRoot(root).then(({ headDir, gitDir }) => ({ gitDir: headDir, commonDir: gitDir }), () => undefined);
}

/** A HEAD file's text → the branch it is on, `{ commit }` when detached, undefined when git must be asked. */
function headOf(text = ''): string | { commit: string } | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('ref: refs/heads/')) return trimmed.slice('ref: refs/heads/'.length);
  return OBJECT_ID.test(trimmed) ? { commit: trimmed } : undefined;
}

/**
 * The commit the project's HEAD is at, from the files (HEAD, then its branch as branch-tip-file.ts reads it): null when there is
 * none (no repository, or a branch before its first commit), undefined where git must be asked (a reftable repository, an odd HEAD).
 *
 * @example
 * const head = headCommitReader('/site'); await head() // '3f1c…'
 */
export function headCommitReader(root: string): () => Promise<string | null | undefined> {
  const where = placeOf(root);
  const readRef = refFileReader();
  const tipOf = branchTipReader(root);
  return async () => {
    const found = await where();
    if (!found) return null;
    if (existsSync(join(found.commonDir, 'reftable'))) return undefined;
    const head = headOf(readRef(join(found.gitDir, 'HEAD')));
    if (head === undefined || typeof head === 'object') return head?.commit;
    return (await tipOf(head)) ?? null;
  };
}

/**
 * The commit HEAD is at, read afresh from the files of a repository whose folders are known (`git rev-parse --git-dir
 * --git-common-dir`): HEAD, then its branch's loose ref, else its `packed-refs` line. Nothing is kept between calls, so a
 * commit made a moment ago shows. Undefined where git must be asked (a reftable repository, a symbolic branch ref, a branch
 * without a commit, an unreadable file): a check that HEAD did not move saves its git process when the files answer.
 *
 * @example
 * headCommitFromFiles('/site/.git', '/site/.git') // '3f1c…'
 */
export function headCommitFromFiles(gitDir: string, commonDir: string): string | undefined {
  const read = (path: string) => { try { return readFileSync(path, 'utf8'); } catch { return undefined; } };
  if (existsSync(join(commonDir, 'reftable'))) return undefined;
  const head = headOf(read(join(gitDir, 'HEAD')));
  if (head === undefined || typeof head === 'object') return head?.commit;
  const ref = `refs/heads/${head}`;
  const loose = read(join(commonDir, ref));
  if (loose !== undefined) return OBJECT_ID.test(loose.trim()) ? loose.trim() : undefined;
  const line = (read(join(commonDir, 'packed-refs')) ?? '').split('\n').find((candidate) => candidate.endsWith(` ${ref}`));
  const hash = line?.slice(0, line.indexOf(' '));
  return hash && OBJECT_ID.test(hash) ? hash : undefined;
}
