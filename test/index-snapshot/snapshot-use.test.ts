import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLES as A } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, rewriteKeepingSizeAndMtime, snapshotPath, start } from './helpers.js';

const title = async (root: string, documentId: string, indexSnapshot = true) =>
  ((await (await start(root, indexSnapshot)).cms.ownerApi({ method: 'GET', path: `/articles/${documentId}`, search: 'fields[0]=title' })).body as { data: { title: string } }).data.title;

describe('index snapshot: a restart starts from it', { timeout: 60_000 }, () => {
  it('is written by the first start and answers, after a restart, byte for byte what a full read answers', async () => {
    const root = copySampleSite();
    const first = await start(root);
    expect(first.stats).toMatchObject({ snapshot: 'none', fromSnapshot: 0, verified: 0 });
    expect(statSync(snapshotPath(root)).isFile()).toBe(true);
    const files = first.stats.read;
    const restart = await start(root);
    expect(restart.stats.snapshot).toBe('used');
    expect(restart.stats.read).toBe(0);
    expect(restart.stats.fromSnapshot + restart.stats.verified).toBe(files);
    const full = await start(root, false);
    expect(full.stats).toMatchObject({ snapshot: 'off', read: files });
    expect(await answers(restart.cms)).toEqual(await answers(full.cms));
    expect(restart.cms.problems().map(String)).toEqual(full.cms.problems().map(String));
  });

  it('serves what the snapshot holds when every stamp matches (so a restart really skips the files)', async () => {
    const root = copySampleSite();
    await start(root);
    const snapshot = readFileSync(snapshotPath(root), 'utf8');
    expect(snapshot).toContain('The best coffee in Rome');
    writeFileSync(snapshotPath(root), snapshot.replace('The best coffee in Rome', 'Served from the snapshot'));
    expect(await title(root, A.rome)).toBe('Served from the snapshot');
    expect(await title(root, A.rome, false)).toBe('The best coffee in Rome');
  });

  it('reads the file itself when a restored record\'s text turns out damaged inside its line', async () => {
    const root = copySampleSite();
    await start(root);
    const snapshot = readFileSync(snapshotPath(root), 'utf8');
    expect(snapshot).toContain('"title":"The best coffee in Rome"');
    // Still a whole line ending in `}`: only parsing the fields shows the damage.
    writeFileSync(snapshotPath(root), snapshot.replace('"title":"The best coffee in Rome"', '"title"::"The best coffee in Rome"'));
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', read: 0 });
    expect(await answers(restart.cms)).toEqual(await answers((await start(root, false)).cms));
  });

  it('trusts files stamped long before the load on their stamp alone, without reading them', async () => {
    const root = copySampleSite();
    // Older than the racy margin (2 s) when the first load begins: no hash is kept for them.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const first = await start(root);
    expect(readFileSync(snapshotPath(root), 'utf8')).not.toMatch(/\t[A-Za-z0-9_-]{27}\t\{/);
    const restart = await start(root);
    expect(restart.stats).toMatchObject({ snapshot: 'used', verified: 0, read: 0, fromSnapshot: first.stats.read });
  });
});

describe('index snapshot: a file that changed is read again', { timeout: 60_000 }, () => {
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
    const lines = readFileSync(snapshotPath(root), 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith(`content/articles/${A.rome}.json\t`));
    const fields = lines[at].split('\t');
    expect(fields[13]).toMatch(/^[A-Za-z0-9_-]{27}$/); // the file was just copied: racy, so hashed
    fields[13] = 'x'.repeat(27);
    fields[15] = fields[15].replace('The best coffee in Rome', 'Not what the file says');
    lines[at] = fields.join('\t');
    writeFileSync(snapshotPath(root), lines.join('\n'));
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
    const tags = (await restart.cms.ownerApi({ method: 'GET', path: '/tags', search: 'filters[slug]=brand-new' })).body as { data: unknown[] };
    expect(tags.data).toHaveLength(1);
    await expect(restart.cms.ownerApi({ method: 'GET', path: `/articles/${A.sunset}`, search: '' })).rejects.toMatchObject({ status: 404 });
  });
});
