import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trustedCaller } from '../../core/access/permissions.js';
import { mediaLibrary } from '../../core/media/media-library.js';
import { describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { lifecycleHooks, type LifecycleEvent } from '../../core/extensions/lifecycles.js';
import { SAMPLE, writableSite } from './helpers.js';

const TAG = 'b2hjgyg2kdh9a72boali13fe';

/** Resolves when `count` writes reached their hook; `release` lets them all go on. */
function holdWrites(cms: Cms, count: number, until?: Promise<unknown>) {
  let arrivedCount = 0;
  let arrived!: () => void;
  let release!: () => void;
  const all = new Promise<void>((resolve) => { arrived = resolve; });
  const released = new Promise<void>((resolve) => { release = resolve; });
  const hold = async (_event: LifecycleEvent) => {
    if (++arrivedCount === count) arrived();
    await (until ?? released);
  };
  const hooks = { beforeCreate: hold, beforeUpdate: hold, beforeDelete: hold };
  cms.writeHooks = lifecycleHooks(new Map(['api::tag.tag', 'api::category.category', 'api::article.article'].map((uid) => [uid, hooks])));
  return { arrived: all, release };
}

/** Add a `note` string to the tag schema (a schema change the reload picks up). */
function addTagNote(root: string): void {
  const file = join(root, 'schemas/tag.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  schema.attributes.note = { type: 'string' };
  writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
}

describe('writes and cms.reload()', () => {
  it('a create, update and delete held in their lifecycle hooks while the site reloads are seen by reads after both', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    const tags = cms.documents('api::tag.tag');
    const categories = cms.documents('api::category.category');
    const held = holdWrites(cms, 3);
    const writes = Promise.all([
      tags.create({ data: { name: 'Held create' } }),
      tags.update({ documentId: TAG, data: { name: 'Held update' } }),
      categories.delete({ documentId: SAMPLE.nature }),
    ]);
    await held.arrived;
    const before = cms.index;
    await cms.reload();
    expect(cms.index).not.toBe(before);
    held.release();
    const [created] = await writes;

    // The index the reload installed holds every write, as the files do.
    expect(await cms.documents('api::tag.tag').findOne({ documentId: created.documentId as string })).toMatchObject({ name: 'Held create' });
    expect(await cms.documents('api::tag.tag').findOne({ documentId: TAG })).toMatchObject({ name: 'Held update' });
    expect(await cms.documents('api::category.category').findOne({ documentId: SAMPLE.nature })).toBeNull();
    expect(existsSync(join(root, `content/categories/${SAMPLE.nature}.json`))).toBe(false);
  });

  it('writes let go while the reload reads the files are in the index it installs', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    const held = holdWrites(cms, 2);
    const writes = Promise.all([
      cms.documents('api::tag.tag').create({ data: { name: 'Landed mid-reload' } }),
      cms.documents('api::article.article').update({ documentId: SAMPLE.coffee, data: { title: 'Retitled mid-reload' } }),
    ]);
    await held.arrived;
    const reloading = cms.reload();
    held.release();
    const [[created]] = await Promise.all([writes, reloading]);

    expect(await cms.documents('api::tag.tag').findOne({ documentId: created.documentId as string })).toMatchObject({ name: 'Landed mid-reload' });
    expect(await cms.documents('api::article.article').findOne({ documentId: SAMPLE.coffee, status: 'published' }))
      .toMatchObject({ title: 'Retitled mid-reload' });
  });

  it('creates, updates, deletes and publishes asked while a reload is under way run on the models it installs and are seen', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    addTagNote(root);
    const reloading = cms.reload();
    // The hooks let each write go on only once the reload is over: a write the old writer ran would land in the old index.
    holdWrites(cms, 0, reloading);
    const writes = Promise.all([
      cms.documents('api::tag.tag').create({ data: { name: 'Asked during reload', note: 'a field the reload adds' } }),
      cms.documents('api::tag.tag').update({ documentId: TAG, data: { name: 'Updated during reload' } }),
      cms.documents('api::category.category').delete({ documentId: SAMPLE.nature }),
      cms.documents('api::article.article').publish({ documentId: SAMPLE.release }),
    ]);
    await reloading;
    const [created] = await writes;

    const tags = cms.documents('api::tag.tag');
    expect(await tags.findOne({ documentId: created.documentId as string })).toMatchObject({ note: 'a field the reload adds' });
    expect(await tags.findOne({ documentId: TAG })).toMatchObject({ name: 'Updated during reload' });
    expect(await cms.documents('api::category.category').findOne({ documentId: SAMPLE.nature })).toBeNull();
    expect(await cms.documents('api::article.article').findOne({ documentId: SAMPLE.release, status: 'published' }))
      .toMatchObject({ description: 'Fifty-four issues closed (one more after the party).' });
  });

  it('a reload that fails keeps the old parts serving, with the writes asked during it and those held across it', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    const index = cms.index;
    const held = holdWrites(cms, 1);
    const inFlight = cms.documents('api::tag.tag').create({ data: { name: 'In flight' } });
    await held.arrived;
    writeFileSync(join(root, 'schemas/tag.json'), '{ "kind": ');
    const reloading = cms.reload();
    const asked = cms.documents('api::tag.tag').update({ documentId: TAG, data: { name: 'Asked during a failing reload' } });
    await expect(reloading).rejects.toThrow();
    held.release();
    const [created] = await Promise.all([inFlight, asked]);

    expect(cms.index).toBe(index);
    const tags = cms.documents('api::tag.tag');
    expect(await tags.findOne({ documentId: created.documentId as string })).toMatchObject({ name: 'In flight' });
    expect(await tags.findOne({ documentId: TAG })).toMatchObject({ name: 'Asked during a failing reload' });
  });

  it('a Document Service made before a reload writes on the writer the reload installed and reads its own writes', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    const tags = cms.documents('api::tag.tag');
    addTagNote(root);
    await cms.reload();
    // Validated against the new schema (the old model has no `note`), written into the index that serves.
    const created = await tags.create({ data: { name: 'Old handle', note: 'kept' } });
    expect(await cms.documents('api::tag.tag').findOne({ documentId: created.documentId as string })).toMatchObject({ note: 'kept' });
    // The handle reads the index that serves too: its own write, with the new field, and the same count as a new handle.
    expect(await tags.findOne({ documentId: created.documentId as string })).toMatchObject({ name: 'Old handle', note: 'kept' });
    expect(await tags.count()).toBe(await cms.documents('api::tag.tag').count());
  });

  it('an upload through a media library made before a reload is in the index the reload installed', async () => {
    const root = writableSite();
    const cms = await createCms({ root });
    const library = mediaLibrary(cms);
    await cms.reload();
    const path = join(mkdtempSync(join(tmpdir(), 'reload-upload-')), 'note.txt');
    writeFileSync(path, 'uploaded across a reload');
    const [entry] = await library.upload({ files: [{ name: 'note.txt', type: 'text/plain', path, size: 24 }] }, trustedCaller);
    expect(cms.index.documentRecords('plugin::upload.file', entry.documentId as string)).toHaveLength(1);
  });
});
