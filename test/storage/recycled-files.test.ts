import * as nodeFs from 'node:fs';
import { closeSync, existsSync, linkSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inProcessWriter } from '../../core/storage/write-batch.js';
import { RecycledFiles, recycleFolder, sweepRecycledFiles } from '../../core/storage/recycled-files.js';
import { CURRENT_BOOT, decodeLog, encodeLine, hashText, type LogRecord } from '../../core/storage/write-log-format.js';
import { recoverWriteLogs } from '../../core/storage/write-log-recovery.js';
import { logFolder, WriteLog } from '../../core/storage/write-log.js';
import { WriteThread, WriterThreadGone } from '../../core/storage/write-thread.js';

const site = () => {
  const root = mkdtempSync(join(tmpdir(), 'cms-recycle-'));
  mkdirSync(join(root, 'content/tags'), { recursive: true });
  return root;
};
const ino = (root: string, file: string) => statSync(join(root, file)).ino;
const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8');
/** The replaced texts' files in the recycle folder (the writer thread's empty files made ahead for creates aside). */
const kept = (root: string) => (existsSync(recycleFolder(root)) ? readdirSync(recycleFolder(root)) : [])
  .filter((name) => statSync(join(recycleFolder(root), name)).size > 0);
/** A log of this process's writer thread that checkpoints only when told, reusing a kept inode as soon as it may. */
const log = (root: string) => new WriteLog(root, { boot: 'this boot', checkpointAfterMs: 3_600_000, recycleAfterMs: 0 });
/** The records in the site's log files now. */
const records = (root: string) => readdirSync(logFolder(root))
  .flatMap((name) => decodeLog(readFileSync(join(logFolder(root), name), 'utf8'))?.records ?? []);
const HOST = crc32(hostname()).toString(36);

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
    // Its record tells recovery the inode was recycled, and what it held before this write took it.
    const [record] = records(root).filter((entry) => entry.file === 'content/tags/c.json');
    expect(record).toMatchObject({ ino: replaced, reused: true, prior: hashText(long) });
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

  it('recovery re-applies a write into a recycled inode that a crash left holding its earlier text, and leaves a later edit', async () => {
    const root = site();
    // The rename reached the disk, the new bytes and time did not: the file is the recycled inode with its earlier text.
    const earlier = '{"name":"an earlier text of another file"}\n';
    writeFileSync(join(root, 'content/tags/a.json'), earlier);
    const record = (reused: boolean, prior: string): LogRecord => ({
      file: 'content/tags/a.json', at: 1, text: '{"name":"acknowledged"}\n', before: hashText('{"name":"what it replaced"}\n'),
      ino: ino(root, 'content/tags/a.json'), mtimeMs: 1, id: 'w1', ...(reused ? { reused, prior: hashText(prior) } : {}),
    });
    const crashLog = (entry: LogRecord) => {
      mkdirSync(logFolder(root), { recursive: true });
      const header = { owner: { pid: 1, host: hostname() }, boot: 'boot before the crash' };
      writeFileSync(join(logFolder(root), '1-0-0.log'), [header, entry].map((line) => encodeLine(line)).join(''));
    };
    // Not marked recycled, or recycled from another text (an editor saved the file in place since): changed after, left.
    for (const entry of [record(false, earlier), record(true, '{"name":"what the inode held before"}\n')]) {
      crashLog(entry);
      expect((await recoverWriteLogs(root, { boot: 'boot after the crash' })).reapplied).toEqual([]);
      expect(read(root, 'content/tags/a.json')).toBe(earlier);
    }
    crashLog(record(true, earlier));
    expect((await recoverWriteLogs(root, { boot: 'boot after the crash' })).reapplied).toEqual(['content/tags/a.json']);
    expect(read(root, 'content/tags/a.json')).toBe('{"name":"acknowledged"}\n');
  });

  it('sweeps the kept files of processes that ended, leaves a live one\'s, and removes its own at close', async () => {
    const root = site();
    mkdirSync(recycleFolder(root), { recursive: true });
    const ended = `4194303-77-${HOST}-0-0`;
    const live = `${process.ppid}--${HOST}-0-0`;
    const otherHost = '4194303-77-otherhost-0-0';
    for (const name of [ended, live, otherHost]) writeFileSync(join(recycleFolder(root), name), 'old text');
    // The first log file of a process sweeps them before its first write.
    const wal = log(root);
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"a"}\n');
    await wal.write('content/tags/a.json', '{"name":"a2"}\n', '{"name":"a"}\n');
    expect(existsSync(join(recycleFolder(root), ended))).toBe(false);
    expect(kept(root)).toHaveLength(3);
    // Another process's sweep leaves a live process's own (this one's included), and another host's.
    expect(await sweepRecycledFiles(root)).toBe(0);
    expect(kept(root)).toHaveLength(3);
    await wal.close();
    expect(kept(root).sort()).toEqual([live, otherHost].sort());
  });
});

