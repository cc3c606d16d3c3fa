import { readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, pastRacyMargin, rewriteKeepingSizeAndMtime, snapshotPath, start } from './helpers.js';
import { editSnapshot, entryOf, readSnapshotFile, writeSnapshotFile } from './snapshot-file.js';

const title = async (root: string, documentId: string, indexSnapshot = true) =>
  ((await (await start(root, indexSnapshot)).cms.ownerApi({ method: 'GET', path: `/articles/${documentId}`, search: 'fields[0]=title' }))
    .body as { data: { title: string } }).data.title;

describe('index snapshot: a restart starts from it', () => {
  it('is written by the first start and answers, after a restart, byte for byte what a full read answers', async () => {
    const root = copySampleSite();
    const first = await start(root);
    expect(first.stats).toMatchObject({ snapshot: 'none', fromSnapshot: 0, verified: 0 });
    expect(statSync(snapshotPath(root)).isFile()).toBe(true);
    const files = first.stats.read;
    const restart = await start(root);
    expect(restart.stats.snapshot).toBe('used');
    // The folders were just copied, within the racy margin of the first load: listed again.
    expect(restart.stats.listedBy).toBe('folders');
    expect(restart.stats.read).toBe(0);
    expect(restart.stats.fromSnapshot + restart.stats.verified).toBe(files);
    const full = await start(root, false);
    expect(full.stats).toMatchObject({ snapshot: 'off', read: files });
    expect(await answers(restart.cms)).toEqual(await answers(full.cms));
    expect(restart.cms.problems().map(String)).toEqual(full.cms.problems().map(String));
  });

  it('reports the CPU and wall time of each stage of a restart, in the order they run', async () => {
    const root = copySampleSite();
    await start(root);
    const { stats, phases } = await start(root);
    expect(stats.snapshot).toBe('used');
    expect(Object.keys(phases)).toEqual(['snapshot', 'listing', 'git', 'files', 'rows']);
    for (const { cpuMs, wallMs } of Object.values(phases)) {
      expect(Number.isInteger(cpuMs) && cpuMs >= 0).toBe(true);
      expect(Number.isInteger(wallMs) && wallMs >= 0).toBe(true);
    }
  });

  it('serves what the snapshot holds when every stamp matches (so a restart really skips the files)', async () => {
    const root = copySampleSite();
    await start(root);
    const rome = `content/articles/${A.rome}.json`;
    expect(entryOf(readSnapshotFile(root).entries, rome).fields).toContain('The best coffee in Rome');
    editSnapshot(root, (entries) => {
      const entry = entryOf(entries, rome);
      entry.fields = entry.fields.replace('The best coffee in Rome', 'Served from the snapshot');
    });
    expect(await title(root, A.rome)).toBe('Served from the snapshot');
    expect(await title(root, A.rome, false)).toBe('The best coffee in Rome');
  });

  it('rewrites a snapshot byte for byte as its own file layout says (the test helper agrees with the writer)', async () => {
    const root = copySampleSite();
    await start(root);
    const written = readFileSync(snapshotPath(root));
    writeSnapshotFile(root, readSnapshotFile(root));
    expect(readFileSync(snapshotPath(root)).equals(written)).toBe(true);
  });

  it.each<[string, 'before' | 'after the restart', (root: string) => void]>([
    ['its bytes fail their checksum (same length, so every offset holds)', 'before', (root) => {
      const bytes = readFileSync(snapshotPath(root));
      const at = bytes.indexOf('The best coffee in Rome');
      expect(at).toBeGreaterThan(0);
      bytes.write('The best coffee in Pisa', at);
      writeFileSync(snapshotPath(root), bytes);
    }],
    ['its checksum holds but the text does not parse', 'before', (root) => editSnapshot(root, (entries) => {
      const entry = entryOf(entries, `content/articles/${A.rome}.json`);
      entry.fields = entry.fields.replace('"title":"The best coffee in Rome"', '"title"::"The best coffee in Rome"');
    })],
    ['the file was cut short in place', 'after the restart', (root) => truncateSync(snapshotPath(root), 200)],
  ])('reads the file itself when a restored record\'s fields turn out damaged: %s (%s)', async (_, when, spoil) => {
    const root = copySampleSite();
    await start(root);
    if (when === 'before') spoil(root);
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', read: 0 });
    if (when !== 'before') spoil(root);
    expect(await answers(restart.cms)).toEqual(await answers((await start(root, false)).cms));
  });

  it('answers as a full read when another run\'s snapshot is renamed over the one it opened, records still unread', async () => {
    const root = copySampleSite();
    await start(root);
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', read: 0 });
    // Another process's snapshot, saying something else about every file, replaces the file by rename.
    const other = copySampleSite();
    await start(other);
    editSnapshot(other, (entries) => { for (const entry of entries) entry.fields = entry.fields.replaceAll('coffee', 'tea!!!'); });
    // Same lengths, so the same offsets: every unread record's place holds another run's (different) bytes.
    const rome = `content/articles/${A.rome}.json`;
    const place = (site: string) => entryOf(readSnapshotFile(site).entries, rome).meta.slice(15, 17);
    expect(place(other)).toEqual(place(root));
    renameSync(snapshotPath(other), snapshotPath(root));
    expect(await answers(restart.cms)).toEqual(await answers((await start(root, false)).cms));
  });

  it('writes after a restart (records still unread) as after a full read: the same files, the same answers', async () => {
    // The times of the writes differ between the two runs; everything else must not.
    const masked = (text: string) => text.replace(/"20\d\d-\d\d-\d\dT[^"]+"/g, (time) =>
      (Date.parse(JSON.parse(time)) > Date.now() - 60_000 ? '"now"' : time));
    const run = async (indexSnapshot: boolean) => {
      const root = copySampleSite();
      await start(root, indexSnapshot);
      const { cms, stats } = await start(root, indexSnapshot);
      if (indexSnapshot) expect(stats).toMatchObject({ snapshot: 'used', read: 0 });
      // A localized document with a draft and relations: its other versions are read to write it.
      const articles = cms.documents('api::article.article');
      await articles.update({ documentId: A.pizza, locale: 'fr', status: 'draft', data: { title: 'Pizza, encore' } });
      await articles.update({ documentId: A.rome, status: 'published', data: { title: 'Coffee in Rome, again' } });
      const file = (name: string) => masked(readFileSync(join(root, 'content/articles', name), 'utf8'));
      const files = [`${A.pizza}.fr.draft.json`, `${A.pizza}.fr.json`, `${A.rome}.json`].map(file);
      return { answers: (await answers(cms)).map(masked), files };
    };
    const cold = await run(false);
    expect(cold.files[0]).toContain('Pizza, encore');
    expect(await run(true)).toEqual(cold);
  });

  it('trusts files stamped long before the load on their stamp alone, without reading them', async () => {
    const root = copySampleSite();
    // Older than the racy margin (2 s) when the first load begins: no hash is kept for them.
    pastRacyMargin();
    const first = await start(root);
    expect(readSnapshotFile(root).entries.filter(({ meta }) => meta[13] !== '')).toEqual([]);
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', verified: 0, read: 0, fromSnapshot: first.stats.read });
  });
});

