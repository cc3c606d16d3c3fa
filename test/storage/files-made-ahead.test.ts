import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { recycleFolder } from '../../core/storage/recycled-files.js';
import { CURRENT_BOOT, decodeLog, hashText } from '../../core/storage/write-log-format.js';
import { recoverWriteLogs } from '../../core/storage/write-log-recovery.js';
import { logFolder, WriteLog } from '../../core/storage/write-log.js';

// A create needs an inode, and making one costs the writer thread 15–40 µs on ext4 without a journal: after a batch of
// several writes the thread makes empty files ahead in .cms/recycle, and the next creates take them
// (core/storage/write-batch.ts, `refill`).
const site = () => {
  const root = mkdtempSync(join(tmpdir(), 'cms-made-ahead-'));
  mkdirSync(join(root, 'content/tags'), { recursive: true });
  return root;
};
const inRecycle = (root: string) => (existsSync(recycleFolder(root)) ? readdirSync(recycleFolder(root)) : []);
const emptyAhead = (root: string) => inRecycle(root).filter((name) => statSync(join(recycleFolder(root), name)).size === 0);
const records = (root: string) => readdirSync(logFolder(root))
  .flatMap((name) => decodeLog(readFileSync(join(logFolder(root), name), 'utf8'))?.records ?? []);
const TIME = new Date('2026-12-03T12:00:00.000Z');

/** Creates asked together (one batch of the writer thread), each of `folder/<name>.json`. */
const createAll = (log: WriteLog, folder: string, names: string[]) =>
  Promise.all(names.map((name) => log.write(`${folder}/${name}.json`, `{"name":"${name}"}\n`, null, TIME)));

describe.skipIf(!CURRENT_BOOT)('files made ahead for creates', () => {
  it('after a batch of several creates, the next creates take empty files made ahead, recorded as recycled ones that held nothing, and close removes the rest', async () => {
    const root = site();
    const log = new WriteLog(root, { boot: 'this boot', checkpointAfterMs: 3_600_000 });
    await createAll(log, 'content/tags', ['a', 'b', 'c']);
    await vi.waitFor(() => expect(emptyAhead(root).length).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    const ahead = new Map(emptyAhead(root).map((name) => [statSync(join(recycleFolder(root), name)).ino, name]));
    // A type's first documents: its folder does not exist yet, the renames make it.
    await createAll(log, 'content/notes', ['d', 'e']);
    for (const name of ['d', 'e']) {
      const file = `content/notes/${name}.json`;
      expect(readFileSync(join(root, file), 'utf8')).toBe(`{"name":"${name}"}\n`);
      expect(ahead.has(statSync(join(root, file)).ino)).toBe(true);
      expect(records(root).find((record) => record.file === file)).toMatchObject({ reused: true, prior: hashText('') });
    }
    await log.close();
    expect(inRecycle(root)).toEqual([]);
  });

  it('writes asked one at a time (a CLI, a script) leave no file behind them in the folder', async () => {
    const root = site();
    const log = new WriteLog(root, { boot: 'this boot', checkpointAfterMs: 3_600_000 });
    for (const name of ['a', 'b', 'c']) await createAll(log, 'content/tags', [name]);
    // The writer thread answers a batch before it would make any: a batch asked after that one is answered after them.
    await createAll(log, 'content/tags', ['d']);
    expect(inRecycle(root)).toEqual([]);
    await log.close();
  });

  it('recovery re-applies a create into a file made ahead whose rename reached the disk and whose bytes did not', async () => {
    const root = site();
    const log = new WriteLog(root, { boot: 'before the crash', checkpointAfterMs: 3_600_000 });
    await createAll(log, 'content/tags', ['a', 'b']);
    await vi.waitFor(() => expect(emptyAhead(root).length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    await createAll(log, 'content/tags', ['torn']);
    const file = join(root, 'content/tags/torn.json');
    expect(records(root).find((record) => record.file === 'content/tags/torn.json')).toMatchObject({ reused: true });
    // The crash left the inode as it was made: empty, and with another time than the record's.
    truncateSync(file, 0);
    utimesSync(file, new Date(0), new Date(0));
    expect((await recoverWriteLogs(root, { boot: 'after the crash' })).reapplied).toEqual(['content/tags/torn.json']);
    expect(readFileSync(file, 'utf8')).toBe('{"name":"torn"}\n');
    await log.close();
  });
});
