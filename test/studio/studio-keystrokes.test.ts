import type { Page, Request } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleHooks, type LifecycleEvent } from '../../core/extensions/lifecycles.js';
import { ARTICLE, CHROMIUM, editorSite } from './editor-site.js';
import { BROWSER_WAIT } from './browser.js';

// Issue #36, "never lose a keystroke": what an editor types while a save is under way stays in the
// form, in a real chromium on a private copy of the sample site. A slow link is a write held on the
// server by a lifecycle hook until the test has typed (no sleeps); the saved FILE is read back.

/** A promise with its resolve, for a hook to wait on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { opened, open };
}

describe.skipIf(!CHROMIUM)(`the studio keeps every keystroke${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, () => {
  const site = editorSite();
  let page: Page;
  beforeAll(() => { page = site.page; });
  afterEach(() => { site.cms.writeHooks = undefined; });
  const { draft, formStatus, openArticle } = site;
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: BROWSER_WAIT });
  const unsaved = () => page.locator('.badge-unsaved').count();
  const focused = () => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName);
  const caret = (id: string) => page.locator(`#${id}`).evaluate((input: HTMLInputElement) => [input.selectionStart, input.value.length]);

  /** Every article write waits in `beforeUpdate` (the server holds the request) until the test opens the gate. */
  function holdArticleWrites(change: (event: LifecycleEvent) => void = () => {}) {
    const arrived = gate();
    const release = gate();
    site.cms.writeHooks = lifecycleHooks(new Map([['api::article.article', {
      async beforeUpdate(event: LifecycleEvent) { change(event); arrived.open(); await release.opened; },
    }]]));
    return { arrived: arrived.opened, release: release.open };
  }

  it('keeps what is typed while a write is held on the server, shows it as unsaved, and keeps focus, caret and undo', async () => {
    await openArticle();
    // The server changes `views` as it writes: a field not edited meanwhile shows what was saved.
    const held = holdArticleWrites((event) => { (event.params.data as Record<string, unknown>).views = 1000; });
    await page.locator('#field-title').fill('Held save');
    await page.locator('#field-views').fill('43');
    await page.locator('#field-description').fill('Short text');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await held.arrived;
    // Typed during the save: more of the description, then more of the title, where the focus stays.
    await page.locator('#field-description').click();
    await page.locator('#field-description').press('End');
    await page.keyboard.type(' typed while saving');
    await page.locator('#field-title').click();
    await page.locator('#field-title').press('End');
    await page.keyboard.type(' and more');
    held.release();
    await poll(() => formStatus().textContent()).toBe('Draft saved');

    expect(draft()).toMatchObject({ title: 'Held save', views: 1000, description: 'Short text' });
    expect(await page.locator('#field-title').inputValue()).toBe('Held save and more');
    expect(await page.locator('#field-description').inputValue()).toBe('Short text typed while saving');
    expect(await page.locator('#field-views').inputValue()).toBe('1000'); // not edited since: the saved value
    expect(await unsaved()).toBe(1);
    expect(await focused()).toBe('field-title');
    expect(await caret('field-title')).toEqual([18, 18]);
    // The input was never replaced: its undo history is still there.
    await page.keyboard.press('Control+z');
    expect(await page.locator('#field-title').inputValue()).not.toBe('Held save and more');
    await page.keyboard.press('Control+Shift+z');
    expect(await page.locator('#field-title').inputValue()).toBe('Held save and more');

    site.cms.writeHooks = undefined;
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    await poll(() => unsaved()).toBe(0);
    expect(draft()).toMatchObject({ title: 'Held save and more', description: 'Short text typed while saving' });
  });

  it('keeps 100% of 30 characters typed within a second of pressing Save draft', async () => {
    await openArticle();
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
    await page.locator('#field-title').fill('Quick save');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('#field-description').click();
    await page.locator('#field-description').press('End');
    const typed = ' thirty characters typed fast'; // 29 + the word below
    await page.keyboard.type(`${typed}!`, { delay: 25 }); // 30 keys in about 0.75 s
    expect((await saved).status()).toBe(200);
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    const description = await page.locator('#field-description').inputValue();
    expect(description.endsWith(`${typed}!`)).toBe(true);
    expect(await focused()).toBe('field-description');
    expect(draft().title).toBe('Quick save');
    // Whether the answer came before or after the last key, the form holds every key, and says what is unsaved.
    await poll(() => unsaved()).toBe(draft().description === description ? 0 : 1);
  });

  it('never submits on Enter in a one-line field, and what is typed after it stays', async () => {
    await openArticle();
    const writes: Request[] = [];
    const onRequest = (request: Request) => { if (request.method() !== 'GET') writes.push(request); };
    page.on('request', onRequest);
    await page.locator('#field-title').fill('No submit');
    await page.locator('#field-title').press('Enter');
    await page.keyboard.type(' on Enter');
    await page.locator('#field-readingTime').fill('9');
    await page.locator('#field-readingTime').press('Enter');
    expect(await page.locator('#field-title').inputValue()).toBe('No submit on Enter');
    expect(await formStatus().count()).toBe(0);
    expect(writes).toEqual([]);
    page.off('request', onRequest);
    expect(await unsaved()).toBe(1);
  });

  it('saves on Ctrl+S wherever the focus is, and a Ctrl+S during a save saves again after it with what was typed', async () => {
    await openArticle();
    await page.locator('#field-title').fill('Saved by keys');
    await page.keyboard.press('Control+s');
    await poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(draft().title).toBe('Saved by keys');
    expect(await focused()).toBe('field-title');

    const held = holdArticleWrites();
    await page.locator('#field-title').fill('Saved twice');
    await page.keyboard.press('Control+s');
    await held.arrived;
    await page.keyboard.type(', typed in between');
    await page.keyboard.press('Control+s'); // asked while the first is held: it follows it
    site.cms.writeHooks = undefined;
    held.release();
    await poll(() => draft().title).toBe('Saved twice, typed in between');
    await poll(() => unsaved()).toBe(0);
    expect(await page.locator('#field-title').inputValue()).toBe('Saved twice, typed in between');
  });

  it('keeps a search typed while the list is still loading, and searches for it once it has drawn', async () => {
    // A slow list: its first page is held until the words are typed; its answer then draws the page again.
    const list = /\/api\/articles\?/;
    let answerList!: () => void;
    const listAsked = new Promise<void>((asked) => {
      void page.route(list, (route) => { answerList = () => void route.continue(); asked(); });
    });
    await site.loadAfresh('#/t/articles?locale=en');
    await listAsked;
    await page.getByRole('searchbox', { name: 'Search' }).fill('Norway');
    answerList();
    await page.unroute(list);
    const rows = page.locator('table.documents tbody tr');
    await poll(() => rows.count()).toBeGreaterThan(5);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Norway');
    await page.getByRole('button', { name: 'Search' }).click();
    await poll(() => rows.count()).toBe(1);
    // The article about Norway (its draft's title was changed by the tests above)
    expect(await rows.first().getByRole('link').getAttribute('href')).toContain(ARTICLE);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Norway');
  });

  it('keeps what is typed while a new document is being created, in the same form at the new address', async () => {
    const arrived = gate();
    const release = gate();
    site.cms.writeHooks = lifecycleHooks(new Map([['api::article.article', {
      async beforeCreate() { arrived.open(); await release.opened; },
    }]]));
    await site.newArticle();
    await page.locator('#field-title').fill('Made while typing');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await arrived.opened;
    await page.locator('#field-description').click();
    await page.keyboard.type('Typed during the create');
    release.open();
    await poll(() => formStatus().textContent()).toBe('Draft created');
    const documentId = site.shownDocumentId();
    expect(documentId).not.toBe('new');
    expect(await page.locator('#field-description').inputValue()).toBe('Typed during the create');
    expect(await focused()).toBe('field-description');
    expect(await unsaved()).toBe(1);
    expect(site.readJson(`content/articles/${documentId}.draft.json`)).toMatchObject({ title: 'Made while typing', description: null });
    site.cms.writeHooks = undefined;
    await page.keyboard.press('Control+s'); // now an update of the created document
    await poll(() => unsaved()).toBe(0);
    expect(site.readJson(`content/articles/${documentId}.draft.json`).description).toBe('Typed during the create');
  });
});
