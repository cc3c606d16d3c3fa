import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { placeOfRoot } from '../branches/branch-git.js';
import { headCommitFromFiles } from '../branches/ref-files.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { ensureCmsFolder } from '../storage/cms-folder.js';
import { eachGitRecord, gitList, type GitRecordsOptions } from './git-records.js';
import { settleIndexes } from './index-debt.js';
import { runFile as run } from '../process/run-file.js';

const RECORD = '\u001e';
/** Where the times read from history are kept between starts (`.cms/` is never in Git). */
export const FILE_TIMES_SNAPSHOT = join('.cms', 'file-times.json');

/**
 * The newest author date of each content file in the commits of `range` (`git log --name-only -z`, newest commits first),
 * read record by record as it streams: the whole history of a million files is tens of megabytes, never held as one
 * text. With `-z` a name comes as it is (a quote, a backslash, a newline, a non-ASCII letter: git quotes them in lines),
 * so it is the name the index keeps. A commit's header (`RECORD` and its date) is a record; the first name after it
 * starts with the newline that ends the header (every name starts with `content/`, so that newline is never a name's).
 * The base's history times read it, and so does a branch's view for the commits it made since its base (branch-store.ts).
 *
 * @example
 * await commitTimes('/site', ['main..spring']) // Map { 'content/tags/x.json' => '2026-11-30T14:06:29.000Z' }
 */
export async function commitTimes(root: string, range: string[], options: GitRecordsOptions = {}): Promise<Map<string, string>> {
  const times = new Map<string, string>();
  let iso: string | undefined;
  const args = ['log', '-z', `--format=${RECORD}%aI`, '--name-only', '--no-renames', '--relative', ...range, '--', 'content/'];
  await eachGitRecord(root, args, (record) => {
    const text = record.charCodeAt(0) === 0x0a ? record.slice(1) : record;
    if (text.startsWith(RECORD)) {
      const date = text.slice(RECORD.length).trim();
      iso = date ? new Date(date).toISOString() : undefined;
    } else if (iso && text && !times.has(text)) {
      times.set(text, iso);
    }
  }, { ...options, nul: true });
  return times;
}

interface Snapshot { version: 1; head: string; byTime: Record<string, string[]> }

async function loadSnapshot(path: string): Promise<{ head: string; times: Map<string, string> } | undefined> {
  try {
    const snapshot = JSON.parse(await readFile(path, 'utf8')) as Snapshot;
    if (snapshot.version !== 1 || typeof snapshot.head !== 'string') return undefined;
    const times = new Map<string, string>();
    for (const [iso, files] of Object.entries(snapshot.byTime)) for (const file of files) times.set(file, iso);
    return { head: snapshot.head, times };
  } catch {
    return undefined;
  }
}

async function saveSnapshot(path: string, head: string, times: Map<string, string>): Promise<void> {
  const byTime: Record<string, string[]> = {};
  for (const [file, iso] of times) (byTime[iso] ??= []).push(file);
  ensureCmsFolder(path);
  await writeFileAtomic(path, JSON.stringify({ version: 1, head, byTime } satisfies Snapshot));
}

/**
 * The snapshot is written on a server's first read, then at most this often: a replica under a busy writer refreshes
 * twice a second, and the whole history is tens of megabytes at a million files. A start after an older snapshot
 * reads the commits since it (one `git log`).
 */
const SNAPSHOT_EVERY_MS = 30_000;
/** Up to this many files, a refresh asks git about those files only (pathspecs); more, about the whole `content/`. */
const NAMED_FILES_LIMIT = 1000;

/** The times a server keeps, and how it reads what changed since (see `readFileTimes`). */
export interface FileTimes {
  times: Map<string, string>;
  /**
   * Read the commits since the last read; `files`: the only files changed in the work tree since then (a pull's, a
   * watcher's batch), so the rest keep their times unread. Without it every file is looked at again.
   */
  refresh(files?: string[]): Promise<void>;
}

/**
 * Git's answers a start already asks for (the index snapshot's `askGit`): HEAD, and the content files `git status` lists
 * as changed since it (undefined when HEAD moved while status ran). Status lists every file `git diff HEAD` would, and
 * a few more (a rename's old name, a staged change undone in the work tree): those answer their modification time.
 */
