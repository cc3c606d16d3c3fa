import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { serve, type RunningServer } from '../../core/http/serve.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite } from '../helpers/project.js';
import { BROWSER_WAIT, freshPage, sharedBrowser } from './browser.js';
import { ARTICLE, CHROMIUM } from './editor-site.js';

// Two editors (two browser contexts, each signed in) on one article of a private copy of the sample
// site: edits to different blocks of one blocks field both stay; a block both changed asks, with
// both full texts, in a panel brought into view and focused.
const LONG = `${'Norway in late summer is almost unfairly beautiful, and the light stays long into the evening. '.repeat(3)}`;

describe.skipIf(!CHROMIUM)(`two editors on one blocks field${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  /** The editors' contexts: the worker's chromium outlives this file (browser.ts), so they are closed here. */
  const contexts: BrowserContext[] = [];
  let root = '';
  let token = '';
  const draft = () => JSON.parse(readFileSync(join(root, `content/articles/${ARTICLE}.draft.json`), 'utf8'));
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: BROWSER_WAIT });

  /** The two editors' pages, each in a browser context of its own, made once for the file (contexts cost a renderer and a sign-in). */
  let ann: Page;
  let ben: Page;
  /**
   * One editor: a fresh context signed in. Ann signs in through the form with "Keep me signed in"; Ben's context starts with the
   * storage that sign-in left (the token in localStorage, nothing else of hers).
   */
  async function editor(signedIn?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, storageState: signedIn });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(BROWSER_WAIT);
    if (signedIn) return page;
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/`);
    await page.getByLabel('API token').fill(token);
    await page.getByLabel('Keep me signed in on this browser (every tab)').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Content types' }).waitFor();
    return page;
  }
  /**
   * The article's form in a new page of the editor's context, `height` px high: nothing of an earlier test's form stays (a document
   * of its own), and an earlier test's unsaved edits ask nothing (the old page is closed, not reloaded: browser.ts, freshPage).
   * The studio's modules come from the context's cache after the first load.
   */
  async function openForm(editorPage: Page, height = 900): Promise<Page> {
    const page = await freshPage(editorPage);
    await page.setViewportSize({ width: 1200, height });
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/${ARTICLE}?locale=en`);
    await poll(() => page.locator('#field-title').inputValue()).not.toBe('');
    return page;
  }
  const block = (page: Page, n: number) => page.getByRole('textbox', { name: `body block ${n}` }).first();
  /** Type at the end of block `n`. */
  async function typeAtEnd(page: Page, n: number, text: string) {
    await block(page, n).click();
    await block(page, n).press('Control+End'); // the end of the text, not of a wrapped line
    await page.keyboard.type(text);
  }
  /** Ann (a script here) publishes the article through the REST API: the answer's status. */
  const putArticle = async (data: Record<string, string>) => (await fetch(`${server.url.replace(/\/$/, '')}/api/articles/${ARTICLE}?locale=en`, {
    method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ data }),
  })).status;
  const status = (page: Page) => page.locator('form.document > p.ok, form.document > p.error');
  async function save(page: Page) {
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => status(page).count()).toBe(1);
    return status(page).textContent();
  }

  beforeAll(async () => {
    root = copySampleSite();
    // A preview, to see it follow changes made elsewhere (nothing answers there: the frame's reloads are counted). On the server's
    // own site (127.0.0.1): a frame from another site (localhost) started a renderer process of its own at every form load.
    const config = join(root, 'cms.config.json');
    writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), preview: { enabled: true, config: {
      allowedOrigins: ['http://127.0.0.1:4321'], urls: { articles: 'http://127.0.0.1:4321/preview/articles/{documentId}?status={status}' },
    } } }));
    const cms = await createCms({ root, env: TEST_ENV, report: () => {} });
    token = (await cms.auth.tokens.create({ name: 'studio', type: 'full-access' })).accessKey;
    server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
    browser = await sharedBrowser(CHROMIUM!);
    ann = await editor();
    ben = await editor(await ann.context().storageState());
  }, 120_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await server?.close();
  });

  it('two editors editing different blocks of one blocks field both keep their text', async () => {
    ann = await openForm(ann);
    ben = await openForm(ben);
    await typeAtEnd(ann, 1, ' Ann was here.');
    await typeAtEnd(ben, 2, ' by Ben');
    expect(await save(ann)).toBe('Draft saved');
    // Ben's save names the version he opened: refused, merged block by block, nothing to ask.
    let said = await save(ben);
    if (said !== 'Draft saved') {
      expect(said).toBe('Not saved: this document changed elsewhere; their changes are now in the form. Save again.');
      expect(await block(ben, 1).textContent()).toBe('Norway in late summer is almost unfairly beautiful. Ann was here.');
      expect(await block(ben, 2).textContent()).toBe('Route by Ben');
      said = await save(ben);
    }
    expect(said).toBe('Draft saved');
    const body = draft().body;
    expect(body[0].children[0].text).toBe('Norway in late summer is almost unfairly beautiful. Ann was here.');
    expect(body[1].children[0].text).toBe('Route by Ben');
    // Ann's open form takes Ben's block in, keeping her own.
    await ann.evaluate(() => dispatchEvent(new Event('focus')));
    await poll(() => block(ann, 2).textContent()).toBe('Route by Ben');
    expect(await ann.locator('.conflict').count()).toBe(0);
  });

  it('a block both changed shows both full texts in a panel brought into view and focused; the choice is saved', async () => {
    ann = await openForm(ann);
    ben = await openForm(ben, 600);
    // A long first paragraph, so the two versions differ only past 117 characters.
    await block(ann, 1).click();
    await ann.keyboard.press('Control+A');
    // Put in as one text input (what a paste or an input method sends), not 290 key presses: the paragraph only has to be long.
    await ann.keyboard.insertText(LONG.trim());
    expect(await save(ann)).toBe('Draft saved');
    await ben.evaluate(() => dispatchEvent(new Event('focus')));
    await poll(() => block(ben, 1).textContent()).toBe(LONG.trim());
    await typeAtEnd(ann, 1, ' Ann ends it.');
    await typeAtEnd(ben, 1, ' Ben ends it.');
    await typeAtEnd(ben, 3, ' and more');
    expect(await save(ann)).toBe('Draft saved');
    // Ben's form finds the newer version while he types: the caret stays in his text until he leaves it.
    await ben.evaluate(() => dispatchEvent(new Event('focus')));
    const panel = ben.getByRole('alertdialog', { name: 'This document changed elsewhere while you were editing it' });
    await panel.waitFor();
    expect(await ben.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('body block 3, item 1');
    await ben.locator('[data-field="body"] > label').click(); // he leaves the text (the label is no text field)
    await poll(() => panel.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await panel.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= -1 && box.top < innerHeight / 2;
    })).toBe(true);
    expect(await panel.getByRole('status').textContent()).toBe('This document changed elsewhere. 1 place needs your choice.');
    const row = panel.locator('tr[data-place="body › block 1"]');
    expect(await row.getByRole('region', { name: 'Your version of body › block 1' }).textContent()).toBe(`${LONG.trim()} Ben ends it.`);
    expect(await row.getByRole('region', { name: 'Their version of body › block 1' }).textContent()).toBe(`${LONG.trim()} Ann ends it.`);
    expect(await row.locator('mark').allTextContents()).toEqual(['Ben', 'Ann']);
    expect(await panel.locator('tr[data-conflict]').count()).toBe(1); // block 3 (only Ben's) merged without asking
    // He types on in another block before choosing: applying merges again with what the form holds now.
    await typeAtEnd(ben, 3, '!');
    await panel.getByRole('button', { name: 'Apply my choices' }).click();
    await poll(() => panel.locator('tr[data-place="body › block 1"]').count()).toBe(1);
    expect(await block(ben, 3).textContent()).toBe('Trolltunga and more!');
    await row.getByLabel('theirs').check();
    await panel.getByRole('button', { name: 'Apply my choices' }).click();
    await poll(() => panel.count()).toBe(0);
    expect(await block(ben, 1).textContent()).toBe(`${LONG.trim()} Ann ends it.`);
    expect(await save(ben)).toBe('Draft saved');
    const body = draft().body;
    expect(body[0].children[0].text).toBe(`${LONG.trim()} Ann ends it.`);
    expect(body[2].children[0].children[0].text).toBe('Trolltunga and more!');
  });

  it('heading, state badge and preview follow a change saved elsewhere, even while a choice waits', async () => {
    ben = await openForm(ben);
    const frame = ben.locator('.preview-pane iframe');
    await frame.waitFor({ state: 'attached' });
    const loads = async () => Number(await frame.getAttribute('data-loads'));
    const before = await loads();
    await ben.locator('#field-title').fill('Ben\'s title');
    // Ann (a script here) publishes a new title through the REST API.
    expect(await putArticle({ title: 'Ann\'s title' })).toBe(200);
    await ben.evaluate(() => dispatchEvent(new Event('focus')));
    await ben.getByRole('alertdialog', { name: 'This document changed elsewhere while you were editing it' }).waitFor();
    expect(await ben.locator('h1').textContent()).toBe('Ann\'s title');
    await poll(() => ben.locator('.doc-state .badge').first().textContent()).toBe('Published');
    await poll(loads).toBeGreaterThan(before);
    expect(await ben.locator('#field-title').inputValue()).toBe('Ben\'s title'); // his text waits for his choice
  });

  it('a press that takes the caret from the text to the panel is never lost: nothing moves under it, the choice is applied once', async () => {
    ben = await openForm(ben);
    await ben.locator('#field-title').fill('Ben\'s own title');
    expect(await putArticle({ title: 'Ann\'s next title', description: 'Ann wrote this' })).toBe(200);
    await ben.evaluate(() => dispatchEvent(new Event('focus')));
    const panel = ben.getByRole('alertdialog', { name: 'This document changed elsewhere while you were editing it' });
    await panel.waitFor();
    expect(await ben.evaluate(() => document.activeElement?.id)).toBe('field-title'); // found while he types: the caret stays
    await panel.locator('tr[data-conflict=title]').getByLabel('theirs').check();
    // He presses "Apply my choices"; the press moves the caret out of the text. What the panel does about that is queued then
    // (a task): a task queued after it runs once it has, and only then is the press released.
    const apply = panel.getByRole('button', { name: 'Apply my choices' });
    await apply.scrollIntoViewIfNeeded();
    const where = (await apply.boundingBox())!;
    await ben.mouse.move(where.x + where.width / 2, where.y + where.height / 2);
    await ben.mouse.down();
    await ben.evaluate(() => new Promise((done) => setTimeout(done)));
    expect(await apply.boundingBox()).toEqual(where); // nothing moved under the pointer
    await ben.mouse.up();
    await poll(() => panel.count()).toBe(0); // applied, and asked once
    expect(await ben.locator('#field-title').inputValue()).toBe('Ann\'s next title');
    expect(await ben.locator('#field-description').inputValue()).toBe('Ann wrote this');
    expect(await save(ben)).toBe('No changes to save');
  });
});