describe('index snapshot: a file that changed is read again', () => {
  it('re-reads a file rewritten with the same size and its old mtime (its ctime moved)', async () => {
    const root = copySampleSite();
    await start(root);
    rewriteKeepingSizeAndMtime(join(root, `content/articles/${A.rome}.json`), 'The best coffee in Rome', 'The best coffee in Pisa');
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', read: 1 });
    expect(await title(root, A.rome)).toBe('The best coffee in Pisa');
  });

  it('compares a racy file (changed within 2 s of the load) by a hash of its text before trusting its stamp', async () => {
    const root = copySampleSite();
    await start(root);
    editSnapshot(root, (entries) => {
      const entry = entryOf(entries, `content/articles/${A.rome}.json`);
      expect(entry.meta[13]).toMatch(/^[A-Za-z0-9_-]{27}$/); // the file was just copied: racy, so hashed
      entry.meta[13] = 'x'.repeat(27);
      entry.fields = entry.fields.replace('The best coffee in Rome', 'Not what the file says');
    });
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', read: 1 });
    expect(await title(root, A.rome)).toBe('The best coffee in Rome');
  });

  it('serves an added file and forgets a removed one', async () => {
    const root = copySampleSite();
    const { stats } = await start(root);
    rmSync(join(root, `content/articles/${A.sunset}.json`));
    writeFileSync(join(root, 'content/tags/newtag0000000000000000001.json'), JSON.stringify({ name: 'Brand new', slug: 'brand-new' }));
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', read: 1 });
    expect(restart.stats.fromSnapshot + restart.stats.verified).toBe(stats.read - 1);
    const tags = (await restart.cms.ownerApi({ method: 'GET', path: '/tags', search: 'filters[slug]=brand-new' }))
      .body as { data: unknown[] };
    expect(tags.data).toHaveLength(1);
    await expect(restart.cms.ownerApi({ method: 'GET', path: `/articles/${A.sunset}`, search: '' })).rejects.toMatchObject({ status: 404 });
  });
});
