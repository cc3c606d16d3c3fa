import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import * as nodeFs from 'node:fs';
import { DiskStore } from '../../core/storage/content-store.js';
import { inProcessWriter } from '../../core/storage/write-batch.js';
import { CURRENT_BOOT, decodeLog, encodeLine, hashText, type LogRecord } from '../../core/storage/write-log-format.js';
import { recoverWriteLogs } from '../../core/storage/write-log-recovery.js';
import { closeWriteLog, logFolder, WriteLog, writeLogFor } from '../../core/storage/write-log.js';
import { WriteThread } from '../../core/storage/write-thread.js';
import { renameTagsAtOnce, writableSite } from '../write/helpers.js';

const BEFORE_CRASH = 'boot before the crash';
const AFTER_CRASH = 'boot after the crash';
/** A whole second, as the index's file times give it: the modification time survives `utimes` to the millisecond. */
const TIME = new Date('2026-11-29T12:00:00.000Z');

const site = () => mkdtempSync(join(tmpdir(), 'cms-write-log-'));
const read = (root: string, file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined);
const logFiles = (root: string) => (existsSync(logFolder(root)) ? readdirSync(logFolder(root)).map((name) => join(logFolder(root), name)) : []);

/** The disk, where the system goes down after a write's record is durable: its rename is lost (nothing after it runs). */
const crashBeforeRename = inProcessWriter({ ...nodeFs, renameSync: () => {} });

const crashingLog = (root: string) => new WriteLog(root, { boot: BEFORE_CRASH, writer: crashBeforeRename, checkpointAfterMs: 3_600_000 });

/** A write whose record reached the log and whose rename a crash of the system prevented. */
async function loggedOnly(root: string, file: string, text: string, before: string | null, log = crashingLog(root)): Promise<void> {
  await log.write(file, text, before, TIME);
}

/** A log written by hand: a header naming `owner` and `boot`, then `records`. */
function handLog(root: string, name: string, owner: { pid: number; host: string }, boot: string, records: Partial<LogRecord>[]) {
  mkdirSync(logFolder(root), { recursive: true });
  const full = records.map((record) => ({ text: '', before: null, ino: 0, mtimeMs: 0, at: 0, file: '', ...record }));
  writeFileSync(join(logFolder(root), name), [{ owner, boot }, ...full].map(encodeLine).join(''));
}

