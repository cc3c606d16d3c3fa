import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { AsyncScope } from '../async-scope.js';
import { KeyedLock } from '../service/keyed-lock.js';
import { holdLockFile } from '../storage/lock-file.js';
import { BranchMovedError } from './branch-commit.js';
import { BranchNotFoundError } from './branch-names.js';
import type { BranchStore } from './branch-store.js';

/** Tries of one write on a branch another process keeps moving (each after reloading the branch). */
export const BRANCH_WRITE_ATTEMPTS = 3;

/** The branch write under way in this async context: a write it makes (a linked document's) is part of it. */
const inside = new AsyncScope<BranchStore>();

/**
 * The lock file every process of the site holds around a write to a branch: `.cms/locks/branch~<name>.lock`, a `/` of
 * the name as `~` (which git refuses in names, so two branches never share a file).
 *
 * @example
 * branchLockFile('/site', 'spring/menu') // '/site/.cms/locks/branch~spring~menu.lock'
 */
export function branchLockFile(root: string, name: string): string {
  // A long or non-ASCII name (git takes either) is named by its hash: a file name never passes the file system's 255 bytes.
  const plain = /^[A-Za-z0-9._/-]{1,100}$/.test(name) ? name.replaceAll('/', '~') : `#${createHash('sha256').update(name).digest('hex')}`;
  return join(root, '.cms', 'locks', `branch~${plain}.lock`);
}

/**
 * The writer's gate of a branch's view: one write at a time per branch, in this process and (through the branch's lock
 * file) in every CLI and server of the site. Under it the overlay is first brought to the ref's tip (another process,
 * e.g. the CLI, may have committed), then the write runs and its afterWrite commits it. Whatever fails, the overlay is
 * read again from the ref, so it never shows a write the ref does not hold; a ref moved by a process that took no lock
 * (BranchMovedError) runs the write again, at most BRANCH_WRITE_ATTEMPTS times, then answers its 409.
 *
 * @example
 * const writer = new DocumentWriter(root, index, { store, gate: branchGate(root, store, tipOf) });
 */
export function branchGate(
  root: string, store: BranchStore, tipOf: (name: string) => Promise<string | undefined>,
): <T>(work: () => Promise<T>) => Promise<T> {
  const turns = new KeyedLock();
  const lockFile = branchLockFile(root, store.branch);
  const attempt = async <T>(work: () => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      const tip = await tipOf(store.branch);
      if (!tip) throw new BranchNotFoundError(store.branch);
      if (tip !== store.tip) await store.load();
      store.begin();
      try {
        return await work();
      } catch (error) {
        const moved = error instanceof BranchMovedError;
        if (store.pending || moved) await store.load().catch(() => { store.tip = ''; }); // unread: the next access reads it again
        if (moved && tries < BRANCH_WRITE_ATTEMPTS) continue;
        throw error;
      }
    }
  };
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (inside.getStore() === store) return work();
    return turns.run('', () => holdLockFile(lockFile, () => inside.run(store, async () => {
      store.writing = true;
      try {
        return await attempt(work);
      } finally {
        store.writing = false;
      }
    })));
  };
}