describe.skipIf(!CURRENT_BOOT)('a recycled file\'s errors', () => {
  it('a rename that fails after the replaced file was linked unlinks it again: nothing is kept, the write fails', async () => {
    const root = site();
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"a"}\n');
    const failing = inProcessWriter({ ...nodeFs, renameSync: () => { throw Object.assign(new Error('EACCES: denied'), { code: 'EACCES' }); } });
    const wal = new WriteLog(root, { boot: 'this boot', checkpointAfterMs: 3_600_000, writer: failing });
    await expect(wal.write('content/tags/a.json', '{"name":"a2"}\n', '{"name":"a"}\n')).rejects.toThrow('EACCES');
    expect(kept(root)).toEqual([]);
    expect(read(root, 'content/tags/a.json')).toBe('{"name":"a"}\n');
    expect(statSync(join(root, 'content/tags/a.json')).nlink).toBe(1);
    await wal.close();
  });
});

describe.skipIf(!CURRENT_BOOT)('a recycled file when the writer thread dies', () => {
  it('is removed by the batch\'s undo: the document keeps its text, and no kept file holds the failed write\'s text', async () => {
    const root = site();
    const armed = join(root, 'armed');
    // node:fs, but once `armed` exists the thread dies at its next rename, before it: the batch is left half done.
    const files = `({ ...load('node:fs'), renameSync(from, to) { const fs = load('node:fs');
      if (fs.existsSync(${JSON.stringify(armed)})) process.exit(3); fs.renameSync(from, to); } })`;
    const writer = new WriteThread({ files });
    const wal = new WriteLog(root, { boot: 'this boot', checkpointAfterMs: 3_600_000, recycleAfterMs: 0, writer });
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"a"}\n');
    await wal.write('content/tags/a.json', '{"name":"a2"}\n', '{"name":"a"}\n');
    await wal.checkpoint();
    writeFileSync(join(root, 'content/tags/b.json'), '{"name":"b"}\n');
    writeFileSync(armed, '');
    // The write takes the kept inode of a's first text, writes into it, and the thread dies before the rename.
    await expect(wal.write('content/tags/b.json', '{"name":"lost"}\n', '{"name":"b"}\n')).rejects.toBeInstanceOf(WriterThreadGone);
    expect(read(root, 'content/tags/b.json')).toBe('{"name":"b"}\n');
    expect(kept(root).map((name) => readFileSync(join(recycleFolder(root), name), 'utf8'))).not.toContain('{"name":"lost"}\n');
    await wal.close();
    await writer.close();
    expect(kept(root)).toEqual([]);
  });
});

describe('recycled files given up past the bound', () => {
  it('are removed by the writer thread with the next batch, which it writes as usual', async () => {
    const root = site();
    mkdirSync(recycleFolder(root), { recursive: true });
    const given = ['a', 'b'].map((name) => join(recycleFolder(root), `1-0-${HOST}-0-${name}`));
    for (const path of given) writeFileSync(path, 'a text given up');
    const logFd = openSync(join(root, 'test.log'), 'a');
    const path = join(root, 'content/tags/a.json');
    const job = { id: 'w1', file: 'content/tags/a.json', path, temp: `${path}.w1.tmp`, text: '{"name":"a"}\n', replaced: null, at: 1 };
    const writer = new WriteThread();
    try {
      const { results } = await writer.run(logFd, [job], given);
      expect(results[0]).not.toHaveProperty('error');
      expect(read(root, 'content/tags/a.json')).toBe('{"name":"a"}\n');
      expect(given.filter((file) => existsSync(file))).toEqual([]);
    } finally {
      closeSync(logFd);
      await writer.close();
    }
  });
});

describe('the recycled files kept', () => {
  it('hands out the oldest once its checkpoint is done and its quarantine over, and gives up the oldest past the bound', () => {
    const recycled = new RecycledFiles('/site', 1000);
    const checkpoint: { synced?: boolean } = {};
    const text = (bytes: number) => ({ hash: `h${bytes}`, bytes });
    recycled.add('/site/.cms/recycle/a', text(10), checkpoint, 0);
    recycled.add('/site/.cms/recycle/b', text(11), checkpoint, 500);
    expect(recycled.take(5000)).toBeUndefined();
    checkpoint.synced = true;
    expect(recycled.take(999)).toBeUndefined();
    expect(recycled.take(1000)).toEqual({ path: '/site/.cms/recycle/a', hash: 'h10' });
    expect(recycled.take(1000)).toBeUndefined();
    recycled.add('/site/.cms/recycle/big', text(40 * 1024 * 1024), checkpoint, 600);
    recycled.add('/site/.cms/recycle/bigger', text(40 * 1024 * 1024), checkpoint, 700);
    expect(recycled.drops()).toEqual(['/site/.cms/recycle/b', '/site/.cms/recycle/big']);
    expect(recycled.drops()).toEqual([]);
    expect(recycled.size).toBe(1);
  });
});