describe('the write-ahead log', () => {
  afterEach(() => vi.restoreAllMocks());

  it.skipIf(!CURRENT_BOOT)('forgets a site\'s log at its close: the next write there opens a new one, the closed one is kept nowhere', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cms-wal-forget-'));
    const first = writeLogFor(root)!;
    expect(writeLogFor(root)).toBe(first);
    await first.write('content/tags/a.json', '{}\n', null);
    await closeWriteLog(root);
    expect(existsSync(logFolder(root)) ? readdirSync(logFolder(root)) : []).toEqual([]);
    const second = writeLogFor(root)!;
    expect(second).not.toBe(first);
    await closeWriteLog(root);
  });

  it('re-applies at the next open a write whose record was durable and whose rename a crash prevented', async () => {
    const root = site();
    mkdirSync(join(root, 'content/tags'), { recursive: true });
    writeFileSync(join(root, 'content/tags/old.json'), '{"name":"old"}\n');
    await loggedOnly(root, 'content/tags/old.json', '{"name":"new"}\n', '{"name":"old"}\n');
    await loggedOnly(root, 'content/tags/created.json', '{"name":"created"}\n', null);
    expect(read(root, 'content/tags/old.json')).toBe('{"name":"old"}\n');
    expect(read(root, 'content/tags/created.json')).toBeUndefined();

    const recovery = await recoverWriteLogs(root, { boot: AFTER_CRASH });
    expect(recovery.reapplied.sort()).toEqual(['content/tags/created.json', 'content/tags/old.json']);
    expect(read(root, 'content/tags/old.json')).toBe('{"name":"new"}\n');
    expect(read(root, 'content/tags/created.json')).toBe('{"name":"created"}\n');
    expect(logFiles(root)).toEqual([]);
  });

  it('leaves a file that changed after the logged write (the CLI, Git or an editor wrote it since)', async () => {
    const root = site();
    mkdirSync(join(root, 'content/tags'), { recursive: true });
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"old"}\n');
    await loggedOnly(root, 'content/tags/a.json', '{"name":"logged"}\n', '{"name":"old"}\n');
    await loggedOnly(root, 'content/tags/b.json', '{"name":"logged"}\n', null);
    writeFileSync(join(root, 'content/tags/a.json'), '{"name":"edited by hand"}\n');
    writeFileSync(join(root, 'content/tags/b.json'), '{"name":"made by git"}\n');

    expect((await recoverWriteLogs(root, { boot: AFTER_CRASH })).reapplied).toEqual([]);
    expect(read(root, 'content/tags/a.json')).toBe('{"name":"edited by hand"}\n');
    expect(read(root, 'content/tags/b.json')).toBe('{"name":"made by git"}\n');
  });

  it('re-applies a write whose rename survived the crash but whose bytes did not (its own inode, emptied)', async () => {
    const root = site();
    const log = new WriteLog(root, { boot: BEFORE_CRASH, checkpointAfterMs: 3_600_000 });
    await log.write('content/tags/torn.json', '{"name":"whole"}\n', null, TIME);
    truncateSync(join(root, 'content/tags/torn.json'), 0);
    utimesSync(join(root, 'content/tags/torn.json'), TIME, TIME);

    expect((await recoverWriteLogs(root, { boot: AFTER_CRASH })).reapplied).toEqual(['content/tags/torn.json']);
    expect(read(root, 'content/tags/torn.json')).toBe('{"name":"whole"}\n');
  });

  it('ignores a torn last record, and a log whose header is torn, while replaying the whole records before it', async () => {
    const root = site();
    const log = crashingLog(root);
    await loggedOnly(root, 'content/tags/whole.json', '{"name":"whole"}\n', null, log);
    await loggedOnly(root, 'content/tags/torn.json', '{"name":"torn"}\n', null, log);
    const [path] = logFiles(root);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.slice(0, text.length - 20));
    expect(decodeLog(readFileSync(path, 'utf8'))?.records.map((record) => record.file)).toEqual(['content/tags/whole.json']);
    writeFileSync(join(logFolder(root), 'torn-header.log'), '0000');
    utimesSync(join(logFolder(root), 'torn-header.log'), new Date(0), new Date(0));

    expect((await recoverWriteLogs(root, { boot: AFTER_CRASH })).reapplied).toEqual(['content/tags/whole.json']);
    expect(read(root, 'content/tags/torn.json')).toBeUndefined();
    expect(logFiles(root)).toEqual([]);
  });

  it('replays the logs of several processes in the order of their records', async () => {
    const root = site();
    mkdirSync(join(root, 'content/tags'), { recursive: true });
    writeFileSync(join(root, 'content/tags/a.json'), 'h0');
    const owner = { pid: 1, host: hostname() };
    // The server wrote h0 → h1, then the CLI (its own log) h1 → h2: neither rename survived.
    handLog(root, 'cli.log', owner, BEFORE_CRASH, [{ file: 'content/tags/a.json', text: 'h2', before: hashText('h1'), at: 2 }]);
    handLog(root, 'server.log', owner, BEFORE_CRASH, [{ file: 'content/tags/a.json', text: 'h1', before: hashText('h0'), at: 1 }]);

    await recoverWriteLogs(root, { boot: AFTER_CRASH });
    expect(read(root, 'content/tags/a.json')).toBe('h2');
  });

  it.skipIf(!CURRENT_BOOT)('drops the log of a process of this boot that died, re-applying nothing (what it acknowledged was renamed in place)', async () => {
    const root = site();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    handLog(root, `${dead}-0-0.log`, { pid: dead, host: hostname() }, CURRENT_BOOT!, [{ file: 'content/tags/never-answered.json', text: 'x' }]);
    handLog(root, 'alive.log', { pid: process.pid, host: hostname() }, CURRENT_BOOT!, [{ file: 'content/tags/mine.json', text: 'x' }]);

    const recovery = await recoverWriteLogs(root);
    expect(recovery).toEqual({ reapplied: [], dropped: [join(logFolder(root), `${dead}-0-0.log`)] });
    expect(read(root, 'content/tags/never-answered.json')).toBeUndefined();
    expect(logFiles(root)).toEqual([join(logFolder(root), 'alive.log')]);
  });

  it('a checkpoint makes the files durable and ends the log; its file, under a new tag, takes the next writes, and close removes it', async () => {
    const root = site();
    const log = new WriteLog(root, { boot: BEFORE_CRASH, checkpointAfterMs: 3_600_000 });
    await log.write('content/tags/a.json', 'a', null);
    const [path] = logFiles(root);
    const first = decodeLog(readFileSync(path, 'utf8'))!;
    expect(first.records.map((record) => record.file)).toEqual(['content/tags/a.json']);
    await log.checkpoint();
    expect(logFiles(root)).toEqual([path]);
    const spare = decodeLog(readFileSync(path, 'utf8'))!;
    expect(spare.records).toEqual([]);
    expect(spare.header.tag).not.toBe(first.header.tag);
    await log.write('content/tags/b.json', 'b', null);
    expect(logFiles(root)).toEqual([path]);
    expect(decodeLog(readFileSync(path, 'utf8'))?.records.map((record) => record.file)).toEqual(['content/tags/b.json']);
    await log.close();
    expect(logFiles(root)).toEqual([]);
  });

  it('never replays a record of a log file\'s earlier use: a file changed back by hand after the checkpoint keeps its text through a crash', async () => {
    const root = site();
    mkdirSync(join(root, 'content/tags'), { recursive: true });
    writeFileSync(join(root, 'content/tags/a.json'), 'first\n');
    const log = new WriteLog(root, { boot: BEFORE_CRASH, checkpointAfterMs: 3_600_000 });
    await log.write('content/tags/a.json', 'second\n', 'first\n');
    await log.checkpoint();
    // The earlier use's record (first -> second) is whole behind the new header: only its tag tells it apart.
    const [path] = logFiles(root);
    const [head, stale] = readFileSync(path, 'utf8').split('\n');
    const { tag, ...untagged } = JSON.parse(head.slice(9));
    expect(tag).toBeDefined();
    expect(decodeLog(`${encodeLine(untagged)}${stale}\n`)?.records.map((record) => [record.file, record.text])).toEqual([['content/tags/a.json', 'second\n']]);
    writeFileSync(join(root, 'content/tags/a.json'), 'first\n');

    expect(await recoverWriteLogs(root, { boot: AFTER_CRASH })).toEqual({ reapplied: [], dropped: [path] });
    expect(read(root, 'content/tags/a.json')).toBe('first\n');
  });

  it('ends a log at a line of another tag, or at the zeros past its last line', () => {
    const header = { owner: { pid: 1, host: 'h' }, boot: 'b', tag: '2' };
    const record = (tag: string, file: string) => ({ file, at: 1, text: 't', before: null, ino: 1, mtimeMs: 1, tag });
    const text = [header, record('2', 'new.json'), record('1', 'old.json'), record('2', 'after.json')].map(encodeLine).join('');
    expect(decodeLog(text)?.records.map((entry) => entry.file)).toEqual(['new.json']);
    expect(decodeLog(`${encodeLine(header)}${encodeLine(record('2', 'new.json'))}${'\0'.repeat(4096)}`)?.records).toHaveLength(1);
    // A log of an earlier version, no tag in its header: every whole line counts.
    const untagged = [{ owner: header.owner, boot: 'b' }, record('1', 'a.json'), record('9', 'b.json')].map(encodeLine).join('');
    expect(decodeLog(untagged)?.records).toHaveLength(2);
  });

  it.skipIf(!CURRENT_BOOT)('through the real HTTP app, concurrent PUTs share one batch of the writer thread (one append), and each is answered after its rename', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    const app = createApp(cms, { log: () => {} });
    const ids = cms.index.rows('api::tag.tag').map((row) => row.documentId);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    // The writes reach the log together (a barrier), so every record is ready for the same batch.
    const waiting: Array<() => void> = [];
    const write = DiskStore.prototype.write;
    vi.spyOn(DiskStore.prototype, 'write').mockImplementation(async function (this: DiskStore, ...args) {
      await new Promise<void>((resolve) => { waiting.push(resolve); if (waiting.length === ids.length) waiting.forEach((go) => go()); });
      return write.apply(this, args);
    });
    const events: string[] = [];
    const run = WriteThread.prototype.run;
    vi.spyOn(WriteThread.prototype, 'run').mockImplementation(async function (this: WriteThread, ...args) {
      const result = await run.apply(this, args);
      const jobs = args[1];
      const logged = logFiles(root).flatMap((path) => decodeLog(readFileSync(path, 'utf8'))?.records ?? []);
      events.push(`logged ${logged.length}`);
      for (const job of jobs) if (read(root, job.file) === job.text) events.push(`rename ${job.file.split('/').pop()}`);
      return result;
    });
    const responses = await renameTagsAtOnce(app, ids, events);
    expect(responses).toEqual(ids.map(() => 200));
    expect(events[0]).toBe(`logged ${ids.length}`);
    for (const id of ids) expect(events.indexOf(`rename ${id}.json`)).toBeLessThan(events.indexOf(`answered ${id}`));
    ids.forEach((id, i) => expect(JSON.parse(read(root, `content/tags/${id}.json`)!).name).toBe(`Renamed ${i}`));
    await cms.close();
    expect(logFiles(root)).toEqual([]);
  });
});
