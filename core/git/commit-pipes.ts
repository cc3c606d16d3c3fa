import { gitPipe, type GitPipe } from './git-pipe.js';

/** A repository's `cat-file --batch` and `mktree --batch` left running this long after its last commit are ended. */
const IDLE_MS = 30_000;

interface Pipes { cat: GitPipe; mktree: GitPipe }

/** Per repository root: its two processes while they live, the turn of the next user, and the timer that ends them. */
const kept = new Map<string, { pipes?: Pipes; turn: Promise<unknown>; idle?: NodeJS.Timeout }>();

function endPipes(slot: { pipes?: Pipes }): void {
  slot.pipes?.cat.end();
  slot.pipes?.mktree.end();
  slot.pipes = undefined;
}

/**
 * Run `work` with the repository's `cat-file --batch` and `mktree -z --missing --batch`, started once and kept between commits
 * (each start costs a git process, ~270 ms of CPU for `mktree` in a store of 1M objects). Users of one root take turns, as an
 * answer read by one must not be read by another. Both processes read the object store and refs afresh for each request (git
 * looks a missing object up again in newly written packs), so a commit made meanwhile by anyone is seen. When `work` throws or
 * answers `drop` the processes are ended (an answer may be half read) and started again next time; unused for IDLE_MS they end.
 * While idle they do not keep Node running.
 *
 * @example
 * const tree = await withCommitPipes(root, async ({ cat, mktree }) => ({ value: await editTree(cat, mktree, head, changes) }));
 */
export function withCommitPipes<T>(root: string, work: (pipes: Pipes) => Promise<{ value: T; drop?: boolean }>): Promise<T> {
  let slot = kept.get(root);
  if (!slot) kept.set(root, slot = { turn: Promise.resolve() });
  const own = slot;
  const result = own.turn.then(async () => {
    clearTimeout(own.idle);
    if (!own.pipes?.cat.alive || !own.pipes.mktree.alive) {
      endPipes(own);
      own.pipes = { cat: gitPipe(root, ['cat-file', '--batch']), mktree: gitPipe(root, ['mktree', '-z', '--missing', '--batch']) };
    }
    const pipes = own.pipes;
    pipes.cat.hold(true);
    pipes.mktree.hold(true);
    try {
      const { value, drop } = await work(pipes);
      if (drop) endPipes(own);
      return value;
    } catch (error) {
      endPipes(own);
      throw error;
    } finally {
      pipes.cat.hold(false);
      pipes.mktree.hold(false);
      own.idle = setTimeout(() => endPipes(own), IDLE_MS).unref();
    }
  });
  own.turn = result.catch(() => undefined);
  return result;
}

/** End every kept process (tests, shutdown); the next commit starts them again. */
export function endCommitPipes(): void {
  for (const slot of kept.values()) {
    clearTimeout(slot.idle);
    endPipes(slot);
  }
}
