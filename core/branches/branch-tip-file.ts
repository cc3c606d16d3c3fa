import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { branchGit, refTip, repositoryPlace } from './branch-git.js';

const HASH = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * Where a branch's ref points, read from the repository's files (its loose ref, else `packed-refs`) without running git:
 * a branch read asks on every request whether the ref moved, and a git process each time would cost more than the read.
 * Anything else (a symbolic ref, a reftable repository) asks git. Undefined: no such branch, or no repository.
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
    const loose = await readFile(join(gitDir, ref), 'utf8').catch(() => undefined);
    if (loose !== undefined) return HASH.test(loose.trim()) ? loose.trim() : refTip(git, ref);
    const packed = await readFile(join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
    const line = packed.split('\n').find((candidate) => candidate.endsWith(` ${ref}`));
    const hash = line?.slice(0, line.indexOf(' '));
    if (hash && HASH.test(hash)) return hash;
    // A reftable repository keeps no ref files (its HEAD file is a placeholder): git knows.
    const head = await readFile(join(gitDir, 'HEAD'), 'utf8').catch(() => '');
    return packed === '' && !head.startsWith('ref: ') ? refTip(git, ref) : undefined;
  };
}
