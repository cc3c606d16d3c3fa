import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAGS } from '../contract/sample-site.js';
import { copySampleSite } from '../helpers/project.js';
import { answers, start } from './helpers.js';

const ARTICLE = 'api::article.article';
const TAG = 'api::tag.tag';
const CATEGORY = 'api::category.category';

/** The sample site without timestamps from history (with them, rows take the file times of their load and every type is built then). */
function siteWithFileTimestamps(): string {
  const root = copySampleSite();
  const config = join(root, 'cms.config.json');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"timestampsFromHistory": true', '"timestampsFromHistory": false'));
  return root;
}

/** A cold start (no snapshot: every file read), and the same start with every type built before anything is read. */
async function coldAndBuilt(root: string) {
  const cold = (await start(root, false)).cms;
  const built = (await start(root, false)).cms;
  built.index.waiting.buildAll();
  expect(built.index.waiting.uids()).toEqual([]);
  return { cold, built };
}

describe('a cold start builds a type whose files were all kept as JSON text on its first use, answering as if built at load', () => {
  it('types of JSON files wait, a type with a YAML file is built at load, and every read answers as the built start', async () => {
    const { cold, built } = await coldAndBuilt(siteWithFileTimestamps());
    expect(cold.index.waiting.uids()).toContain(TAG);
    // The sample's articles and categories include YAML and Markdown files: parsed at load, so built at load, as before.
    expect(cold.index.waiting.uids()).not.toContain(ARTICLE);
    expect(cold.index.waiting.uids()).not.toContain(CATEGORY);
    expect(cold.problems()).toEqual(built.problems());
    expect(await answers(cold)).toEqual(await answers(built));
  });

  it('a lookup by id on a waiting start finds the row the built start finds, and a write then answers alike', async () => {
    const { cold, built } = await coldAndBuilt(siteWithFileTimestamps());
    for (const row of built.index.rows(TAG)) expect(cold.index.rowById(row.id)?.key).toBe(row.key);
    expect(cold.index.waiting.uids()).toEqual([]);
    const again = (await start(siteWithFileTimestamps(), false)).cms;
    expect(again.index.waiting.uids()).toContain(TAG);
    await again.documents('tags').update({ documentId: TAGS.coffee, data: { name: 'Written while waiting' } });
    expect(again.index.waiting.uids()).not.toContain(TAG);
    const names = (await again.documents('tags').findMany({ sort: 'name:asc' })).map((tag) => tag.name);
    expect(names).toContain('Written while waiting');
    expect(names.length).toBe((await built.documents('tags').findMany({})).length);
  });

  it('a second file for one version (a YAML twin of a JSON tag) builds the type at load and is reported there', async () => {
    const root = siteWithFileTimestamps();
    const twin = `content/tags/${TAGS.coffee}.yaml`;
    writeFileSync(join(root, twin), 'name: A twin of the JSON file\n');
    const { cms } = await start(root, false);
    expect(cms.index.waiting.uids()).not.toContain(TAG);
    expect(cms.index.waiting.uids()).toContain('plugin::upload.file');
    expect(cms.problems().map((problem) => problem.file)).toContain(twin);
  });
});
