import { eachRecord, streamFile } from '../process/stream-file.js';
import { settleIndexes } from './index-debt.js';

export interface GitRecordsOptions {
  /** The output is `-z`'s (the caller passes `-z`): records end at NUL, and git quotes no path; default: lines. */
  nul?: boolean;
  /** Milliseconds the program may run (its end by the timeout is then the error); default: no bound. */
  timeout?: number;
  env?: NodeJS.ProcessEnv;
}

/**
 * Run `git <args>` in `root` and hand each record of its output (a line, or with `nul` a NUL-ended record) to `each` as it
 * streams: a listing of a million paths, or a whole `log --name-only`, is never one string. The one way git's records are
 * read here (a folder at a commit, the tracked files, a file's history):
 * - git runs once the index entries owed by the CMS's own commits are written (index-debt.ts), with `core.quotePath=false`
 *   (a name as it is, not octal-quoted); empty records (a trailing separator, the blank line after a log header) are skipped;
 * - `each` returning `false` stops: the program is ended and the call resolves;
 * - `each` throwing ends the program and rejects with that error;
 * - the program's own failure (an exit code other than 0, a signal, the timeout), also after records were handed, rejects
 *   with runFile's error (`code`, `stderr`, `cmd`): a short listing is never taken for the whole.
 *
 * @example
 * await eachGitRecord(root, ['ls-files', '-z', '--', 'content'], (path) => { names.add(path); }, { nul: true });
 */
export async function eachGitRecord(root: string, args: string[], each: (record: string) => void | false,
  options: GitRecordsOptions = {}): Promise<void> {
  await settleIndexes();
  await streamFile('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, timeout: options.timeout, env: options.env },
    (stdout) => eachRecord(stdout, options.nul ? 0 : 0x0a, (record) => (record ? each(record) : undefined)));
}

/**
 * The records of `git <args>` as a list (see `eachGitRecord`), each as `pick` makes it (undefined leaves it out).
 *
 * @example
 * await gitList(root, ['ls-tree', '-r', '--name-only', '-z', 'HEAD', '--', 'content/'], { nul: true })
 */
export async function gitList<T = string>(root: string, args: string[], options: GitRecordsOptions = {},
  pick: (record: string) => T | undefined = (record) => record as T): Promise<T[]> {
  const list: T[] = [];
  await eachGitRecord(root, args, (record) => {
    const value = pick(record);
    if (value !== undefined) list.push(value);
  }, options);
  return list;
}
