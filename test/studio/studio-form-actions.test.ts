import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { ARTICLE, CHROMIUM, editorSite, editSchema } from './editor-site.js';
import { BROWSER_WAIT } from './browser.js';

// Issue #36's form items beyond typing, in a real chromium on a private copy of the sample site: a
// deleted related document, every digit of a big integer, private fields, Duplicate with unsaved
// edits, the delete question's keyboard, messages after create/duplicate/delete, page titles, and
// the session in a new tab. What the studio wrote is read back from the content files.
const DAVID = 'g5nep3nk2vklh3r9oo6o7oju'; // an author with a private secretNote

describe.skipIf(!CHROMIUM)(`the studio form's actions${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, () => {
  // A quote entry of the article's dynamic zone may name tags: a relation inside a component.
  const site = editorSite((root) => editSchema(root, 'components/shared/quote.json', (quote) => Object.assign(quote.attributes, {
    tags: { type: 'relation', relation: 'oneToMany', target: 'api::tag.tag' },
  })));
  let page: Page;
  beforeAll(() => { page = site.page; });
  const { draft, field, formStatus, openArticle, readJson } = site;
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: BROWSER_WAIT });
  const api = (method: string, path: string, data?: unknown) => fetch(`${site.url}/api/${path}`, {
    method, headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  }).then(async (response) => ({ status: response.status, body: response.status === 204 ? null : await response.json() }));
  const newTag = async (name: string) => (await api('POST', 'tags', { name })).body.data.documentId as string;
  const chips = (path: string) => field(path).locator('.chip').allTextContents();
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  it('leaves a related document deleted elsewhere out of the save, says so at its field, and saves the rest', async () => {
    const [gone, kept, added] = [await newTag('Soon gone'), await newTag('Kept tag'), await newTag('Added tag')];
    expect((await api('PUT', `articles/${ARTICLE}?status=draft&locale=en`, { tags: [gone, kept] })).status).toBe(200);
    await openArticle();
    await poll(() => chips('tags')).toEqual(['Soon gone×', 'Kept tag×']);
    expect((await api('DELETE', `tags/${gone}`)).status).toBe(204); // the form still shows its chip
    await page.locator('#field-title').fill('Saved without the deleted tag');
    await field('tags').getByRole('combobox').fill('Added');
    await field('tags').getByRole('option', { name: 'Added tag' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(await field('tags').locator('.field-note').textContent())
      .toBe('“Soon gone” was deleted elsewhere: left out of this field, and the rest saved.');
    expect(await chips('tags')).toEqual(['Kept tag×', 'Added tag×']);
    expect(draft()).toMatchObject({ title: 'Saved without the deleted tag', tags: [kept, added] });
    expect(await page.locator('form.document > p.error').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('says at the field when a related document was deleted since the form read it, and the next save drops the dangling id', async () => {
    const gone = await newTag('Deleted while open');
    expect((await api('PUT', `articles/${ARTICLE}?status=draft&locale=en`, { tags: [gone] })).status).toBe(200);
    await openArticle();
    expect((await api('DELETE', `tags/${gone}`)).status).toBe(204);
    expect(draft().tags).toEqual([gone]); // the file still names it
    await page.evaluate(() => dispatchEvent(new Event('focus'))); // the form checks the document again
    await poll(() => field('tags').locator('.field-note').textContent())
      .toBe('“Deleted while open” was deleted elsewhere: saving leaves it out of this field.');
    await page.locator('#field-readingTime').fill('11');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(draft()).toMatchObject({ readingTime: 11, tags: [] });

    // Opened after the deletion, the form says so too, and the save leaves it out even though the field was not edited.
    const other = await newTag('Gone before opening');
    await api('PUT', `articles/${ARTICLE}?status=draft&locale=en`, { tags: [other] });
    await api('DELETE', `tags/${other}`);
    await openArticle();
    await poll(() => field('tags').locator('.field-note').textContent())
      .toBe('1 related document was deleted elsewhere: saving leaves it out of this field.');
    await page.locator('#field-readingTime').fill('12');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(draft()).toMatchObject({ readingTime: 12, tags: [] });
  });

  it('leaves a deleted related document out of a relation inside a dynamic zone entry, said at that entry\'s field', async () => {
    const [gone, kept] = [await newTag('Quoted, then gone'), await newTag('Quoted and kept')];
    const stored = site.readJson(`content/articles/${ARTICLE}.draft.json`).blocks;
    const quote = { __component: 'shared.quote', title: 'Said once', body: 'A quote with tags.', tags: [gone, kept] };
    expect((await api('PUT', `articles/${ARTICLE}?status=draft&locale=en`, { blocks: [...stored, quote] })).status).toBe(200);
    await openArticle();
    const at = `blocks.${stored.length}.tags`;
    await poll(() => chips(at)).toEqual(['Quoted, then gone×', 'Quoted and kept×']);
    await api('DELETE', `tags/${gone}`);
    await page.locator(`#field-blocks-${stored.length}-title`).fill('Said twice');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(await field(at).locator('.field-note').textContent())
      .toBe('“Quoted, then gone” was deleted elsewhere: left out of this field, and the rest saved.');
    expect(draft().blocks.at(-1)).toMatchObject({ title: 'Said twice', tags: [kept] });
  });

  it('keeps every digit of a big integer through a save and a new read', async () => {
    await openArticle();
    await page.locator('#field-bigCount').fill('9007199254740993123');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(draft().bigCount).toBe('9007199254740993123');
    expect(await page.locator('#field-bigCount').inputValue()).toBe('9007199254740993123');
    await openArticle();
    await poll(() => page.locator('#field-bigCount').inputValue()).toBe('9007199254740993123');
  });

  it('shows and saves a private field for a credential that may update the type', async () => {
    await site.loadAfresh(`#/t/authors/${DAVID}`);
    await poll(() => page.locator('#field-secretNote').inputValue()).toBe('Prefers to be paid in coffee');
    await page.locator('#field-secretNote').fill('Tea, actually');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => formStatus().textContent()).toBe('Saved');
    expect(await page.locator('#field-secretNote').inputValue()).toBe('Tea, actually');
    expect(readFileSync(join(site.root, `content/authors/${DAVID}.md`), 'utf8')).toContain('secretNote: Tea, actually');
    // REST still never answers it.
    expect((await api('GET', `authors/${DAVID}`)).body.data).not.toHaveProperty('secretNote');
  });

  it('asks before duplicating a form with unsaved edits (Escape keeps editing), then saves and copies, and says so on the copy', async () => {
    await openArticle();
    const before = readdirSync(join(site.root, 'content/articles')).length;
    await page.locator('#field-title').fill('Edited before the copy');
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await ask.waitFor();
    expect(await focused()).toBe('Cancel'); // the safe choice
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await poll(() => ask.count()).toBe(0);
    expect(await focused()).toBe('Duplicate');
    expect(readdirSync(join(site.root, 'content/articles')).length).toBe(before);

    await page.getByRole('button', { name: 'Duplicate' }).click();
    await ask.getByRole('button', { name: 'Save, then duplicate' }).click();
    await poll(() => site.shownDocumentId()).not.toBe(ARTICLE);
    await poll(() => formStatus().textContent()).toBe('Duplicated: this is the copy, saved as a draft');
    const copy = site.shownDocumentId();
    expect(draft().title).toBe('Edited before the copy'); // the original kept its edit
    expect(readJson(`content/articles/${copy}.draft.json`).title).toBe('Edited before the copy (copy)');
    await poll(() => page.title()).toBe('Edited before the copy (copy) · Article · Studio');
  });

  it('moves focus into the delete question, closes it on Escape with focus back on Delete, and says what was deleted', async () => {
    const copy = site.shownDocumentId(); // the previous test's copy
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Confirm delete' });
    await ask.waitFor();
    expect(await focused()).toBe('Keep it');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Delete for good');
    await page.keyboard.press('Tab'); // Tab stays inside the question
    expect(await focused()).toBe('Keep it');
    await page.keyboard.press('Escape');
    await poll(() => ask.count()).toBe(0);
    expect(await focused()).toBe('Delete');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await ask.getByRole('button', { name: 'Delete for good' }).click();
    await poll(() => page.getByRole('status').textContent()).toBe('Deleted “Edited before the copy (copy)” (en)');
    expect(existsSync(join(site.root, `content/articles/${copy}.draft.json`))).toBe(false);
    await poll(() => page.title()).toBe('Article · Studio');
  });

  it('says a document was created, and names every page in the tab title', async () => {
    await site.newArticle();
    await poll(() => page.title()).toBe('New Article · Studio');
    await page.locator('#field-title').fill('Freshly made');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft created');
    await poll(() => page.title()).toBe('Freshly made · Article · Studio');
    await page.goto(`${site.url}/admin/#/git`);
    await poll(() => page.title()).toBe('Git · Studio');
    await page.goto(`${site.url}/admin/#/`);
    await poll(() => page.title()).toBe('Content · Studio');
  });

  it('keeps the session in a new tab when "Keep me signed in" was ticked, and only then', async () => {
    const tab = async () => {
      // A new tab of the same browser (noopener: nothing of this tab's sessionStorage is copied into it).
      const [other] = await Promise.all([
        page.context().waitForEvent('page'), page.evaluate((url) => { window.open(url, '_blank', 'noopener'); }, `${site.url}/admin/`),
      ]);
      await Promise.race([other.getByRole('navigation', { name: 'Content types' }).waitFor(), other.getByLabel('API token').waitFor()]);
      const signedIn = await other.getByRole('navigation', { name: 'Content types' }).count() === 1;
      await other.close();
      return signedIn;
    };
    expect(await tab()).toBe(false); // signed in without it: this tab only
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API token').fill(site.token);
    await page.getByLabel('Keep me signed in on this browser (every tab)').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Content types' }).waitFor();
    expect(await tab()).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click(); // forgets it in every tab
    await page.getByLabel('API token').waitFor();
    expect(await tab()).toBe(false);
  });
});
