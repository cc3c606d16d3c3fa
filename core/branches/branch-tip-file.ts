import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { branchGit, refTip, repositoryPlace } from './branch-git.js';

const HASH = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** A small file's text, or undefined when it cannot be read. */
function readQuietly(path: string): string | undefined {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
}

/**
 * Where a branch's ref points, read from the repository's files (its loose ref, else `packed-refs`) without running git:
 * a branch read asks on every request whether the ref moved, and a git process each time would cost more than the read.
 * Anything else (a symbolic ref, a reftable repository) asks git. Undefined: no such branch, or no repository.
 * Read inline: a ref is a 41-byte file in the page cache (about 30 µs), where the thread pool's round trip costs a
 * millisecond on a busy server, and every branch request pays it.
 * `name` must have passed checkBranchName (it becomes a path).
 *
 * @example
 * const tipOf = branchTipReader('/site'); await tipOf('spring') // '3f1c…' or undefined
 */
export function branchTipReader(root: string): (name: string) => Promise<string | undefined> {
  const git = branchGit(root);
  let place: Promise<string | undefined> | undefined;
  return async (name) => {
    const gitDir = await (place ??= repositoryPlace(git).then((found) => found.gitDir, () => undefined));
    if (!gitDir) return undefined;
    const ref = `refs/heads/${name}`;
    const loose = readQuietly(join(gitDir, ref));
    if (loose !== undefined) return HASH.test(loose.trim()) ? loose.trim() : refTip(git, ref);
    const packed = readQuietly(join(gitDir, 'packed-refs')) ?? '';
    const line = packed.split('\n').find((candidate) => candidate.endsWith(` ${ref}`));
    const hash = line?.slice(0, line.indexOf(' '));
    if (hash && HASH.test(hash)) return hash;
    // A reftable repository keeps no ref files (its HEAD file is a placeholder): git knows.
    const head = readQuietly(join(gitDir, 'HEAD')) ?? '';
    return packed === '' && !head.startsWith('ref: ') ? refTip(git, ref) : undefined;
  };
}
