import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { DiskStore } from '../../core/storage/content-store.js';
import { writableSite } from '../write/helpers.js';

/**
 * A site as a cold start indexes it: its files carry their timestamps, so no file was stat'ed and every record's
 * modification time is unknown (0). The first tag's file is given a time old enough to be trusted.
 */
async function coldSite() {
  const root = writableSite();
  const cms = await createCms({ root, report: () => {} });
  const model = cms.models.get('api::tag.tag')!;
  const documentId = cms.index.rows('api::tag.tag')[0].documentId;
  const record = cms.index.documentRecords(model.uid, documentId)[0];
  const path = join(root, record.file);
  const old = new Date(Date.now() - 60_000);
  utimesSync(path, old, old);
  const store = new DiskStore(root, cms.index);
  const look = () => store.hold(model, documentId, record.locale, async () => {});
  /** Another text of the file, its modification time put back to `at`: only a read could tell it from the indexed one. */
  const rewriteKeepingTime = (name: string, at = old) => {
    writeFileSync(path, readFileSync(path, 'utf8').replace(/"name": "[^"]*"/, `"name": "${name}"`));
    utimesSync(path, at, at);
  };
  const name = () => (cms.index.record(record.file)!.data as { name: string }).name;
  return { cms, record, path, look, rewriteKeepingTime, name };
}

describe('a document indexed at start without file times: its files are read once under the lock, then stat\'ed', () => {
  it('after a look found the file as indexed, the next look trusts the same old modification time (as for a known one)', async () => {
    const { record, look, rewriteKeepingTime, name } = await coldSite();
    expect(record.mtimeMs).toBe(0);
    const before = name();
    await look();
    rewriteKeepingTime('Same time, other text');
    await look();
    expect(name()).toBe(before);
  });

  it('a file whose modification time moved after the look is read again', async () => {
    const { look, rewriteKeepingTime, name } = await coldSite();
    await look();
    rewriteKeepingTime('Saved by an editor', new Date(Date.now() - 30_000));
    await look();
    expect(name()).toBe('Saved by an editor');
  });

  it('a file never looked at under the lock is read, whatever its time', async () => {
    const { look, rewriteKeepingTime, name } = await coldSite();
    rewriteKeepingTime('Changed before the first write');
    await look();
    expect(name()).toBe('Changed before the first write');
  });

  it('a record replaced since the look (the watcher, a write) takes nothing from it: its file is read again', async () => {
    const { cms, record, look, rewriteKeepingTime, name } = await coldSite();
    await look();
    cms.index.setRecord({ ...cms.index.record(record.file)!, mtimeMs: 0 });
    rewriteKeepingTime('Changed behind a replaced record');
    await look();
    expect(name()).toBe('Changed behind a replaced record');
  });
});
