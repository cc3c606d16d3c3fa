import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecycledFiles, recycleFolder, sweepRecycledFiles } from '../../core/storage/recycled-files.js';
import { CURRENT_BOOT, encodeLine, hashText, type LogRecord } from '../../core/storage/write-log-format.js';
import { recoverWriteLogs } from '../../core/storage/write-log-recovery.js';
import { logFolder, WriteLog } from '../../core/storage/write-log.js';

const site = () => {
  const root = mkdtempSync(join(tmpdir(), 'cms-recycle-'));
  mkdirSync(join(root, 'content/tags'), { recursive: true });
  return root;
};
const ino = (root: string, file: string) => statSync(join(root, file)).ino;
const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8');
const kept = (root: string) => (existsSync(recycleFolder(root)) ? readdirSync(recycleFolder(root)) : []);
/** A log of this process's writer thread that checkpoints only when told, reusing a kept inode as soon as it may. */
const log = (root: string) => new WriteLog(root, { boot: 'this boot', checkpointAfterMs: 3_600_000, recycleAfterMs: 0 });

describe.skipIf(!CURRENT_BOOT)('recycled files: a replaced text\'s inode takes a later text', () => {
  it('reuses it only after the checkpoint that made its replacement durable, and writes the new text whole (a shorter one cut)', async () => {
    const root = site();
    const long = `{"name":"${'x'.repeat(3000)}"}\n`;
    writeFileSync(join(root, 'content/tags/a.json'), long);
    const replaced = ino(root, 'content/tags/a.json');
    const wal = log(root);
    await wal.write('content/tags/a.json', '{"name":"a2"}\n', long);
    expect(kept(root)).toHaveLength(1);
    // Not yet: the checkpoint after the replacement has not run, so a crash could still bring the old place back.
    writeFileSync(join(root, 'content/tags/b.json'), '{"name":"b"}\n');
    await wal.write('content/tags/b.json', '{"name":"b2"}\n', '{"name":"b"}\n');
    expect(ino(root, 'content/tags/b.json')).not.toBe(replaced);
    await wal.checkpoint();
    writeFileSync(join(root, 'content/tags/c.json'), '{"name":"c"}\n');
    await wal.write('content/tags/c.json', '{"name":"c2"}\n', '{"name":"c"}\n');
    expect(ino(root, 'content/tags/c.json')).toBe(replaced);
    expect(read(root, 'content/tags/c.json')).toBe('{"name":"c2"}\n');
    expect(read(root, 'content/tags/a.json')).toBe('{"name":"a2"}\n');
    await wal.close();
    expect(kept(root)).toEqual([]);
  });

  it('never reuses an inode linked elsewhere too: a hard link someone made keeps the replaced text', async () => {
    const root = site();
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"a"}\n');
    linkSync(join(root, 'content/tags/a.json'), join(root, 'backup.json'));
    const wal = log(root);
    await wal.write('content/tags/a.json', '{"name":"a2"}\n', '{"name":"a"}\n');
    await wal.checkpoint();
    writeFileSync(join(root, 'content/tags/b.json'), '{"name":"b"}\n');
    await wal.write('content/tags/b.json', '{"name":"b2"}\n', '{"name":"b"}\n');
    expect(read(root, 'backup.json')).toBe('{"name":"a"}\n');
    expect(ino(root, 'content/tags/b.json')).not.toBe(ino(root, 'backup.json'));
    expect(read(root, 'content/tags/b.json')).toBe('{"name":"b2"}\n');
    await wal.close();
  });

  it('never reuses an inode of another mode than a temp file\'s (an executable someone made): no exec bit reaches another file', async () => {
    const root = site();
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"a"}\n', { mode: 0o755 });
    writeFileSync(join(root, 'content/tags/b.json'), '{"name":"b"}\n');
    const wal = log(root);
    await wal.write('content/tags/b.json', '{"name":"b2"}\n', '{"name":"b"}\n');
    const tempMode = statSync(join(root, 'content/tags/b.json')).mode;
    await wal.write('content/tags/a.json', '{"name":"a2"}\n', '{"name":"a"}\n');
    await wal.checkpoint();
    writeFileSync(join(root, 'content/tags/c.json'), '{"name":"c"}\n');
    await wal.write('content/tags/c.json', '{"name":"c2"}\n', '{"name":"c"}\n');
    // b's first inode (a temp file's mode) is reused; a's executable one is not.
    await wal.checkpoint();
    writeFileSync(join(root, 'content/tags/d.json'), '{"name":"d"}\n');
    await wal.write('content/tags/d.json', '{"name":"d2"}\n', '{"name":"d"}\n');
    for (const file of ['c', 'd']) expect(statSync(join(root, `content/tags/${file}.json`)).mode).toBe(tempMode);
    expect(read(root, 'content/tags/d.json')).toBe('{"name":"d2"}\n');
    await wal.close();
  });

  it('recovery re-applies a write into a recycled inode that a crash left holding its earlier text (its number is enough)', async () => {
    const root = site();
    // The rename reached the disk, the new bytes and time did not: the file is the recycled inode with an older text.
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"an earlier text of another file"}\n');
    const record = (reused: boolean): LogRecord => ({
      file: 'content/tags/a.json', at: 1, text: '{"name":"acknowledged"}\n', before: hashText('{"name":"what it replaced"}\n'),
      ino: ino(root, 'content/tags/a.json'), mtimeMs: 1, id: 'w1', ...(reused ? { reused } : {}),
    });
    const crashLog = (reused: boolean) => {
      mkdirSync(logFolder(root), { recursive: true });
      const header = { owner: { pid: 1, host: hostname() }, boot: 'boot before the crash' };
      writeFileSync(join(logFolder(root), '1-0-0.log'), [header, record(reused)].map((entry) => encodeLine(entry)).join(''));
    };
    // Without the mark, the same file is one changed after the write (an editor's save): left.
    crashLog(false);
    expect((await recoverWriteLogs(root, { boot: 'boot after the crash' })).reapplied).toEqual([]);
    expect(read(root, 'content/tags/a.json')).toBe('{"name":"an earlier text of another file"}\n');
    crashLog(true);
    expect((await recoverWriteLogs(root, { boot: 'boot after the crash' })).reapplied).toEqual(['content/tags/a.json']);
    expect(read(root, 'content/tags/a.json')).toBe('{"name":"acknowledged"}\n');
  });

  it('sweeps the kept files of processes that ended, leaves a live one\'s, and removes its own at close', async () => {
    const root = site();
    mkdirSync(recycleFolder(root), { recursive: true });
    const ended = join(recycleFolder(root), '4194303-77-0');
    const live = join(recycleFolder(root), `${process.ppid}--0`);
    for (const path of [ended, live]) writeFileSync(path, 'old text');
    expect(await sweepRecycledFiles(root)).toBe(1);
    expect([existsSync(ended), existsSync(live)]).toEqual([false, true]);
    const wal = log(root);
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"a"}\n');
    await wal.write('content/tags/a.json', '{"name":"a2"}\n', '{"name":"a"}\n');
    expect(kept(root)).toHaveLength(2);
    // Another process's sweep, or this one's at its next log file, leaves a live process's own.
    expect(await sweepRecycledFiles(root)).toBe(0);
    expect(kept(root)).toHaveLength(2);
    await wal.close();
    expect(kept(root)).toEqual([`${process.ppid}--0`]);
  });
});

describe('the recycled files kept', () => {
  it('hands out the oldest once its checkpoint is done and its quarantine over, and gives up the oldest past the bound', () => {
    const recycled = new RecycledFiles('/site', 1000);
    const checkpoint: { synced?: boolean } = {};
    recycled.add('/site/.cms/recycle/a', 10, checkpoint, 0);
    recycled.add('/site/.cms/recycle/b', 10, checkpoint, 500);
    expect(recycled.take(5000)).toBeUndefined();
    checkpoint.synced = true;
    expect(recycled.take(999)).toBeUndefined();
    expect(recycled.take(1000)).toBe('/site/.cms/recycle/a');
    expect(recycled.take(1000)).toBeUndefined();
    recycled.add('/site/.cms/recycle/big', 40 * 1024 * 1024, checkpoint, 600);
    recycled.add('/site/.cms/recycle/bigger', 40 * 1024 * 1024, checkpoint, 700);
    expect(recycled.drops()).toEqual(['/site/.cms/recycle/b', '/site/.cms/recycle/big']);
    expect(recycled.drops()).toEqual([]);
    expect(recycled.size).toBe(1);
  });
});
