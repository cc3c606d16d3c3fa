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
    const packed = readRef(join(found.commonDir, 'packed-refs'));
    for (const folder of FOLDERS) for (const [ref, commit] of packedRefs(packed, `${folder}/`)) refs.set(ref, commit);
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
export const headCommitFromFiles = (gitDir: string, commonDir: string): string | undefined => refFromFiles(gitDir, commonDir, 'HEAD');

const readNow = (path: string) => { try { return readFileSync(path, 'utf8'); } catch { return undefined; } };

/**
 * The branch HEAD names (`git symbolic-ref --short HEAD`), read afresh from the HEAD file; undefined where git must be asked
 * (a detached HEAD, a reftable repository, an unreadable file).
 *
 * @example
 * branchFromFiles('/site/.git', '/site/.git') // 'main'
 */
export function branchFromFiles(gitDir: string, commonDir: string): string | undefined {
  if (existsSync(join(commonDir, 'reftable'))) return undefined;
  const head = headOf(readNow(join(gitDir, 'HEAD')));
  return typeof head === 'string' ? head : undefined;
}

/**
 * The commit `ref` names (`HEAD`, a branch or a remote-tracking ref: `refs/remotes/origin/main`), read afresh as
 * headCommitFromFiles reads HEAD: its loose ref file, else its `packed-refs` line. Undefined where git must be asked (any
 * other kind of ref, no such ref, a symbolic one, a reftable repository): `git rev-parse --verify <ref>^{commit}` answers the
 * same, since git writes only commits to branches and remote-tracking refs.
 *
 * @example
 * refFromFiles('/site/.git', '/site/.git', 'refs/remotes/origin/main') // '3f1c…'
 */
export function refFromFiles(gitDir: string, commonDir: string, ref: string): string | undefined {
  if (existsSync(join(commonDir, 'reftable'))) return undefined;
  let name = ref;
  if (ref === 'HEAD') {
    const head = headOf(readNow(join(gitDir, 'HEAD')));
    if (head === undefined || typeof head === 'object') return head?.commit;
    name = `refs/heads/${head}`;
  } else if (!FOLDERS.some((folder) => ref.startsWith(`${folder}/`)) || ref.includes('..')) return undefined;
  const loose = readNow(join(commonDir, name));
  if (loose !== undefined) return OBJECT_ID.test(loose.trim()) ? loose.trim() : undefined;
  return packedRefs(readNow(join(commonDir, 'packed-refs')), name).get(name);
}

/** The `packed-refs` lines (`<hash> <ref>`) of refs under `prefix`, by ref (a tag's peeled `^<hash>` line is no ref). */
function packedRefs(text = '', prefix: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    const ref = line.slice(space + 1);
    if (space > 0 && OBJECT_ID.test(line.slice(0, space)) && ref.startsWith(prefix)) refs.set(ref, line.slice(0, space));
  }
  return refs;
}

/**
 * Every ref under `folder` (`refs/cms/stray`) with its commit, sorted by name as `git for-each-ref` lists them, read from the
 * files (loose refs over `packed-refs`). Undefined where git must be asked: a reftable repository, or a ref that is not a hash.
 *
 * @example
 * refsUnderFromFiles('/site/.git', 'refs/cms/stray') // [{ ref: 'refs/cms/stray/2026-…-commits', commit: '3f1c…' }]
 */
export function refsUnderFromFiles(commonDir: string, folder: string): Array<{ ref: string; commit: string }> | undefined {
  if (existsSync(join(commonDir, 'reftable'))) return undefined;
  // Read before the loose files: a ref deleted in between (git drops its packed line first) is gone by the next call.
  const refs = packedRefs(readNow(join(commonDir, 'packed-refs')), `${folder}/`);
  for (const ref of looseRefs(commonDir, folder, [])) {
    const text = readNow(join(commonDir, ref))?.trim();
    if (text === undefined) continue;
    if (!OBJECT_ID.test(text)) return undefined;
    refs.set(ref, text);
  }
  return [...refs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([ref, commit]) => ({ ref, commit }));
}
