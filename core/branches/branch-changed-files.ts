import { createGit } from '../git/git.js';
import { branchFilesAt } from './branch-commit.js';

/** What a branch changed since it left the base: the merge base, each changed file at the tip (null: deleted) and at the merge base. */
export interface ChangedFiles {
  mergeBase: string;
  files: Map<string, string | null>;
  /** `<mergeBase>:<path>` → the file's text before the branch changed it; absent when it was added. */
  before: Map<string, string>;
}

/** The answers kept, newest last: one per open change request's current tip is what a listing asks again. */
const known = new Map<string, Promise<ChangedFiles>>();
const KEPT = 256;

/**
 * What the branch at `tip` changed since it left the base at `baseTip` (branchFilesAt), with the changed files' old texts. Kept under
 * the two commits (and the root), which name the answer for good: a branch that moves (a save, another editor's commit, plain git) or a base that
 * moves has new commits, so the next listing reads again, while an unchanged one costs no git process (issue 39: the change-request
 * list is asked on every studio page load).
 *
 * @example
 * const { files, before } = await changedFilesBetween(root, baseTip, tip)
 */
export function changedFilesBetween(root: string, baseTip: string, tip: string): Promise<ChangedFiles> {
  // The root too: paths are relative to it (the project may sit in a subfolder of the repository).
  const key = `${root}\0${baseTip}...${tip}`;
  const kept = known.get(key);
  if (kept) {
    // Asked again: newest again, so the entries dropped first are the ones no listing asks for any more.
    known.delete(key);
    known.set(key, kept);
    return kept;
  }
  const reading = branchFilesAt(root, tip, baseTip).then(async ({ mergeBase, files }) => {
    const before = await createGit(root).showMany([...files.keys()].map((path) => ({ commit: mergeBase, path })));
    return { mergeBase, files, before };
  });
  reading.catch(() => known.delete(key));
  if (known.size >= KEPT) known.delete(known.keys().next().value!);
  known.set(key, reading);
  return reading;
}
