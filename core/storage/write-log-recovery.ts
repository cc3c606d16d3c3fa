import { lstat, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { diskStore, writeFileAtomic, type DurableStore } from './atomic-write.js';
import { holderGone, holdLockFile, SELF } from './lock-file.js';
import { CURRENT_BOOT, decodeLog, hashText, type LogRecord } from './write-log-format.js';
import { syncFiles } from './sync-file-system.js';
import { logFolder } from './write-log.js';

export interface RecoveryOptions {
  /** This boot of the system (default: Linux's boot id); a log of another boot is replayed. */
  boot?: string;
  /** Where re-applied files are written (durably, fsynced). */
  store?: DurableStore;
}

/** What recovery did: the files it wrote again from a log, and the logs it dropped. */
export interface Recovery {
  reapplied: string[];
  dropped: string[];
}

/** A log file with no whole header this long is a crash as it was made, not a process making it. */
const UNREADABLE_STALE_MS = 5000;
const youngerThan = async (path: string, ms: number) => Date.now() - ((await lstat(path).catch(() => undefined))?.mtimeMs ?? 0) < ms;

/**
 * Whether a record's write must be done again: the file still holds what the write replaced (its rename was lost to
 * the crash), or it is this write's own file (same inode and modification time) torn by the crash (its bytes were
 * lost). A file anything else holds was changed after the write (by the CLI, Git, an editor): it is left as it is.
 * A recycled inode (`reused`) is also this write's own when it still holds the text it held before the write took it
 * (`prior`): the rename reached the disk, the new bytes and time did not.
 */
async function lost(root: string, record: LogRecord): Promise<boolean> {
  const path = join(root, record.file);
  const info = await lstat(path).catch(() => undefined);
  if (!info) return record.before === null;
  if (!info.isFile()) return false;
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return false;
  if (info.ino === record.ino && (info.mtimeMs === record.mtimeMs || (record.reused && hashText(text) === record.prior))) {
    return text !== record.text;
  }
  return hashText(text) === record.before;
}

/**
 * Recover the site's write logs (`WriteLog`) before anything reads it: the logs of processes of this boot that died
 * are made durable as they are (their acknowledged writes were renamed in place before the answer) and dropped; the
 * logs of another boot (the system crashed) are replayed in the order of their records, each record re-applied only
 * where its write was lost (see `lost`), then dropped. Logs of running processes, and of other hosts, are left to them.
 * A torn last record is ignored: it was never acknowledged, nor is a write a cancel record names (answered as failed). Under a lock, so two processes opening the site at once
 * recover once.
 *
 * @example
 * await recoverWriteLogs('/site') // { reapplied: ['content/tags/a.json'], dropped: ['.cms/wal/4242-…-0.log'] }
 */
export async function recoverWriteLogs(root: string, options: RecoveryOptions = {}): Promise<Recovery> {
  const recovery: Recovery = { reapplied: [], dropped: [] };
  const folder = logFolder(root);
  const listed = async () => (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.log'));
  if (!(await listed()).length) return recovery;
  const boot = options.boot ?? CURRENT_BOOT;
  await holdLockFile(join(root, '.cms', 'locks', 'write-log-recovery.lock'), async () => {
    const replayed: LogRecord[] = [];
    const cancelled = new Set<string>();
    const synced: string[] = [];
    for (const name of await listed()) {
      const path = join(folder, name);
      const log = decodeLog(await readFile(path, 'utf8').catch(() => ''));
      if (!log) {
        // No whole header: a crash as the log was made (no record in it counts), or a process making it right now.
        if (await youngerThan(path, UNREADABLE_STALE_MS)) continue;
      } else if (log.header.owner.host !== SELF.host) {
        continue;
      } else if (log.header.boot !== boot) {
        replayed.push(...log.records);
        for (const id of log.cancelled) cancelled.add(id);
      } else if (!holderGone(log.header.owner)) {
        continue;
      } else {
        synced.push(...log.records.map((record) => join(root, record.file)));
      }
      recovery.dropped.push(path);
    }
    // Stable: one log's records keep their order; across logs, a later write was made after the earlier one's rename.
    for (const record of replayed.sort((a, b) => a.at - b.at)) {
      if ((record.id !== undefined && cancelled.has(record.id)) || !(await lost(root, record))) continue;
      await writeFileAtomic(join(root, record.file), record.text, options.store ?? diskStore);
      recovery.reapplied.push(record.file);
    }
    if (recovery.dropped.length) await syncFiles(root, synced);
    for (const path of recovery.dropped) await unlink(path).catch(() => {});
  });
  return recovery;
}
