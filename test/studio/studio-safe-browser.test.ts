import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentVersion } from '../../core/service/document-version.js';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { ARTICLE, CHROMIUM, editorSite, MARCO } from './editor-site.js';
import { BROWSER_WAIT } from './browser.js';

// Issue #21, "never lose a change", "show the state of things" and "speak plainly", in a real
// chromium on a private copy of the sample site; what the studio wrote is read back from the files.
const BLACK_HOLE = 'erdjn7qamd22o2key07vrft5'; // en only: views 120, publishDate 2025-01-23, readingTime 4
const PIZZA = 'epw01z20kac98v6t19d3eer8'; // en published; fr published with a newer fr draft
const TOKYO = 'a6lq8hv931vnhq1mwjzx78jv'; // "Coffee shops of Tokyo": a draft, never published
const SHRIMP = 'kfpncig567pl664pn9lrxp39'; // "This shrimp is awesome": en and fr published

describe.skipIf(!CHROMIUM)(`the studio keeps every change and says where things stand${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  const site = editorSite();
  let page: Page;
  beforeAll(() => { page = site.page; });
  const { readJson, field, formStatus, openArticle } = site;
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: BROWSER_WAIT });
  const formError = () => page.locator('form.document > p.error');
  /** Change a content file as a pull or a teammate would, and let the server read it (as its watcher does). */
  const changeOnDisk = async (path: string, change: (data: Record<string, unknown>) => void) => {
    const data = readJson(path);
    change(data);
    writeFileSync(join(site.root, path), `${JSON.stringify(data, null, 2)}\n`);
    await reindexFiles(site.cms, [path], () => {});
  };
  const focus = () => page.evaluate(() => dispatchEvent(new Event('focus')));

  it('a new localization starts from the shared fields of the other locales and never empties them', async () => {
    const english = readJson(`content/articles/${BLACK_HOLE}.json`);
    await site.loadAfresh(`#/t/articles/${BLACK_HOLE}?locale=fr`);
    await page.getByText('No “fr” version yet: saving creates it.').waitFor();
    // Strapi's admin pre-fills the non-localized fields from an existing locale.
    await poll(() => page.locator('#field-views').inputValue()).toBe('120');
    expect(await page.locator('#field-publishDate').inputValue()).toBe('2025-01-23');
    expect(await page.locator('#field-readingTime').inputValue()).toBe('4');
    await page.locator('#field-title').fill('Que trouve-t-on dans un trou noir ?');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(readJson(`content/articles/${BLACK_HOLE}.fr.draft.json`).title).toBe('Que trouve-t-on dans un trou noir ?');
    expect(readJson(`content/articles/${BLACK_HOLE}.json`)).toEqual(english);
  });

  it('an open form takes in a change saved elsewhere while it has no edits', async () => {
    await openArticle();
    await changeOnDisk(`content/articles/${ARTICLE}.json`, (data) => { data.readingTime = 12; });
    await focus();
    await poll(() => page.locator('#field-readingTime').inputValue()).toBe('12');
    expect(await formStatus().textContent()).toBe('Updated with changes saved elsewhere: readingTime');
  });

  it('a stale form never reverts a change from Git: what only they changed comes in, what both changed asks, and a save over a newer version is refused', async () => {
    await openArticle();
    await page.locator('#field-title').fill('Mine: Norway');
    await changeOnDisk(`content/articles/${ARTICLE}.json`, (data) => {
      data.title = 'Theirs: Norway';
      data.description = 'Changed on disk';
    });
    await focus();
    const panel = page.getByRole('alertdialog', { name: 'This document changed elsewhere while you were editing it' });
    await poll(() => panel.locator('tr[data-conflict]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-conflict'))))
      .toEqual(['title', 'description']);
    expect(await panel.locator('tr[data-conflict=title]').textContent()).toContain('Mine: NorwayTheirs: Norway');
    expect(await panel.getByLabel('mine').isChecked()).toBe(true); // nothing typed is dropped without a choice
    await panel.getByRole('button', { name: 'Apply my choices' }).click();
    // the form takes the choices after the click's render: waited for, not read at once
    await poll(() => page.locator('#field-title').inputValue()).toBe('Mine: Norway');
    await poll(() => page.locator('#field-description').inputValue()).toBe('Changed on disk');

    // Changed again on disk just before Save: the server refuses the stale write (If-Match), nothing is reverted.
    await changeOnDisk(`content/articles/${ARTICLE}.json`, (data) => { data.views = 777; });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(async () => (await formStatus().count()) + (await formError().count())).toBe(1);
    if (await formError().count()) {
      expect(await formError().textContent())
        .toBe('Not saved: this document changed elsewhere; their changes are now in the form. Save again.');
      expect(readJson(`content/articles/${ARTICLE}.json`).title).toBe('Theirs: Norway');
      await page.getByRole('button', { name: 'Save draft' }).click();
    }
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(readJson(`content/articles/${ARTICLE}.draft.json`)).toMatchObject({ title: 'Mine: Norway', description: 'Changed on disk',
      views: 777 });

    // A save with no edits writes nothing.
    const before = readFileSync(join(site.root, `content/articles/${ARTICLE}.draft.json`), 'utf8');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('No changes to save');
    expect(readFileSync(join(site.root, `content/articles/${ARTICLE}.draft.json`), 'utf8')).toBe(before);
  });

  it('every write of the form names the version it changes: If-Match on discard, unpublish and delete, If-None-Match: * on a new locale', async () => {
    const model = site.cms.contentType('articles');
    const stored = () => documentVersion(site.cms.index, model, SHRIMP, 'en');
    const sent: { method: string; path: string; ifMatch?: string; ifNoneMatch?: string }[] = [];
    const record = (request: Request) => {
      const headers = request.headers();
      if (request.method() !== 'GET') sent.push({ method: request.method(), path: new URL(request.url()).pathname,
        ifMatch: headers['if-match'], ifNoneMatch: headers['if-none-match'] });
    };
    const sentTo = (method: string, end: string) => sent.filter((write) => write.method === method && write.path.endsWith(end));
    page.on('request', record);
    try {
      await site.loadAfresh(`#/t/articles/${SHRIMP}?locale=en`);
      await poll(() => page.locator('#field-title').inputValue()).toBe('This shrimp is awesome');
      await page.locator('#field-title').fill('This shrimp is a draft');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await poll(() => formStatus().textContent()).toBe('Draft saved');

      const drafted = stored();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await poll(() => formStatus().textContent()).toBe('Draft discarded');
      expect(sentTo('POST', '/discard-draft')).toEqual([expect.objectContaining({ ifMatch: drafted })]);

      const published = stored();
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await poll(() => formStatus().textContent()).toBe('Unpublished');
      expect(sentTo('POST', '/unpublish')).toEqual([expect.objectContaining({ ifMatch: published })]);

      const held = stored();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Delete for good' }).click();
      await poll(() => sentTo('DELETE', `/${SHRIMP}`).length).toBe(1);
      expect(sentTo('DELETE', `/${SHRIMP}`)).toEqual([expect.objectContaining({ ifMatch: held })]);
      await poll(() => readdirSync(join(site.root, 'content/articles')).filter((name) => name.startsWith(`${SHRIMP}.`)))
        .toEqual([`${SHRIMP}.fr.json`]);
      await poll(() => page.url()).not.toContain(SHRIMP); // the form went back to the list

      // The en version is gone: writing it again may only create it, never replace one a teammate wrote meanwhile.
      await site.loadAfresh(`#/t/articles/${SHRIMP}?locale=en`);
      await page.getByText('No “en” version yet: saving creates it.').waitFor();
      await page.locator('#field-title').fill('This shrimp is back');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await poll(() => formStatus().textContent()).toBe('Draft saved');
      expect(sentTo('PUT', `/${SHRIMP}`).at(-1)).toMatchObject({ ifNoneMatch: '*', ifMatch: undefined });
      expect(readJson(`content/articles/${SHRIMP}.draft.json`).title).toBe('This shrimp is back');
    } finally {
      page.off('request', record);
    }
  });

  it('saves an alt text typed without its own button with the form, and counts it as unsaved until then', async () => {
    await openArticle();
    await field('cover').getByLabel(/^Alternative text of /).fill('Fjords at dawn');
    await poll(() => page.locator('.doc-state .badge-unsaved').count()).toBe(1);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    // From the published file: an alt text saved alone writes no draft (one from an earlier test may be there, or not).
    const cover = readJson(`content/articles/${ARTICLE}.json`).cover;
    expect(readJson(`content/upload/${cover}.json`).alternativeText).toBe('Fjords at dawn');
    expect(await page.locator('.doc-state .badge-unsaved').count()).toBe(0);
  });

  it('asks before every way out of unsaved edits: a typed address or the back button, a locale switch, signing out, closing the tab', async () => {
    await openArticle();
    const at = page.url();
    const asked: string[] = [];
    const dismiss = (dialog: { message(): string; dismiss(): Promise<void> }) => { asked.push(dialog.message()); void dialog.dismiss(); };
    page.on('dialog', dismiss);
    try {
      await page.locator('#field-description').fill('Unsaved words');
      await page.locator('.doc-state .badge-unsaved').waitFor();
      await page.evaluate(() => { location.hash = '#/t/authors'; });
      await poll(() => asked.length).toBe(1);
      await page.getByLabel('Locale', { exact: true }).selectOption('fr');
      await poll(() => asked.length).toBe(2);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await poll(() => asked.length).toBe(3);
    } finally { page.off('dialog', dismiss); }
    expect(new Set(asked)).toEqual(new Set(['Leave without saving? Your changes will be lost.']));
    // Still here, signed in, with the words typed.
    expect(page.url()).toBe(at);
    expect(await page.locator('#field-description').inputValue()).toBe('Unsaved words');
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    // Closing or reloading the tab: the page asks the browser to hold it (its own prompt), until the save.
    const closingIsHeld = () => page.evaluate(() => {
      const closing = new Event('beforeunload', { cancelable: true });
      dispatchEvent(closing);
      return closing.defaultPrevented;
    });
    expect(await closingIsHeld()).toBe(true);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(await closingIsHeld()).toBe(false);
  });

  it('shows Draft / Published / Modified and the locales in the list and the form, with only the actions that fit', async () => {
    const row = (title: string) => page.locator('table.documents tr', { hasText: title });
    await page.goto(`${site.url}/admin/#/t/articles?locale=en&q=Tokyo`);
    await poll(() => row('Coffee shops of Tokyo').locator('.badge').textContent()).toBe('Draft');
    await page.goto(`${site.url}/admin/#/t/articles?locale=en&q=Pizza`);
    await poll(() => row("Pizza napoletana: a beginner's guide").locator('.badge').textContent()).toBe('Published');
    expect(await row("Pizza napoletana: a beginner's guide").locator('td.locales').textContent()).toBe('en · fr');
    await page.getByLabel('Locale', { exact: true }).selectOption('fr');
    await poll(() => row('Pizza napolitaine : le guide complet du débutant').locator('.badge').textContent()).toBe('Modified');

    await page.goto(`${site.url}/admin/#/t/articles/${PIZZA}?locale=fr`);
    await poll(() => page.locator('.doc-state .badge').first().textContent()).toBe('Modified');
    expect(await page.getByLabel('Translations').getByRole('link').allTextContents()).toEqual(['en · published', 'fr · modified']);
    for (const name of ['Publish', 'Unpublish',
      'Discard draft']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    // They read the stored version back: with unsaved edits they wait (typing it back undoes the edit).
    const title = await page.locator('#field-title').inputValue();
    await page.locator('#field-title').fill(`${title}!`);
    expect(await page.getByRole('button', { name: 'Unpublish' }).isDisabled()).toBe(true);
    await page.locator('#field-title').fill(title);
    await poll(() => page.getByRole('button', { name: 'Unpublish' }).isDisabled()).toBe(false);

    await page.goto(`${site.url}/admin/#/t/articles/${TOKYO}?locale=en`);
    await poll(() => page.locator('.doc-state .badge').first().textContent()).toBe('Draft');
    expect(await page.getByLabel('Translations').getByRole('link').allTextContents()).toEqual(['en · draft', 'fr (none)']);
    // Never published: nothing to unpublish and no draft to discard.
    expect(await page.getByRole('button', { name: 'Unpublish' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Discard draft' }).count()).toBe(0);
  });

  it('speaks an editor\'s words at the field before any request, and a refused Publish saves nothing', async () => {
    const before = readdirSync(join(site.root, 'content/articles'));
    await site.newArticle();
    await page.locator('#field-description').fill('A title is missing.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await poll(() => field('title').locator('.field-error').textContent()).toBe('Required');
    expect(await formError().textContent()).toBe('Not published: some fields need attention (see below).');
    expect(readdirSync(join(site.root, 'content/articles'))).toEqual(before);
    await page.locator('#field-description').fill(''); // nothing left unsaved: leaving does not ask

    // A rule only the server can judge (a slug another article holds): its answer, in the same words, and still nothing saved.
    await openArticle();
    const files = () => readdirSync(join(site.root, 'content/articles'))
      .filter((name) => name.startsWith(ARTICLE)).map((name) => readJson(`content/articles/${name}`));
    const stored = files();
    await page.locator('#field-slug').fill('the-best-coffee-in-rome');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await poll(() => field('slug').locator('.field-error').textContent()).toBe('Already used by another document: must be unique');
    expect(files()).toEqual(stored);
    await page.locator('#field-slug').fill(stored[0].slug ?? '');

    await site.loadAfresh(`#/t/authors/${MARCO}`);
    await poll(() => page.locator('#field-email').inputValue()).not.toBe('');
    await page.locator('#field-email').fill('marco at example');
    await page.locator('form.document button[type=submit]').click();
    await poll(() => field('email').locator('.field-error').textContent()).toBe('Must be a valid email');
    await page.locator('#field-email').fill('marco@example.com');
    await page.locator('form.document button[type=submit]').click();
    await poll(() => formStatus().textContent()).toMatch(/saved$/i);
  });

  it('refuses an upload the field\'s allowedTypes do not take, with a clear message', async () => {
    const uploads = readdirSync(join(site.root, 'content/upload'));
    await openArticle();
    await page.locator('#field-blocks-0-files').click(); // "Add files" of the slider (images only)
    const library = page.getByRole('dialog', { name: 'Media library' });
    await library.getByLabel('File to upload').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await library.getByRole('button', { name: 'Upload and choose' }).click();
    await poll(() => library.getByRole('alert').textContent()).toBe('notes.txt: not allowed here. This field takes images only.');
    expect(readdirSync(join(site.root, 'content/upload'))).toEqual(uploads); // nothing uploaded
    await library.getByRole('button', { name: 'Close' }).click();
  });

  it('shows a type the credential may not change read-only, with no write actions', async () => {
    const reader = (await site.cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API token').fill(reader);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Content types' }).waitFor();
    await page.goto(`${site.url}/admin/#/t/articles/${ARTICLE}?locale=en`);
    await poll(() => page.locator('#field-title').inputValue()).not.toBe('');
    expect(await page.getByText('Read only: your access may not change Article.').count()).toBe(1);
    expect(await page.locator('#field-title').isDisabled()).toBe(true);
    for (const name of ['Save draft', 'Publish', 'Delete', 'Unpublish',
      'Duplicate']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
  });
});
