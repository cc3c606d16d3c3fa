import { gitPipe, type GitPipe } from './git-pipe.js';

/** A repository's `cat-file --batch` left running this long after its last commit is ended. */
const IDLE_MS = 30_000;

/** Per repository root: its process while it lives, the turn of the next user, and the timer that ends it. */
const kept = new Map<string, { cat?: GitPipe; turn: Promise<unknown>; idle?: NodeJS.Timeout }>();

function endPipes(slot: { cat?: GitPipe }): void {
  slot.cat?.end();
  slot.cat = undefined;
}

/**
 * Run `work` with the repository's `cat-file --batch`, started once and kept between commits (a start is a git process that
 * opens the object store). Users of one root take turns, as an answer read by one must not be read by another. The process reads
 * refs and the object store afresh for each request (git looks a missing object up again in newly written packs), so a commit
 * made meanwhile by anyone is seen. When `work` throws or answers `drop` the process is ended (an answer may be half read) and
 * started again next time; unused for IDLE_MS it ends. While idle it does not keep Node running.
 *
 * @example
 * const tree = await withCommitPipes(root, async (cat) => ({ value: await editTree(cat, writeTree, head, changes) }));
 */
export function withCommitPipes<T>(root: string, work: (cat: GitPipe) => Promise<{ value: T; drop?: boolean }>): Promise<T> {
  let slot = kept.get(root);
  if (!slot) kept.set(root, slot = { turn: Promise.resolve() });
  const own = slot;
  const result = own.turn.then(async () => {
    clearTimeout(own.idle);
    if (!own.cat?.alive) own.cat = gitPipe(root, ['cat-file', '--batch']);
    const cat = own.cat;
    cat.hold(true);
    try {
      const { value, drop } = await work(cat);
      if (drop) endPipes(own);
      return value;
    } catch (error) {
      endPipes(own);
      throw error;
    } finally {
      cat.hold(false);
      own.idle = setTimeout(() => endPipes(own), IDLE_MS).unref();
    }
  });
  own.turn = result.catch(() => undefined);
  return result;
}

/** End every kept process (tests, shutdown); the next commit starts it again. */
export function endCommitPipes(): void {
  for (const slot of kept.values()) {
    clearTimeout(slot.idle);
    endPipes(slot);
  }
}
