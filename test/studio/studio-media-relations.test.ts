import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import { AMELIE, ARTICLE, CHROMIUM, COFFEE, editorSite, MARCO } from './editor-site.js';

// The studio's editors of what a document holds besides its own fields, in a real browser on the sample site: a single component
// added to a new document, a multiple media field, a relation with many entries; the saved content FILE read back from disk. Every
// other widget of the form: studio-editors.test.ts.

describe.skipIf(!CHROMIUM)(`the studio's component, media and relation editors in a real browser${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`,
  { timeout: 300_000 }, () => {
  const site = editorSite();
  let page: Page;
  beforeAll(() => { page = site.page; });
  const { readJson, field, formStatus, problems } = site;
  const { draft, openArticle } = site;

  it('adds a single component to a new document, shows a required field missing at publish at its nested path, and removes the component', async () => {
    await page.goto(`${site.url}/admin/#/t/articles/new?locale=en`);
    await page.locator('#field-title').fill('Alpine notes');
    await field('seo').getByRole('button', { name: 'Add Seo' }).click();
    await page.locator('#field-seo-metaDescription').fill('Short notes from the Alps.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Alpine notes');
    const documentId = site.shownDocumentId();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => field('seo.metaTitle').locator('.field-error').textContent()).toBe('Required');
    await page.locator('#field-seo-metaTitle').fill('Alpine');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Published');
    expect(readJson(`content/articles/${documentId}.json`).seo).toEqual({ metaTitle: 'Alpine',
      metaDescription: 'Short notes from the Alps.', shareImage: null, metaSocial: [] });

    await field('seo').getByRole('button', { name: 'Remove Seo' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(readJson(`content/articles/${documentId}.draft.json`).seo ?? null).toBeNull();
  });

  it('uploads a file dropped on the library with its alt text from a multiple media field, reorders (drag and buttons) and removes files, and offers only allowed types', async () => {
    // A text file in the library: the slider's picker (images only) shows it disabled.
    const form = new FormData();
    form.append('files', new Blob(['notes'], { type: 'text/plain' }), 'notes.txt');
    expect((await fetch(`${site.url}/api/upload`,
      { method: 'POST', headers: { authorization: `Bearer ${site.token}` }, body: form })).status).toBe(201);
    await openArticle();
    const files = field('blocks.0.files');
    await page.locator('#field-blocks-0-files').click();
    const library = page.getByRole('dialog', { name: 'Media library' });
    await expect.poll(() => library.locator('button.tile', { hasText: 'notes.txt' }).isDisabled()).toBe(true);
    // The file dropped from the desktop onto the upload form.
    const png = [...readFileSync(join(REPO_ROOT, 'public/uploads/coffee_beans_fbe1f518bb.png'))];
    const dropped = await page.evaluateHandle((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'snowy-peak.png', { type: 'image/png' }));
      return transfer;
    }, png);
    await library.locator('form.upload').dispatchEvent('dragover', { dataTransfer: dropped });
    await library.locator('form.upload').dispatchEvent('drop', { dataTransfer: dropped });
    expect(await library.getByLabel('File to upload').evaluate((input: HTMLInputElement) => [...input.files!].map((file) => file.name)))
      .toEqual(['snowy-peak.png']);
    await library.getByLabel('Alternative text of the upload').fill('A snowy peak');
    // The upload's answer is awaited, not timed: the first image of a server starts its image worker process.
    const isUpload = (response: Response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/upload';
    const answer = page.waitForResponse(isUpload);
    await library.getByRole('button', { name: 'Upload and choose' }).click();
    expect((await answer).status()).toBe(201);
    await expect.poll(() => files.locator('.media-item .tile-name').allTextContents()).toEqual(['pizza-margherita.png', 'coffee-beans.png',
      'snowy-peak.png']);
    // Dragged by its grip onto the first file, then the coffee moved up by its button.
    await files.locator('.media-item').nth(2).locator('.grip').dragTo(files.locator('.media-item').nth(0));
    await expect.poll(() => files.locator('.media-item .tile-name').allTextContents()).toEqual(['snowy-peak.png', 'pizza-margherita.png',
      'coffee-beans.png']);
    await files.getByRole('button', { name: 'Move coffee-beans.png up' }).click();
    await files.getByRole('button', { name: 'Remove pizza-margherita.png' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');

    const uploaded = readdirSync(join(site.root, 'content/upload')).map((name) => ({ id: name.replace(/\.json$/, ''),
      ...readJson(`content/upload/${name}`) })).find((file) => file.name === 'snowy-peak.png');
    expect(uploaded).toMatchObject({ alternativeText: 'A snowy peak', mime: 'image/png' });
    expect(draft().blocks[0]).toEqual({ __component: 'shared.slider', files: [uploaded!.id, COFFEE] });
    expect(problems).toEqual([]);
  });

  it('reads a relation\'s target by its main field only, shows 12 chips until "Show all", searches the target on the server, picks with Enter and reorders by drag', async () => {
    const api = (method: string, path: string, data?: unknown) => fetch(`${site.url}/api/${path}`, {
      method, headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' }, body: data === undefined ? undefined
      : JSON.stringify({ data }),
    }).then((response) => response.json());
    const tags = [];
    for (let n = 1; n <= 14; n++) tags.push((await api('POST', 'tags', { name: `Peak ${String(n).padStart(2, '0')}` })).data.documentId);
    await api('PUT', `articles/${ARTICLE}?status=draft&locale=en`, { tags, author: MARCO });
    const read = page.waitForRequest((request) => request.url().includes(`/api/articles/${ARTICLE}?`));
    await openArticle();
    const query = new URL((await read).url()).searchParams;
    expect(query.get('populate[tags][fields][0]')).toBe('name');
    expect(query.get('populate[author][fields][0]')).toBe('name');
    const chips = field('tags').locator('.chip');
    await expect.poll(() => chips.count()).toBe(12);
    await field('tags').getByRole('button', { name: 'Show all 14' }).click();
    await expect.poll(() => chips.allTextContents()).toEqual(tags.map((_, n) => `Peak ${String(n + 1).padStart(2, '0')}×`));
    // The picker asks the server for ten matches of what is typed, their names only.
    const search = page.waitForRequest((request) => request.url().includes('/api/authors?') && request.url().includes('_q=Laurent'));
    await field('author').getByRole('combobox').fill('Laurent'); // Marco Rossi is the author now (the PUT above)
    const asked = new URL((await search).url()).searchParams;
    expect([asked.get('pagination[pageSize]'), asked.get('fields[0]')]).toEqual(['10', 'name']);
    await expect.poll(() => field('author').getByRole('option').allTextContents()).toEqual(['Amélie Laurent']);
    // Enter picks the highlighted option (it does not submit the form); a chip dragged onto the first moves there.
    await field('author').getByRole('combobox').press('Enter');
    await expect.poll(() => field('author').locator('.chip').allTextContents()).toEqual(['Amélie Laurent×']);
    expect(await formStatus().count()).toBe(0);
    await chips.nth(13).dragTo(chips.nth(0));
    await expect.poll(() => chips.first().textContent()).toBe('Peak 14×');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(draft().tags).toEqual([tags[13], ...tags.slice(0, 13)]);
    expect(draft().author).toBe(AMELIE);
    expect(problems).toEqual([]);
  });
});
