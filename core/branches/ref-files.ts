import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { branchGit } from './branch-git.js';
import { refFileReader } from './branch-tip-file.js';

const HASH = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const FOLDERS = ['refs/heads', 'refs/remotes'];

/** What the ref files say now: the branch checked out in the project (null: HEAD is detached), and every branch and remote ref. */
export interface RefFiles { head: string | null; refs: Map<string, string> }

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
 * a HEAD naming something else than a branch or a commit.
 *
 * @example
 * const refs = refFilesReader('/site'); (await refs())?.refs.get('refs/heads/spring') // '3f1c…'
 */
export function refFilesReader(root: string): () => Promise<RefFiles | undefined> {
  let place: Promise<{ gitDir: string; commonDir: string } | undefined> | undefined;
  const readRef = refFileReader();
  const where = () => branchGit(root)(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir'])
    .then((out) => { const [gitDir, commonDir] = out.split('\n').map((line) => line.trim()); return { gitDir, commonDir }; }, () => undefined);
  return async () => {
    const found = await (place ??= where());
    if (!found || existsSync(join(found.commonDir, 'reftable'))) return undefined;
    const headText = readRef(join(found.gitDir, 'HEAD'))?.trim() ?? '';
    const head = headText.startsWith('ref: refs/heads/') ? headText.slice('ref: refs/heads/'.length) : HASH.test(headText) ? null : undefined;
    if (head === undefined) return undefined;
    const refs = new Map<string, string>();
    // Read before the loose files: a ref deleted in between (git drops its packed line first) is gone by the next call.
    for (const line of (readRef(join(found.commonDir, 'packed-refs')) ?? '').split('\n')) {
      const space = line.indexOf(' ');
      const ref = line.slice(space + 1);
      if (space > 0 && HASH.test(line.slice(0, space)) && FOLDERS.some((folder) => ref.startsWith(`${folder}/`))) refs.set(ref, line.slice(0, space));
    }
    for (const ref of FOLDERS.flatMap((folder) => looseRefs(found.commonDir, folder, []))) {
      const text = readRef(join(found.commonDir, ref))?.trim();
      if (text === undefined) continue;
      if (HASH.test(text)) refs.set(ref, text);
      // A remote's HEAD names its default branch: not a branch of its own.
      else if (ref.startsWith('refs/remotes/') && text.startsWith('ref: ')) refs.delete(ref);
      else return undefined;
    }
    return { head, refs };
  };
}
