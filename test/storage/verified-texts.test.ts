import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import { RACY_MS } from '../../core/service/disk-view.js';
import { DiskStore } from '../../core/storage/content-store.js';
import { forgetWritten, KEPT_TEXT_BUDGET, keptTexts, rememberWritten, writtenText } from '../../core/storage/written-texts.js';
import { writableSite } from '../write/helpers.js';

/** A site whose first tag was just updated by this process (its file's mtime too recent to trust: the disk view reads it). */
async function justWritten() {
  const root = writableSite();
  const cms = await createCms({ root, report: () => {} });
  const model = cms.models.get('api::tag.tag')!;
  const documentId = cms.index.rows('api::tag.tag')[0].documentId;
  await cms.documents('api::tag.tag').update({ documentId, data: { name: 'Written a moment ago' } });
  const record = cms.index.documentRecords(model.uid, documentId)[0];
  return { root, cms, model, documentId, record, path: join(root, record.file), store: new DiskStore(root, cms.index) };
}

describe('a write takes the previous text the disk view verified under the same lock', () => {
  it('inside the lock, the text found to be this process\'s last write is answered without reading the file again', async () => {
    const { model, documentId, record, path, store } = await justWritten();
    const written = readFileSync(path, 'utf8');
    expect(written).toContain('Written a moment ago');
    const seen = await store.hold(model, documentId, record.locale, async () => {
      const first = await store.read(record.file);
      // Changed behind the lock's back after the check: the write under the lock still starts from what it verified.
      writeFileSync(path, '{"name":"changed outside"}\n');
      return [first, await store.read(record.file)];
    });
    expect(seen).toEqual([written, written]);
    // Released: reads go to the disk again.
    expect(await store.read(record.file)).toBe('{"name":"changed outside"}\n');
  });

  it('a write or removal under the lock forgets the verified text: a read after it answers the disk', async () => {
    const { model, documentId, record, path, store } = await justWritten();
    const after = await store.hold(model, documentId, record.locale, async () => {
      await store.write(record.file, '{"name":"rewritten"}\n');
      const rewritten = await store.read(record.file);
      await store.remove(record.file);
      return [rewritten, await store.read(record.file)];
    });
    expect(after).toEqual(['{"name":"rewritten"}\n', undefined]);
    expect(() => readFileSync(path)).toThrow();
  });

  it('a file another writer changed (same mtime tick, other text) is not taken as verified', async () => {
    const { model, documentId, record, path, store } = await justWritten();
    const before = readFileSync(path, 'utf8');
    const other = before.replace('Written a moment ago', 'Written by the CLI!!');
    expect(other.length).toBe(before.length);
    const { mtimeMs } = statSync(path);
    writeFileSync(path, other);
    utimesSync(path, new Date(mtimeMs), new Date(mtimeMs));
    const seen = await store.hold(model, documentId, record.locale, () => store.read(record.file));
    expect(seen).toBe(other);
  });
});

/** The clock moved past the racy window: the file's mtime can now be trusted. */
const later = () => {
  const now = Date.now() + RACY_MS + 1000;
  vi.spyOn(Date, 'now').mockReturnValue(now);
};

describe('a write takes the text this process last wrote when the file\'s mtime can be trusted', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('a stat showing the mtime this process gave the file answers the kept text, without reading the file', async () => {
    const { model, documentId, record, path, store, cms } = await justWritten();
    const written = readFileSync(path, 'utf8');
    // Written again with a time in whole seconds (as under timestamps from history), which a file keeps exactly.
    const time = `${new Date(Date.now() - 10_000).toISOString().slice(0, 19)}.000Z`;
    const mtimeMs = await store.write(record.file, written, time);
    cms.index.setRecord({ ...record, mtimeMs });
    // Another text with the same size and mtime: only a read could tell, and an mtime old enough is trusted (as the index is).
    writeFileSync(path, written.replace('Written a moment ago', 'Written by the CLI!!'));
    utimesSync(path, new Date(mtimeMs), new Date(mtimeMs));
    expect(await store.hold(model, documentId, record.locale, () => store.read(record.file))).toBe(written);
  });

  it('a file whose mtime changed since this process wrote it is read again', async () => {
    const { model, documentId, record, path, store } = await justWritten();
    const other = readFileSync(path, 'utf8').replace('Written a moment ago', 'Written by an editor');
    writeFileSync(path, other);
    utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    later();
    expect(await store.hold(model, documentId, record.locale, () => store.read(record.file))).toBe(other);
  });

  it('a removed file forgets its text: one written again by another process is read', async () => {
    const { model, documentId, record, path, store, cms } = await justWritten();
    const written = readFileSync(path, 'utf8');
    const { mtimeMs } = statSync(path);
    await store.hold(model, documentId, record.locale, () => store.remove(record.file));
    expect(writtenText(path, mtimeMs)).toBeUndefined();
    // The same name, size and mtime again, from outside: nothing kept may stand for it.
    const other = written.replace('Written a moment ago', 'Written by the CLI!!');
    writeFileSync(path, other);
    utimesSync(path, new Date(mtimeMs), new Date(mtimeMs));
    cms.index.setRecord({ ...record, mtimeMs });
    later();
    expect(await store.hold(model, documentId, record.locale, () => store.read(record.file))).toBe(other);
  });
});

