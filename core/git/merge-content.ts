import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { getParser } from '../parsers/index.js';

/**
 * How two branches' timestamps of one document combine: every write moves `updatedAt` (and
 * `publishedAt` when it publishes), so two branches that edit different fields of one document
 * always differ on those lines, and git alone reports a conflict there.
 */
const TIMESTAMP_RULES = {
  createdAt: (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b),
  updatedAt: (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b),
  publishedAt: (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b),
} as const;
type TimestampKey = keyof typeof TIMESTAMP_RULES;

/** The top-level timestamps of a content text, or none when it does not parse. */
function timestampsOf(text: string, file: string): Partial<Record<TimestampKey, string>> {
  try {
    const data = getParser(file)?.parse(text, file).data as Record<string, unknown> | undefined;
    const found: Partial<Record<TimestampKey, string>> = {};
    for (const key of Object.keys(TIMESTAMP_RULES) as TimestampKey[]) {
      const value = data?.[key];
      if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) found[key] = value;
    }
    return found;
  } catch {
    return {};
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the fields end: the closing `---` of Markdown front matter, else the whole text. */
const fieldsEnd = (text: string, file: string): number =>
  (file.toLowerCase().endsWith('.md') && text.startsWith('---') ? /^---\r?\n[\s\S]*?^---[ \t]*$/m.exec(text)?.[0].length ?? text.length : text.length);

/** Replace the value on the last `key: value` line of the fields (JSON, YAML, front matter): timestamps come last. */
function replaceTimestamp(text: string, file: string, key: TimestampKey, from: string, to: string): string {
  const pattern = new RegExp(`^([ \\t]*["']?${key}["']?[ \\t]*:[ \\t]*["']?)${escapeRegExp(from)}(?=["']?,?[ \\t]*\\r?$)`, 'gm');
  const fields = text.slice(0, fieldsEnd(text, file));
  let last: RegExpExecArray | undefined;
  for (let match = pattern.exec(fields); match; match = pattern.exec(fields)) last = match;
  if (!last) return text;
  return text.slice(0, last.index) + last[1] + to + text.slice(last.index + last[0].length);
}

/**
 * Both sides of a merge with their timestamps agreed on (earliest `createdAt`, latest `updatedAt`
 * and `publishedAt`), so that git's line merge sees the same change on both sides there.
 *
 * @example
 * agreeOnTimestamps(ours, theirs, 'content/articles/x.json') // → { ours, theirs } with equal updatedAt lines
 */
export function agreeOnTimestamps(ours: string, theirs: string, file: string): { ours: string; theirs: string } {
  const mine = timestampsOf(ours, file);
  const other = timestampsOf(theirs, file);
  for (const key of Object.keys(TIMESTAMP_RULES) as TimestampKey[]) {
    const a = mine[key];
    const b = other[key];
    if (a === undefined || b === undefined || a === b) continue;
    const agreed = TIMESTAMP_RULES[key](a, b);
    ours = replaceTimestamp(ours, file, key, a, agreed);
    theirs = replaceTimestamp(theirs, file, key, b, agreed);
  }
  return { ours, theirs };
}

export interface MergeFiles {
  /** The common ancestor's version (git's `%O`). */
  base: string;
  /** Our version, where the result is written (git's `%A`). */
  ours: string;
  /** Their version (git's `%B`). */
  theirs: string;
  /** The file's path in the repository (git's `%P`): it picks the format. */
  path: string;
  /** Conflict marker length (git's `%L`). */
  markerSize?: number;
}

/** `git merge-file` into `current`; resolves to the number of conflicts left. */
function gitMergeFile(current: string, base: string, other: string, markerSize: number, path: string): Promise<number> {
  const args = ['merge-file', `--marker-size=${markerSize}`, '-L', `${path} (ours)`, '-L', `${path} (base)`, '-L', `${path} (theirs)`, current, base, other];
  return new Promise((resolveMerge, reject) => {
    execFile('git', args, (error) => {
      if (!error) return resolveMerge(0);
      const code = typeof error.code === 'number' ? error.code : -1;
      if (code > 0 && code < 128) resolveMerge(code);
      else reject(error);
    });
  });
}

/**
 * A git merge driver for content files: the timestamps both sides moved are agreed on, then git's
 * own line merge does the rest, so edits of different fields of one document merge cleanly and a
 * field both sides changed still conflicts, with the usual markers. Resolves to the number of
 * conflicts (0: clean). Set up with `.gitattributes` `content/** merge=cms` and
 * `git config merge.cms.driver '<command> %O %A %B %L %P'`.
 *
 * @example
 * const conflicts = await mergeContentFile({ base: '%O', ours: '%A', theirs: '%B', path: 'content/articles/x.json' });
 */
export async function mergeContentFile(files: MergeFiles): Promise<number> {
  const [ours, theirs] = await Promise.all([readFile(files.ours, 'utf8'), readFile(files.theirs, 'utf8')]);
  const agreed = agreeOnTimestamps(ours, theirs, files.path);
  const theirsCopy = `${files.theirs}.cms-merge`;
  await Promise.all([writeFile(files.ours, agreed.ours), writeFile(theirsCopy, agreed.theirs)]);
  try {
    return await gitMergeFile(files.ours, files.base, theirsCopy, files.markerSize ?? 7, files.path);
  } finally {
    await rm(theirsCopy, { force: true });
  }
}
