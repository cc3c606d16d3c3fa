import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { DiskStore } from '../../core/storage/content-store.js';
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
