import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { CURRENT_BOOT, decodeLog, hashText } from '../../core/storage/write-log-format.js';
import { recoverWriteLogs } from '../../core/storage/write-log-recovery.js';
import { logFolder, WriteLog } from '../../core/storage/write-log.js';
import { WriteThread, WriterThreadGone } from '../../core/storage/write-thread.js';
import { writableSite } from '../write/helpers.js';

const BEFORE_CRASH = 'boot before the crash';
const AFTER_CRASH = 'boot after the crash';
const TAGS = 'content/tags';

const read = (root: string, file: string) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined);
const logged = (root: string) => readdirSync(logFolder(root)).map((name) => decodeLog(readFileSync(join(logFolder(root), name), 'utf8')));
const tempFiles = (root: string) => readdirSync(join(root, TAGS)).filter((name) => name.endsWith('.tmp'));

/** A site with one tag file, `old.json`, holding `{"name":"old"}`. */
function siteWithTag(): string {
  const root = mkdtempSync(join(tmpdir(), 'cms-write-thread-'));
  mkdirSync(join(root, TAGS), { recursive: true });
  writeFileSync(join(root, TAGS, 'old.json'), '{"name":"old"}\n');
  return root;
}

/** The writer thread's file system, as the source of an expression in the thread: node:fs with `renameSync` replaced. */
const renaming = (body: string) => `({ ...load('node:fs'), renameSync(from, to) { ${body} } })`;
/** A thread that dies right after its first rename of a process's life (a marker file says it happened). */
const diesAfterFirstRename = (marker: string) => renaming(`const fs = load('node:fs'); fs.renameSync(from, to);
  if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); process.exit(3); }`);