export interface StartingCheckout {
  head(): Promise<string | undefined>;
  checkout(): Promise<{ head: string; changed: ReadonlySet<string> } | undefined>;
}

/**
 * When each content file last changed, from Git: the author date of the newest commit touching it
 * (a rebase keeps it, so replicas agree), read in one `git log --name-only` pass, never a git call
 * per file. The result is kept in `.cms/file-times.json` with the commit it was read at, so a later
 * start (and `refresh`, after a pull) reads only the commits since. Files changed since their last
 * commit are left out: they answer their modification time. A refresh told which files changed costs
 * what they and the new commits touched, not the size of the site. Given the start's `checkout`, the first read
 * takes HEAD and the changed files from it instead of two git processes of its own.
 *
 * @example
 * const history = await readFileTimes('/srv/site'); history.times.get('content/articles/x.json')
 */
export async function readFileTimes(root: string, checkout?: StartingCheckout): Promise<FileTimes> {
  const git = async (args: string[]) =>
    (await settleIndexes(), await run('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout;
  const snapshotPath = join(root, FILE_TIMES_SNAPSHOT);
  /** From commits only (what the snapshot keeps); `times` adds this server's writes and drops changed files. */
  let history = new Map<string, string>();
  const times = new Map<string, string>();
  let head: string | undefined;

  // HEAD from the repository's files (a refresh follows every write: issue #39), git where they cannot say; undefined outside
  // a repository and before a first commit. The folders are asked of git once per root (kept while a few stats say it holds).
  const headNow = async () => {
    const place = await placeOfRoot(root).catch(() => undefined);
    if (!place) return undefined;
    return headCommitFromFiles(place.headDir, place.gitDir)
      ?? ((await git(['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '')).trim() || undefined);
  };
  const isAncestor = (older: string, newer: string) => git(['merge-base', '--is-ancestor', older, newer]).then(() => true, () => false);

  let savedAt = -Infinity;
  /** Files changed in the work tree since their last commit, among `files` (all of `content/` without it). */
  const changedSinceCommit = async (files?: string[]) => {
    const paths = files ? files.map((file) => `:(literal)${file}`) : ['content/'];
    return gitList(root, ['diff', '--name-only', '-z', '--relative', 'HEAD', '--', ...paths], { nul: true }).catch(() => []);
  };

  const refresh = async (files?: string[], first?: StartingCheckout) => {
    const now = first ? await first.head() : await headNow();
    if (!head && now) {
      const snapshot = await loadSnapshot(snapshotPath);
      if (snapshot && (snapshot.head === now || await isAncestor(snapshot.head, now))) ({ head, times: history } = snapshot);
    }
    /** The files whose time may have moved: undefined, every file. */
    let touched = files && new Set(files);
    if (now && now !== head) {
      // Newer commits first: only they can move a file's time. `head..now` is what a rewritten history (a rebase
      // of this clone's commits) added since the two met, in one git run; a head git no longer has reads it all.
      const fresh = head ? await commitTimes(root, [`${head}..${now}`]).catch(() => undefined) : undefined;
      if (!fresh) { history = new Map(); touched = undefined; savedAt = -Infinity; }
      for (const [file, iso] of fresh ?? await commitTimes(root, [now])) {
        history.set(file, iso);
        touched?.add(file);
      }
      head = now;
      if (Date.now() - savedAt >= SNAPSHOT_EVERY_MS) {
        savedAt = Date.now();
        await saveSnapshot(snapshotPath, now, history).catch(() => undefined);
      }
    }
    const named = touched && touched.size <= NAMED_FILES_LIMIT ? [...touched] : undefined;
    for (const file of named ?? history.keys()) {
      const iso = history.get(file);
      if (iso) times.set(file, iso);
    }
    // Nothing named (a batch of files outside content/, no new commit): no file's time can have moved.
    // No time kept (no commit, or none touching content/): no file's to drop.
    if (named?.length === 0 || times.size === 0) return;
    const seen = await first?.checkout();
    // No HEAD commit (no repository, or none yet): `git diff HEAD` would fail and drop nothing, so it is not run.
    const changed = seen && seen.head === now ? seen.changed : now ? await changedSinceCommit(named) : [];
    for (const file of changed) times.delete(file);
  };
  // A folder that is not a repository (or has no commit yet): every file answers its modification time.
  await refresh(undefined, checkout).catch(() => undefined);
  return { times, refresh };
}
