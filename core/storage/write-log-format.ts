import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import type { LockOwner } from './lock-file.js';

/**
 * A log's first line: which process of which boot of the system wrote it (recovery judges the log by them), and the tag
 * of this use of the file: a file is used again after its checkpoint (`WriteLog`), over its former records, and only
 * lines of the header's tag count (absent from logs of earlier versions: every line counts).
 */
export interface LogHeader {
  owner: LockOwner;
  boot: string;
  tag?: string;
}

/**
 * One durable write as the log keeps it: the file (relative to the site), its new text, what it held before (its
 * `hashText`, or null: absent), the inode and modification time of the temp file renamed over it, and when (ms since
 * the epoch: recovery replays the records of several processes' logs in this order).
 */
export interface LogRecord {
  file: string;
  at: number;
  text: string;
  before: string | null;
  ino: number;
  mtimeMs: number;
  /** The write's id (its temp file's name), which a `LogCancel` names; absent from logs of earlier versions. */
  id?: string;
  /**
   * The text went into a recycled file (an earlier text's inode, `RecycledFiles`), not a new one: that inode at `file`
   * means this rename reached the disk, whatever its time and bytes say (they may be the earlier text's).
   */
  reused?: boolean;
  /** With `reused`: the `hashText` of what the recycled inode held before (a crash may leave those bytes at `file`). */
  prior?: string;
  /** The header's tag (a record of an earlier use of the file has another: it ends the log). */
  tag?: string;
}

/** A write answered as failed after its record was synced (its rename failed): recovery must not re-apply it. */
export interface LogCancel {
  cancel: string;
  at: number;
  tag?: string;
}

/**
 * The text's hash as records keep it (what a file held before a write).
 *
 * @example
 * hashText('{}') // 'vyGp6PvFo4RvsFtPoIWeCReyIC8='
 */
export const hashText = (text: string): string => hash('sha1', text, 'base64');

/**
 * This boot of the system (Linux), or undefined where the system does not tell it: no log is kept there. Read once, as
 * the module loads (never inline on a write's path).
 */
export const CURRENT_BOOT: string | undefined = (() => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
})();

/** A log line: its JSON's CRC-32 and the JSON, so a line torn by a crash is told from a whole one. */
export function encodeLine(entry: LogHeader | LogRecord | LogCancel): string {
  const json = JSON.stringify(entry);
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

/**
 * A log's header, records and cancelled write ids, up to the first line that is not whole (a torn last write) or not of
 * the header's tag (a line of the file's earlier use, or the zeros past the last line): it and anything after it are
 * ignored, as they were never acknowledged in this use. Undefined when not even the header is whole.
 */
export function decodeLog(text: string): { header: LogHeader; records: LogRecord[]; cancelled: Set<string> } | undefined {
  const entries: unknown[] = [];
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at);
    if (end < 0) break;
    const line = text.slice(at, end);
    at = end + 1;
    const json = line.slice(9);
    if (line[8] !== ' ' || crc32(json).toString(16).padStart(8, '0') !== line.slice(0, 8)) break;
    try { entries.push(JSON.parse(json)); } catch { break; }
  }
  const [header, ...all] = entries as [LogHeader | undefined, ...Array<LogRecord | LogCancel>];
  if (!header?.owner || typeof header.boot !== 'string') return undefined;
  const stale = header.tag === undefined ? -1 : all.findIndex((entry) => entry?.tag !== header.tag);
  const rest = stale < 0 ? all : all.slice(0, stale);
  const cancelled = new Set(rest.flatMap((entry) => ('cancel' in entry ? [entry.cancel] : [])));
  return { header, records: rest.filter((entry): entry is LogRecord => !('cancel' in entry)), cancelled };
}
