import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { serve, type RunningServer } from '../../core/http/serve.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';
import { findChromium } from './browser.js';

// The studio's editors in a real browser, on the sample site's article: every widget edited, the
// saved content FILE read back from disk.
const CHROMIUM = findChromium();
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
const MARCO = 'qig4xffu7hjyawrhvhipfbv9'; // the author "Marco Rossi"
const AMELIE = 'nvys3yb5qcrc89ob002blkoe'; // the author "Amélie Laurent"
const COFFEE = 'k4h9a2dz4n5hognvjhts7j3m'; // coffee-beans.png
const PIZZA = 'dylorqz16sqjb5nsoejm7ix6'; // pizza-margherita.png
const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });

describe.skipIf(!CHROMIUM)(`the studio's editors in a real browser${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 20_000 }, () => {
  let root: string;
  let cms: Cms;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const problems: string[] = [];
  const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
  const draft = () => readJson(`content/articles/${ARTICLE}.draft.json`);
  const field = (path: string) => page.locator(`[data-field="${path}"]`);
  const formStatus = () => page.locator('form.document > p.ok');
  /** The article's form, read afresh (a reload, so nothing of an earlier test's form remains). */
  const openArticle = async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/${ARTICLE}?locale=en`);
    await page.reload();
    await expect.poll(() => page.locator('#field-title').inputValue()).not.toBe('');
  };

  beforeAll(async () => {
    root = copySampleSite();
    // Bounds on the repeatable seo.metaSocial, so the form's min/max can be seen at work.
    const seoFile = join(root, 'schemas/components/shared/seo.json');
    const seo = JSON.parse(readFileSync(seoFile, 'utf8'));
    Object.assign(seo.attributes.metaSocial, { min: 1, max: 2 });
    writeFileSync(seoFile, JSON.stringify(seo));
    // A uid inside a component (the dynamic zone's quote), made from its sibling title.
    const quoteFile = join(root, 'schemas/components/shared/quote.json');
    const quote = JSON.parse(readFileSync(quoteFile, 'utf8'));
    quote.attributes.anchor = { type: 'uid', targetField: 'title' };
    quote.attributes.tone = { type: 'enumeration', enum: ['calm', 'loud'], default: 'calm' }; // a new entry starts with it
    writeFileSync(quoteFile, JSON.stringify(quote));
    // The types the sample article lacks: a date-time, a time, a boolean that may be null.
    const articleFile = join(root, 'schemas/api/article/content-types/article/schema.json');
    const article = JSON.parse(readFileSync(articleFile, 'utf8'));
    Object.assign(article.attributes, { eventAt: { type: 'datetime' }, opensAt: { type: 'time' }, pinned: { type: 'boolean' } });
    writeFileSync(articleFile, JSON.stringify(article));
    cms = await createCms({ root, env: TEST_ENV, report: () => {} });
    token = cms.auth.tokens.create({ name: 'studio', type: 'full-access' }).accessKey;
    server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.setDefaultTimeout(5000);
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/`);
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Content types' }).waitFor();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('keeps a screenshot of the edit form for the README', async () => {
    await openArticle();
    // Tall enough to show the media, relation, blocks and dynamic-zone editors.
    await page.setViewportSize({ width: 1200, height: 1800 });
    await page.screenshot({ path: join(ARTIFACTS, 'studio-edit-form.png'), fullPage: false });
    await page.setViewportSize({ width: 1200, height: 900 });
    // The README's picture is taken from this run: `cp test/studio/artifacts/studio-edit-form.png docs/`.
    expect(readdirSync(ARTIFACTS)).toContain('studio-edit-form.png');
  });

  it('writes a document back unchanged when nothing was edited, keeping blocks it does not edit (an image, a text node with a key it does not know)', async () => {
    const { name, alternativeText, caption, width, height, formats, hash, ext, mime, size, url, previewUrl, provider, createdAt, updatedAt } = readJson(`content/upload/${PIZZA}.json`);
    const image = { name, alternativeText, caption, width, height, formats, hash, ext, mime, size, url, previewUrl, provider, createdAt, updatedAt };
    const kept = [{ type: 'image', image, children: [text('')] }, { type: 'paragraph', children: [{ ...text('Kept'), colour: 'red' }] }];
    const response = await fetch(`${server.url.replace(/\/$/, '')}/api/articles/${ARTICLE}?status=draft&locale=en`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ data: { body: [...readJson(`content/articles/${ARTICLE}.json`).body, ...kept], eventAt: '2025-06-01T10:00:30.250Z', opensAt: '09:30:15.500', pinned: null } }),
    });
    expect(response.status).toBe(200);
    const before = draft();
    await openArticle();
    await expect.poll(() => page.locator('.blocks-kept, .blocks-image').count()).toBe(2);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');
    const { updatedAt: _before, ...stored } = before;
    const { updatedAt: _after, ...saved } = draft();
    expect(saved).toEqual(stored);
    expect(saved.body.slice(-2)).toEqual(kept);
    // To the millisecond, and a boolean never set stays null.
    expect([saved.eventAt, saved.opensAt, saved.pinned]).toEqual(['2025-06-01T10:00:30.250Z', '09:30:15.500', null]);
  });

  it('shows the API\'s error for a nested field (seo.metaSocial.0.title) at that field', async () => {
    await page.locator('#field-seo-metaSocial-0-title').fill('x'.repeat(61));
    await page.getByRole('button', { name: 'Save draft' }).click();
    const error = field('seo.metaSocial.0.title').locator('.field-error');
    await expect.poll(() => error.textContent()).toMatch(/at most 60 characters/);
    await page.locator('#field-seo-metaSocial-0-title').fill('Norway in pictures');
  });

  it('edits every widget of the article and writes each to the content file', async () => {
    // Scalars, and the uid generated by the server from the new title.
    await page.locator('#field-title').fill('Mountains of Norway, revisited');
    // A slug another article holds is said to be taken, with a free one offered.
    await page.locator('#field-slug').fill('the-best-coffee-in-rome');
    await field('slug').getByRole('button', { name: 'Use the-best-coffee-in-rome-1' }).waitFor();
    await page.locator('#field-slug').fill('');
    await field('slug').getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('#field-slug').inputValue()).toBe('mountains-of-norway-revisited');
    await expect.poll(() => field('slug').getByRole('status').textContent()).toBe('Available');
    expect(await field('views').locator('.shared').textContent()).toBe('same in every locale'); // i18n localized: false
    expect(await field('title').locator('.shared').count()).toBe(0);
    await page.locator('#field-views').fill('43');
    await page.locator('#field-featured').check();
    await page.locator('#field-publishDate').fill('2025-06-01');
    await page.locator('#field-readingTime').fill('6.5');
    await page.locator('#field-eventAt').fill('2025-07-04T18:45:10');
    await page.locator('#field-opensAt').fill('07:15:30');
    await page.locator('#field-pinned').check();
    await field('pinned').getByRole('button', { name: 'Clear pinned' }).click(); // back to never set
    await expect.poll(() => field('pinned').textContent()).toContain('not set');
    expect(await page.locator('#field-pinned').isChecked()).toBe(false);
    // A relation, by name.
    await field('author').getByRole('button', { name: 'Remove Amélie Laurent' }).click();
    await field('author').getByRole('combobox').fill('Marco');
    await field('author').getByRole('option', { name: 'Marco Rossi' }).click();
    // A single component, and a repeatable one inside it: add an entry and move it first.
    await page.locator('#field-seo-metaTitle').fill('Norway, revisited');
    const social = field('seo.metaSocial');
    expect(await social.getByRole('button', { name: 'Remove item 1' }).isDisabled()).toBe(true); // min 1
    await social.getByRole('button', { name: 'Add an entry to metaSocial' }).click();
    await expect.poll(() => social.locator('.item-add').textContent()).toContain('At most 2 entries.'); // max 2
    expect(await social.getByRole('button', { name: 'Remove item 1' }).isDisabled()).toBe(false);
    await page.locator('#field-seo-metaSocial-1-title').fill('Second look');
    await page.locator('#field-seo-metaSocial-1-socialNetwork').selectOption('Twitter');
    expect(await social.locator('.field-error').count()).toBe(1); // the previous test's error, at item 1
    await social.getByRole('button', { name: 'Move item 2 up' }).click();
    await expect.poll(() => page.locator('#field-seo-metaSocial-0-title').inputValue()).toBe('Second look');
    expect(await social.locator('.field-error').count()).toBe(0); // it named an index that moved: gone
    // The dynamic zone: add a quote, move it above the rich text, remove the rich text.
    await page.getByLabel('Component to add to blocks').selectOption('shared.quote');
    await field('blocks').getByRole('button', { name: 'Add to blocks' }).click();
    await page.locator('#field-blocks-2-title').fill('Go early');
    await page.locator('#field-blocks-2-body').fill('The light is best before nine.');
    expect(await page.locator('#field-blocks-2-tone').inputValue()).toBe('calm');
    await field('blocks.2.anchor').getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.locator('#field-blocks-2-anchor').inputValue()).toBe('go-early');
    // Dragged by its head onto the rich text's: the same move as "Move item 3 up".
    await field('blocks').locator('.item-head').nth(2).dragTo(field('blocks').locator('.item-head').nth(1));
    await expect.poll(() => page.locator('#field-blocks-1-title').inputValue()).toBe('Go early');
    await field('blocks').getByRole('button', { name: 'Remove item 3' }).click();
    await expect.poll(() => field('blocks').locator('.item-head > .link').allTextContents()).toEqual(['▾ Slider 1', '▾ Quote 2: Go early']);
    // Blocks: type, bold, Enter for a new paragraph, a link, a heading level.
    const first = page.getByRole('textbox', { name: 'body block 1' });
    await first.click();
    await first.press('End');
    await page.keyboard.type(' Truly.');
    for (let n = 0; n < 6; n++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Bold' }).click();
    await first.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Pack light.');
    const second = page.getByRole('textbox', { name: 'body block 2' });
    await expect.poll(() => second.textContent()).toBe('Pack light.');
    await second.press('Home');
    for (let n = 0; n < 4; n++) await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByLabel('Link URL').fill('https://example.com/pack');
    await page.getByRole('button', { name: 'Apply link' }).click();
    // Shift+Enter breaks the line; Ctrl+I with nothing selected makes the next typed text italic.
    await second.click();
    await second.press('End');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('Always.');
    await page.getByLabel('body block 3 type').selectOption('heading-3');
    await field('body').getByRole('button', { name: 'Add an image' }).click();
    const images = page.getByRole('dialog', { name: 'Media library' });
    await images.locator('button.tile', { hasText: 'pizza-margherita.png' }).click();
    await images.getByRole('button', { name: 'Choose 1' }).click();
    // The first test left an image block; this one adds a second, at the end.
    await expect.poll(() => field('body').locator('.blocks-image img').count()).toBe(2);
    // Media: the cover chosen in the library, its alt text saved to the file.
    await page.locator('#field-cover').click();
    const library = page.getByRole('dialog', { name: 'Media library' });
    await library.locator('button.tile', { hasText: 'coffee-beans.png' }).click();
    await library.getByRole('button', { name: 'Choose 1' }).click();
    await field('cover').getByLabel('Alternative text of coffee-beans.png').fill('Beans, roasted dark');
    await field('cover').getByRole('button', { name: 'Save alt text' }).click();
    await expect.poll(() => field('cover').getByRole('status').textContent()).toBe('Saved');
    expect(readJson(`content/upload/${COFFEE}.json`).alternativeText).toBe('Beans, roasted dark');

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'edit-form-editors.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');

    const saved = draft();
    expect(saved).toMatchObject({
      title: 'Mountains of Norway, revisited', slug: 'mountains-of-norway-revisited', views: 43, featured: true, publishDate: '2025-06-01', readingTime: 6.5, author: MARCO, cover: COFFEE,
      eventAt: new Date('2025-07-04T18:45:10').toISOString(), opensAt: '07:15:30.000', pinned: null, // the browser's local time, as this process's
    });
    expect(saved.seo).toEqual({
      metaTitle: 'Norway, revisited', metaDescription: 'A photo essay from the Norwegian fjords.', shareImage: PIZZA,
      metaSocial: [{ socialNetwork: 'Twitter', title: 'Second look', description: null }, { socialNetwork: 'Facebook', title: 'Norway in pictures', description: 'Fjords and ridges in late summer' }],
    });
    expect(saved.blocks).toEqual([{ __component: 'shared.slider', files: [PIZZA, COFFEE] }, { __component: 'shared.quote', title: 'Go early', body: 'The light is best before nine.', anchor: 'go-early', tone: 'calm' }]);
    expect(saved.body.slice(0, 3)).toEqual([
      { type: 'paragraph', children: [text('Norway in late summer is almost unfairly beautiful. '), text('Truly.', { bold: true })] },
      { type: 'paragraph', children: [{ type: 'link', url: 'https://example.com/pack', children: [text('Pack')] }, text(' light.\n'), text('Always.', { italic: true })] },
      { type: 'heading', level: 3, children: [text('Route')] },
    ]);
    expect(saved.body[3].type).toBe('list');
    expect(saved.body.at(-1)).toMatchObject({ type: 'image', image: { documentId: PIZZA, name: 'pizza-margherita.png', url: '/uploads/pizza_margherita_ad0fb71956.png' }, children: [text('')] });
    expect(saved.body.at(-1).image).not.toHaveProperty('isUrlSigned');
  });

  it('adds a single component to a new document, shows a required field missing at publish at its nested path, and removes the component', async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/new?locale=en`);
    await page.locator('#field-title').fill('Alpine notes');
    await field('seo').getByRole('button', { name: 'Add Seo' }).click();
    await page.locator('#field-seo-metaDescription').fill('Short notes from the Alps.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Alpine notes');
    const documentId = decodeURIComponent(new URL(page.url()).hash.split('/')[3].split('?')[0]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => field('seo.metaTitle').locator('.field-error').textContent()).toMatch(/^seo\.metaTitle must be a `string` type/);
    await page.locator('#field-seo-metaTitle').fill('Alpine');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Published');
    expect(readJson(`content/articles/${documentId}.json`).seo).toEqual({ metaTitle: 'Alpine', metaDescription: 'Short notes from the Alps.', shareImage: null, metaSocial: [] });

    await field('seo').getByRole('button', { name: 'Remove Seo' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');
    expect(readJson(`content/articles/${documentId}.draft.json`).seo ?? null).toBeNull();
  });

  it('writes Markdown from the rich text toolbar around the selection (a list of lines, then bold) and previews it', async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/new?locale=en`);
    await page.reload();
    await page.locator('#field-title').fill('Markdown notes');
    await page.getByLabel('Component to add to blocks').selectOption('shared.rich-text');
    await field('blocks').getByRole('button', { name: 'Add to blocks' }).click();
    const body = page.locator('#field-blocks-0-body');
    await body.fill('Fjords\nRidges');
    await body.press('Control+a');
    await field('blocks.0.body').getByRole('button', { name: 'Bulleted list' }).click();
    await expect.poll(() => body.inputValue()).toBe('- Fjords\n- Ridges');
    await body.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(2, 8));
    await body.press('Control+b');
    await expect.poll(() => body.inputValue()).toBe('- **Fjords**\n- Ridges');
    // The preview draws it as it reads (elements, never an HTML string), then back to the text.
    await field('blocks.0.body').getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('document', { name: 'Preview of body' });
    await expect.poll(() => preview.locator('ul > li').allTextContents()).toEqual(['Fjords', 'Ridges']);
    expect(await preview.locator('li strong').textContent()).toBe('Fjords');
    await field('blocks.0.body').getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => body.inputValue()).toBe('- **Fjords**\n- Ridges');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Markdown notes');
    const documentId = decodeURIComponent(new URL(page.url()).hash.split('/')[3].split('?')[0]);
    expect(readJson(`content/articles/${documentId}.draft.json`).blocks).toEqual([{ __component: 'shared.rich-text', body: '- **Fjords**\n- Ridges' }]);
  });

  it('writes new blocks into a new document: Enter splits, Backspace at a block\'s start joins, a nested list made with Tab and Shift+Tab, an item lifted by Backspace, code, a block dragged', async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/new?locale=en`);
    await page.reload();
    await page.locator('#field-title').fill('Blocks from scratch');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.keyboard.type('OneTwo');
    for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2' }).textContent()).toBe('Two');
    await page.keyboard.press('Backspace'); // the caret is at the start of "Two": joined back
    await page.keyboard.type('-');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 1' }).textContent()).toBe('One-Two');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.keyboard.type('first');
    await page.getByLabel('body block 2 type').selectOption('list-ordered');
    const item = page.getByRole('textbox', { name: 'body block 2, item 1' });
    await item.click();
    await item.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    // Tab nests "second" under "first"; Enter continues the nested list; Shift+Tab lifts "third"
    // back out; Enter twice (the second on an empty item) leaves the list for a paragraph.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.type('third');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2, nested list 2, item 2' }).textContent()).toBe('third');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2, item 3' }).textContent()).toBe('third');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('After the list.');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 3' }).textContent()).toBe('After the list.');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.getByLabel('body block 4 type').selectOption('code');
    await page.getByRole('textbox', { name: 'body block 4', exact: true }).fill('let a = 1;\nlet b = 2;');
    await page.getByLabel('body block 4 language').fill('js');
    // The code block dragged by its grip onto the paragraph before it: they swap.
    await field('body').locator('li.block').nth(3).locator('.grip').dragTo(field('body').locator('li.block').nth(2));
    await expect.poll(() => page.getByLabel('body block 3 language').inputValue()).toBe('js');
    // Backspace at the start of the last item lifts it out of the list: a paragraph after it.
    const third = page.getByRole('textbox', { name: 'body block 2, item 3' });
    await third.click();
    await third.press('Home');
    await third.press('Backspace');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 3' }).textContent()).toBe('third');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Blocks from scratch');
    const documentId = decodeURIComponent(new URL(page.url()).hash.split('/')[3].split('?')[0]);
    expect(readJson(`content/articles/${documentId}.draft.json`).body).toEqual([
      { type: 'paragraph', children: [text('One-Two')] },
      { type: 'list', format: 'ordered', children: [
        { type: 'list-item', children: [text('first')] },
        { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('second')] }] },
      ] },
      { type: 'paragraph', children: [text('third')] },
      { type: 'code', children: [text('let a = 1;\nlet b = 2;')], language: 'js' },
      { type: 'paragraph', children: [text('After the list.')] },
    ]);
  });

  it('turns a snippet typed at a paragraph\'s start into its kind: "## " a heading, "- " a bulleted list', async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/new?locale=en`);
    await page.reload();
    await page.locator('#field-title').fill('Snippets');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.keyboard.type('## Plan');
    await expect.poll(() => page.getByLabel('body block 1 type').inputValue()).toBe('heading-2');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- one');
    await page.keyboard.press('Enter');
    await page.keyboard.type('two');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2, item 2' }).textContent()).toBe('two');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Snippets');
    const documentId = decodeURIComponent(new URL(page.url()).hash.split('/')[3].split('?')[0]);
    expect(readJson(`content/articles/${documentId}.draft.json`).body).toEqual([
      { type: 'heading', level: 2, children: [text('Plan')] },
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('one')] }, { type: 'list-item', children: [text('two')] }] },
    ]);
  });

  it('asks before leaving a form with unsaved edits, and not once they are saved', async () => {
    await openArticle();
    const asked: string[] = [];
    page.once('dialog', (dialog) => { asked.push(dialog.message()); void dialog.dismiss(); });
    await page.locator('#field-description').fill('Unsaved words');
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Author' }).click();
    await expect.poll(() => asked).toEqual(['Leave without saving? Your changes will be lost.']);
    expect(await page.locator('#field-description').inputValue()).toBe('Unsaved words'); // stayed
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Author' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/t\/authors/);
    expect(asked).toHaveLength(1);
    expect(draft().description).toBe('Unsaved words');
  });

  it('uploads a file dropped on the library with its alt text from a multiple media field, reorders (drag and buttons) and removes files, and offers only allowed types', async () => {
    // A text file in the library: the slider's picker (images only) shows it disabled.
    const form = new FormData();
    form.append('files', new Blob(['notes'], { type: 'text/plain' }), 'notes.txt');
    expect((await fetch(`${server.url.replace(/\/$/, '')}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).status).toBe(201);
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
    expect(await library.getByLabel('File to upload').evaluate((input: HTMLInputElement) => [...input.files!].map((file) => file.name))).toEqual(['snowy-peak.png']);
    await library.getByLabel('Alternative text of the upload').fill('A snowy peak');
    await library.getByRole('button', { name: 'Upload and choose' }).click();
    await expect.poll(() => files.locator('.media-item .tile-name').allTextContents()).toEqual(['pizza-margherita.png', 'coffee-beans.png', 'snowy-peak.png']);
    // Dragged by its grip onto the first file, then the coffee moved up by its button.
    await files.locator('.media-item').nth(2).locator('.grip').dragTo(files.locator('.media-item').nth(0));
    await expect.poll(() => files.locator('.media-item .tile-name').allTextContents()).toEqual(['snowy-peak.png', 'pizza-margherita.png', 'coffee-beans.png']);
    await files.getByRole('button', { name: 'Move coffee-beans.png up' }).click();
    await files.getByRole('button', { name: 'Remove pizza-margherita.png' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => formStatus().textContent()).toBe('Draft saved');

    const uploaded = readdirSync(join(root, 'content/upload')).map((name) => ({ id: name.replace(/\.json$/, ''), ...readJson(`content/upload/${name}`) })).find((file) => file.name === 'snowy-peak.png');
    expect(uploaded).toMatchObject({ alternativeText: 'A snowy peak', mime: 'image/png' });
    expect(draft().blocks[0]).toEqual({ __component: 'shared.slider', files: [uploaded!.id, COFFEE] });
    expect(problems).toEqual([]);
  });

  it('reads a relation\'s target by its main field only, shows 12 chips until "Show all", searches the target on the server, picks with Enter and reorders by drag', async () => {
    const api = (method: string, path: string, data?: unknown) => fetch(`${server.url.replace(/\/$/, '')}/api/${path}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: data === undefined ? undefined : JSON.stringify({ data }),
    }).then((response) => response.json());
    const tags = [];
    for (let n = 1; n <= 14; n++) tags.push((await api('POST', 'tags', { name: `Peak ${String(n).padStart(2, '0')}` })).data.documentId);
    await api('PUT', `articles/${ARTICLE}?status=draft&locale=en`, { tags });
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
    await field('author').getByRole('combobox').fill('Laurent'); // Marco Rossi is the author now
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