describe('the kept texts', () => {
  it('answer a text only for the mtime its write gave the file', () => {
    rememberWritten('/kept/a.json', 1000, '{"a":"é"}');
    expect(writtenText('/kept/a.json', 1000)).toMatchObject({ text: '{"a":"é"}', bytes: 10 });
    expect(writtenText('/kept/a.json', 1001)).toBeUndefined();
    forgetWritten('/kept/a.json');
    expect(writtenText('/kept/a.json', 1000)).toBeUndefined();
  });

  it('stay within their budget, dropping the oldest first, and never keep a text larger than a quarter of it', () => {
    const quarter = 'x'.repeat(KEPT_TEXT_BUDGET / 4);
    for (let i = 0; i < 6; i++) rememberWritten(`/kept/big-${i}.json`, i, quarter);
    expect(keptTexts().chars).toBeLessThanOrEqual(KEPT_TEXT_BUDGET);
    expect(writtenText('/kept/big-0.json', 0)).toBeUndefined();
    expect(writtenText('/kept/big-5.json', 5)?.text).toBe(quarter);
    rememberWritten('/kept/huge.json', 1, `${quarter}x`);
    expect(writtenText('/kept/huge.json', 1)).toBeUndefined();
    for (let i = 0; i < 6; i++) forgetWritten(`/kept/big-${i}.json`);
  });

  it('past the budget, drop the oldest until a tenth of it is free, so the next writes drop none', () => {
    const eighth = 'x'.repeat(KEPT_TEXT_BUDGET / 8);
    for (let i = 0; i < 9; i++) rememberWritten(`/kept/eighth-${i}.json`, i, eighth);
    expect(keptTexts().chars).toBeLessThanOrEqual(KEPT_TEXT_BUDGET * 0.9);
    expect(writtenText('/kept/eighth-8.json', 8)?.text).toBe(eighth);
    const { count } = keptTexts();
    rememberWritten('/kept/eighth-9.json', 9, eighth);
    expect(keptTexts().count).toBe(count + 1);
    for (let i = 0; i < 10; i++) forgetWritten(`/kept/eighth-${i}.json`);
  });
});

describe('a file the disk view found missing under the lock', () => {
  it('is known absent until written or released, and not read again meanwhile', async () => {
    const { model, documentId, record, store, root } = await justWritten();
    const draft = record.file.replace(/\.json$/, '.draft.json');
    const seen = await store.hold(model, documentId, record.locale, async () => {
      const before = [store.absent(draft), store.absent(record.file)];
      // Created behind the lock's back after the look: the write under the lock still starts from what the look found.
      writeFileSync(join(root, draft), '{"name":"outside"}\n');
      const read = await store.read(draft);
      await store.write(draft, '{"name":"draft"}\n', undefined, null);
      return { before, read, afterWrite: [store.absent(draft), await store.read(draft)] };
    });
    expect(seen).toEqual({ before: [true, false], read: undefined, afterWrite: [false, '{"name":"draft"}\n'] });
    expect(store.absent(draft)).toBe(false);
  });

  it('is not known absent outside a lock, where nothing looked', async () => {
    const { record, store } = await justWritten();
    const draft = record.file.replace(/\.json$/, '.draft.json');
    expect([store.absent(draft), await store.read(draft)]).toEqual([false, undefined]);
  });
});
