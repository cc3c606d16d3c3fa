import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Below this size of `.git/index` (~70,000 files), or in a repository that did not ask for it (`gitcms.indexPerBurst`), each
 * commit updates the index itself, as `git commit` would.
 */
export const DEFER_INDEX_BYTES = 8 * 1024 * 1024;
/** A deferred index update runs once no commit has come for this long… */
const IDLE_MS = 250;
/** …or this long after the first commit it owes, whichever is sooner; a failed one (a lock held) is tried again as late. */
const MAX_DELAY_MS = 2_000;
/** The paths owed, kept in the git folder so that a process that stops before its update leaves them to the next one. */
const JOURNAL = 'gitcms-index-owed';

type Run = (args: string[], options: { input: string; cwd: string }) => Promise<string>;
export interface IndexTiming { deferAboveBytes: number; idleMs: number; maxDelayMs: number }
export const INDEX_TIMING: IndexTiming = { deferAboveBytes: DEFER_INDEX_BYTES, idleMs: IDLE_MS, maxDelayMs: MAX_DELAY_MS };

/** The index's size: with `core.splitIndex` its file holds only the recent changes, and its shared part is what git reads. */
async function indexBytes(gitDir: string, enough: number): Promise<number> {
  const size = (name: string) => stat(join(gitDir, name)).then((info) => info.size, () => 0);
  const own = await size('index');
  if (own >= enough) return own;
  const shared = (await readdir(gitDir)).filter((name) => name.startsWith('sharedindex.'));
  return own + Math.max(0, ...await Promise.all(shared.map(size)));
}

/** Per git folder: the paths (from the repository's top) committed by plumbing whose index entries are not written yet. */
const debts = new Map<string, ReturnType<typeof createDebt>>();

function createDebt(gitDir: string, top: string, run: Run, timing: IndexTiming) {
  const owed = new Set<string>();
  const journal = join(gitDir, JOURNAL);
  let timer: NodeJS.Timeout | undefined;
  let since = 0;
  let running: Promise<void> = Promise.resolve();
  let writing = false;

  // Deferred only where the repository asks for it (`git config gitcms.indexPerBurst true`): until the update runs, a
  // person's `git commit` would commit the index's old entries, putting the files back as they were before the CMS's commits.
  // Asked in a large index only, once per burst (again after each update, so a changed setting counts from the next burst).
  let perBurst: Promise<boolean> | undefined;
  const asksPerBurst = () => perBurst ??= run(['config', '--type=bool', 'gitcms.indexPerBurst'], { input: '', cwd: top })
    .then((out) => out.trim() === 'true', () => false);

  /** One `update-index` of every owed path from the files as they are now (as `git add` of them would). */
  const write = () => {
    const done = running.then(update);
    running = done.catch(() => undefined);
    return done;
  };
  async function update(): Promise<void> {
    await loaded;
    if (!owed.size) return;
    const paths = [...owed];
    owed.clear();
    writing = true;
    try {
      await run(['update-index', '--add', '--remove', '-z', '--stdin'], { input: paths.map((path) => `${path}\0`).join(''), cwd: top });
    } catch (error) {
      for (const path of paths) owed.add(path);
      throw error;
    } finally {
      writing = false;
    }
    perBurst = undefined;
    if (owed.size) await writeFile(journal, [...owed].map((path) => `${path}\0`).join(''));
    else await rm(journal, { force: true });
  }
  /** The update after `delay`; a retry after a failure (a lock held by someone else's git) does not keep Node running. */
  const schedule = (delay: number, retry = false) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      write().catch(() => schedule(timing.maxDelayMs, true));
    }, delay);
    if (retry) timer.unref();
  };
  // A journal left by a process that stopped first: its paths are owed here too, and written soon.
  const loaded = readFile(journal, 'utf8').then((text) => {
    for (const path of text.split('\0')) if (path) owed.add(path);
    if (owed.size) schedule(timing.idleMs);
  }, () => undefined);

  return {
    /**
     * Owe these paths' index entries. Returns once they are written when the index is small (below deferAboveBytes), else once
     * they are in the journal, with one update for them all scheduled after the commits stop (idleMs) or maxDelayMs after the
     * first at most.
     */
    async owe(paths: string[]): Promise<void> {
      await loaded;
      for (const path of paths) owed.add(path);
      await appendFile(journal, paths.map((path) => `${path}\0`).join(''));
      if (await indexBytes(gitDir, timing.deferAboveBytes) < timing.deferAboveBytes || !await asksPerBurst()) {
        // Failing here (a lock held) is not the commit's failure: the paths stay owed and go with the next update.
        await write().catch(() => schedule(timing.maxDelayMs, true));
        return;
      }
      if (!timer) since = Date.now();
      schedule(Math.max(0, Math.min(timing.idleMs, since + timing.maxDelayMs - Date.now())));
    },
    /** Write what is owed now; rejects when `update-index` fails (the paths stay owed). */
    settle(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      return write();
    },
    /** Whether some index entries are owed. */
    get owing(): boolean { return owed.size > 0; },
    /** Whether this process's `update-index` is running now (so `.git/index.lock` is most likely its own). */
    get writing(): boolean { return writing; },
  };
}

/** The debt of the repository at `gitDir` (one per repository in this process, whoever commits). */
export function indexDebt(gitDir: string, top: string, run: Run, timing: IndexTiming = INDEX_TIMING) {
  let debt = debts.get(gitDir);
  if (!debt) debts.set(gitDir, debt = createDebt(gitDir, top, run, timing));
  return debt;
}

/**
 * Write every owed index entry now: called before the CMS runs a git command that reads the index (`status`, `diff` against the
 * work tree, `merge`, `reset`, `git commit`), so it sees the index as the commits left it. Resolves at once when nothing is owed;
 * a failed update is not thrown (the command then sees what a person's `git status` would meanwhile).
 *
 * @example
 * await settleIndexes(); const out = await git(['status', '--porcelain']);
 */
export async function settleIndexes(): Promise<void> {
  for (const debt of debts.values()) if (debt.owing) await debt.settle().catch(() => undefined);
}

/** Are index entries owed in some repository (`settleIndexes` would write them)? When not, a command may start at once. */
export function indexesOwed(): boolean {
  for (const debt of debts.values()) if (debt.owing) return true;
  return false;
}