describe('the writer thread', () => {
  const threads: WriteThread[] = [];
  const thread = (files: string) => { const made = new WriteThread({ files }); threads.push(made); return made; };
  afterEach(async () => { vi.restoreAllMocks(); await Promise.all(threads.splice(0).map((made) => made.close())); });

  it('answers a write whose rename fails with its error, leaves the old file and no temp file, and cancels its record for recovery', async () => {
    const root = siteWithTag();
    const writer = thread(renaming(`throw Object.assign(new Error('rename refused'), { code: 'EIO' });`));
    const log = new WriteLog(root, { boot: BEFORE_CRASH, writer, checkpointAfterMs: 3_600_000 });
    await expect(log.write(`${TAGS}/old.json`, '{"name":"new"}\n', '{"name":"old"}\n')).rejects.toMatchObject({ message: 'rename refused', code: 'EIO' });
    await expect(log.write(`${TAGS}/created.json`, '{"name":"created"}\n', null)).rejects.toThrow('rename refused');
    expect(read(root, `${TAGS}/old.json`)).toBe('{"name":"old"}\n');
    expect(read(root, `${TAGS}/created.json`)).toBeUndefined();
    expect(tempFiles(root)).toEqual([]);
    const [entries] = logged(root);
    expect(entries?.records.map((record) => record.file)).toEqual([`${TAGS}/old.json`, `${TAGS}/created.json`]);
    expect([...entries!.cancelled]).toEqual(entries!.records.map((record) => record.id));

    // The system goes down before any checkpoint: neither failed write comes back.
    expect((await recoverWriteLogs(root, { boot: AFTER_CRASH })).reapplied).toEqual([]);
    expect(read(root, `${TAGS}/old.json`)).toBe('{"name":"old"}\n');
    expect(read(root, `${TAGS}/created.json`)).toBeUndefined();
  });

  it('records the hash of the text a write replaces as recovery compares it, made in the thread; a created file none', async () => {
    const root = siteWithTag();
    const log = new WriteLog(root, { boot: BEFORE_CRASH, writer: thread("load('node:fs')"), checkpointAfterMs: 3_600_000 });
    const replaced = '{"name":"old"}\n';
    await Promise.all([log.write(`${TAGS}/old.json`, '{"name":"new"}\n', replaced), log.write(`${TAGS}/made.json`, '{}\n', null)]);
    const records = logged(root).flatMap((entries) => entries?.records ?? []);
    expect(records.map(({ file, before }) => [file, before])).toEqual([[`${TAGS}/old.json`, hashText(replaced)], [`${TAGS}/made.json`, null]]);
    expect(hashText(replaced)).toBe(createHash('sha1').update(replaced).digest('base64'));
    await log.close();
  });

  it('fails every write of a batch whose thread dies half way, puts back what its renames replaced, and starts a new thread for the next batch', async () => {
    const root = siteWithTag();
    const writer = thread(diesAfterFirstRename(join(root, 'died')));
    const log = new WriteLog(root, { boot: BEFORE_CRASH, writer, checkpointAfterMs: 3_600_000 });
    const answers = await Promise.allSettled([
      log.write(`${TAGS}/old.json`, '{"name":"new"}\n', '{"name":"old"}\n'),
      log.write(`${TAGS}/created.json`, '{"name":"created"}\n', null),
    ]);
    expect(answers.map((answer) => answer.status === 'rejected' && answer.reason instanceof WriterThreadGone)).toEqual([true, true]);
    expect(existsSync(join(root, 'died'))).toBe(true);
    expect(read(root, `${TAGS}/old.json`)).toBe('{"name":"old"}\n');
    expect(read(root, `${TAGS}/created.json`)).toBeUndefined();
    expect(tempFiles(root)).toEqual([]);
    expect((await recoverWriteLogs(root, { boot: AFTER_CRASH })).reapplied).toEqual([]);

    await log.write(`${TAGS}/old.json`, '{"name":"after"}\n', '{"name":"old"}\n');
    expect(read(root, `${TAGS}/old.json`)).toBe('{"name":"after"}\n');
    await log.close();
  });

  it.skipIf(!CURRENT_BOOT)('through the HTTP app, a PUT whose writer thread dies answers Strapi\'s error envelope and leaves the document as it was', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    const app = createApp(cms, { log: () => {} });
    const [row] = cms.index.rows('api::tag.tag');
    const file = cms.index.documentRecords('api::tag.tag', row.documentId)[0].file;
    const before = read(root, file);
    const dying = thread(diesAfterFirstRename(join(root, 'died')));
    vi.spyOn(WriteThread.prototype, 'run').mockImplementationOnce((fd, jobs) => dying.run(fd, jobs));
    const response = await app.request(`/api/tags/${row.documentId}`,
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'Never kept' } }) });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
    expect(read(root, file)).toBe(before);
    const again = await app.request(`/api/tags/${row.documentId}`,
      { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'Kept' } }) });
    expect(again.status).toBe(200);
    expect(JSON.parse(read(root, file)!).name).toBe('Kept');
    await cms.close();
  });

  it('removes the files asked in one turn (lock files), a missing one no error, and answers a failed removal with its code', async () => {
    const root = siteWithTag();
    const remover = thread("load('node:fs')");
    writeFileSync(join(root, 'a.lock'), '');
    mkdirSync(join(root, 'folder.lock'));
    const removed = await Promise.allSettled([remover.remove(join(root, 'a.lock')), remover.remove(join(root, 'never.lock')),
      remover.remove(join(root, 'folder.lock'))]);
    expect(removed.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((removed[2] as PromiseRejectedResult).reason.code).toMatch(/^E(ISDIR|PERM)$/);
    expect(existsSync(join(root, 'a.lock'))).toBe(false);
  });

  it.skipIf(!CURRENT_BOOT)('lets a process that wrote through it end without closing it (a CLI command)', () => {
    const root = siteWithTag();
    const dist = resolve(import.meta.dirname, '../../dist/core/storage/write-log.js');
    const script = `const { writeLogFor } = await import(${JSON.stringify(dist)});
await writeLogFor(${JSON.stringify(root)}).write('${TAGS}/old.json', 'written', '{"name":"old"}\\n');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(read(root, `${TAGS}/old.json`)).toBe('written');
  });
});
