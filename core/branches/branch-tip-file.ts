import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { branchGit, placeOfRoot, refTip } from './branch-git.js';
import { HeldRefs, SETTLED_MS } from './ref-watch.js';

/** A full object name: SHA-1's 40 hex digits or SHA-256's 64. */
export const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** A small file's text, or undefined when it cannot be read. */
function readQuietly(path: string): string | undefined {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
}

/** A ref file's text as last read, and the file it was read from (git replaces a ref by renaming a new file over it). */
interface ReadRef { ino: number; mtimeMs: number; size: number; text: string }

/**
 * `readQuietly` for ref files asked on every request: one stat, and the file read again only when it is another file
 * than the one read last (inode, modification time or size differ). A stat is a third of a read's cost. As git does for
 * its index, a text is kept only when its file was modified at least SETTLED_MS before it was read: the clock files are
 * stamped with is coarse (milliseconds), and an inode is reused, so a file replaced within the same tick as the one read
 * could otherwise look like it; any file replacing it later bears a later time.
 */
export function refFileReader(): (path: string) => string | undefined {
  const known = new Map<string, ReadRef>();
  return (path) => {
    let stat;
    try { stat = statSync(path, { throwIfNoEntry: false }); } catch { stat = undefined; }
    if (!stat) {
      known.delete(path);
      return undefined;
    }
    const last = known.get(path);
    if (last && last.ino === stat.ino && last.mtimeMs === stat.mtimeMs && last.size === stat.size) return last.text;
    const text = readQuietly(path);
    // Read after the stat: a file replaced in between bears a later time, so it is read again next time.
    if (text === undefined || Date.now() - stat.mtimeMs < SETTLED_MS) known.delete(path);
    else known.set(path, { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size, text });
    return text;
  };
}

/**
 * Where a branch's ref points, read from the repository's files (its loose ref, else `packed-refs`) without running git:
 * a branch read asks on every request whether the ref moved, and a git process each time would cost more than the read.
 * Anything else (a symbolic ref, a reftable repository) asks git. Undefined: no such branch, or no repository.
 * Read inline: a ref is a 41-byte file in the page cache, held open as last read (HeldRefs: one `fstat`, and a read only
 * when the file was replaced), where the thread pool's round trip costs a millisecond on a busy server, and every branch
 * request pays it. The call and `now` share the one set of held refs. `name` must have passed checkBranchName (it
 * becomes a path).
 *
 * @example
 * const tipOf = branchTipReader('/site'); await tipOf('spring') // '3f1c…' or undefined
 */
export function branchTipReader(root: string): BranchTipReader {
  const git = branchGit(root);
  let place: Promise<string | undefined> | undefined;
  // The repository's folder once found: `now` reads refs without waiting.
  let found: string | undefined;
  const readPacked = refFileReader();
  // The loose refs asked, held open (ref-watch.ts), by their text: a symbolic one is git's to resolve.
  const held = new HeldRefs((name) => join(found!, `refs/heads/${name}`), (text) => text?.trim());
  const tipOf = async (name: string) => {
    const gitDir = await (place ??= placeOfRoot(root).then((where) => (found = where.gitDir), () => undefined));
    if (!gitDir) return undefined;
    const ref = `refs/heads/${name}`;
    const loose = held.tip(name);
    if (loose !== undefined) return OBJECT_ID.test(loose) ? loose : refTip(git, ref);
    const packed = readPacked(join(gitDir, 'packed-refs')) ?? '';
    const line = packed.split('\n').find((candidate) => candidate.endsWith(` ${ref}`));
    const hash = line?.slice(0, line.indexOf(' '));
    if (hash && OBJECT_ID.test(hash)) return hash;
    // A reftable repository keeps no ref files (its HEAD file is a placeholder): git knows.
    const head = readQuietly(join(gitDir, 'HEAD')) ?? '';
    return packed === '' && !head.startsWith('ref: ') ? refTip(git, ref) : undefined;
  };
  // A batch's tips: looked at once for it.
  let batchOf: object | undefined;
  const batchTips = new Map<string, string | undefined>();
  const look = (name: string) => {
    const text = found === undefined ? undefined : held.tip(name);
    return text !== undefined && OBJECT_ID.test(text) ? text : undefined;
  };
  const now = (name: string, batch?: object) => {
    if (batch === undefined) return look(name);
    if (batch !== batchOf) {
      batchOf = batch;
      batchTips.clear();
    }
    if (batchTips.has(name)) return batchTips.get(name);
    const tip = look(name);
    batchTips.set(name, tip);
    return tip;
  };
  return Object.assign(tipOf, { now, close: () => held.close() });
}

/** Where a branch's ref points (see branchTipReader); `now`, synchronously, when it is a loose ref holding a hash. */
export interface BranchTipReader {
  (name: string): Promise<string | undefined>;
  /**
   * The hash of a loose ref, looked at now (one `fstat` of the file as last read, held open, and read only when that
   * look says it changed: HeldRefs); undefined when only the call can tell (packed, symbolic, none, or no call made yet).
   * With `batch` (an object naming requests that had all arrived before its first use: kept-answers.ts), each ref is
   * looked at once for the batch.
   */
  now(name: string, batch?: object): string | undefined;
  /** Let go of the ref files held open. */
  close(): void;
}
