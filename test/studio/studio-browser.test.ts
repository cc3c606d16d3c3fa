import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import type { RunningServer } from '../../core/http/serve.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite } from '../helpers/project.js';
import { findChromium, openStudio, type StudioSession } from './browser.js';

const CHROMIUM = findChromium();
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway", by Amélie Laurent
const MARCO = 'qig4xffu7hjyawrhvhipfbv9'; // the author "Marco Rossi"
const PASSWORD = 'Correct-Horse-9';

if (!CHROMIUM) {
  process.stderr.write('\n[studio] browser tests SKIPPED: no chromium binary found (apt-get install -y chromium, or set CHROMIUM_PATH)\n\n');
}

describe.skipIf(!CHROMIUM)(`the studio in a real browser${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 },
  () => {
  let root: string;
  let cms: Cms;
  let server: RunningServer;
  let session: StudioSession;
  let page: Page;
  let token: string;
  const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

  beforeAll(async () => {
    root = copySampleSite();
    const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
    // An editor account whose role may only touch articles and read authors.
    config.permissions.authenticated = { 'api::article.article': ['find', 'findOne', 'update'], 'api::author.author': ['find', 'findOne'] };
    writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config));
    cms = await createCms({ root, env: TEST_ENV, report: () => {} });
    token = (await cms.auth.tokens.create({ name: 'studio', type: 'full-access' })).accessKey;
    await cms.auth.users.add({ username: 'editor', email: 'editor@example.com', password: PASSWORD });
    session = await openStudio(cms, CHROMIUM!);
    ({ server, page } = session);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  const studio = () => `${server.url.replace(/\/$/, '')}/admin`;

  it('serves the page at /admin with no console errors and asks for a credential', async () => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
    await page.goto(studio());
    await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
    // The goal is a usable screen in under 1 s: `npm run bench:studio` measures it (speed is never
    // asserted in a test). The figure of this run is kept beside the screenshot, for a look.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
    const firstScreen = await page.evaluate(() => performance.now());
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'first-screen-ms.txt'), `${Math.round(firstScreen)}\n`);
    expect(page.url()).toMatch(/\/admin\/$/);
    expect(problems).toEqual([]);
  });

  it('refuses a wrong token, and signs in with an account to exactly its role', async () => {
    await page.getByLabel('API token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('That credential is not valid.');
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByLabel('Email or username').fill('editor@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Content types' });
    await nav.getByRole('link', { name: 'Article' }).waitFor();
    expect(await nav.getByRole('listitem').allTextContents()).toEqual(['Article', 'Author']);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
  });

  it('signs in with an API token and lists, searches and switches locale and status', async () => {
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Article' }).click();
    const rows = page.locator('table.documents tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(5);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Norway');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.allTextContents()).toHaveLength(1);
    expect(await rows.first().getByRole('link').textContent()).toBe('Beautiful mountains of Norway');
    // Two changes before the list draws again (a quick editor, or a loaded machine): clearing the
    // search, then picking a locale, must not bring the old search back with the locale.
    await page.evaluate(() => {
      const search = document.querySelector<HTMLFormElement>('form[role=search]')!;
      search.querySelector('input')!.value = '';
      search.requestSubmit();
      const locale = document.querySelector<HTMLSelectElement>('select[aria-label=Locale]')!;
      locale.value = 'fr';
      locale.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(new URL(page.url()).hash).toBe('#/t/articles?locale=fr');
    await expect.poll(() => page.locator('table.documents a').allTextContents()).toContain("L'enfant d'Internet");
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Locale').selectOption('fr');
    await expect.poll(() => page.locator('table.documents a').allTextContents()).toContain("L'enfant d'Internet");
    await page.getByLabel('Status').selectOption('published');
    expect(page.url()).toContain('status=published');
    await page.getByLabel('Locale').selectOption('en');
    await expect.poll(() => page.locator('table.documents a').allTextContents()).toContain('Beautiful mountains of Norway');
  });

  it('edits a title and a relation, shows the API\'s validation error at its field, saves the draft and publishes', async () => {
    await page.getByRole('link', { name: 'Beautiful mountains of Norway' }).click();
    const title = page.locator('#field-title');
    await expect.poll(() => title.inputValue()).toBe('Beautiful mountains of Norway');
    // The relation shows the author's name, never an id.
    const author = page.locator('[data-field=author]');
    await expect.poll(() => author.locator('.chip').allTextContents()).toEqual(['Amélie Laurent×']);
    await page.screenshot({ path: join(ARTIFACTS, 'edit-form.png'), fullPage: true });

    await title.fill('Mountains of Norway, revisited');
    await author.getByRole('button', { name: 'Remove Amélie Laurent' }).click();
    await author.getByRole('combobox').fill('Marco');
    await author.getByRole('option', { name: 'Marco Rossi' }).click();
    await page.locator('#field-description').fill('x'.repeat(81));
    await page.getByRole('button', { name: 'Save draft' }).click();
    const error = page.locator('[data-field=description] .field-error');
    // In an editor's words, from the schema's rule before any request (the core's rule table).
    await expect.poll(() => error.textContent()).toBe('At most 80 characters');

    await page.locator('#field-description').fill('Fjords and ridges, again.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Draft saved');
    expect(await error.count()).toBe(0);
    const draft = readJson(`content/articles/${ARTICLE}.draft.json`);
    expect(draft).toMatchObject({ title: 'Mountains of Norway, revisited', author: MARCO, description: 'Fjords and ridges, again.' });
    expect(readJson(`content/articles/${ARTICLE}.json`).title).toBe('Beautiful mountains of Norway');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Published');
    expect(readJson(`content/articles/${ARTICLE}.json`)).toMatchObject({ title: 'Mountains of Norway, revisited', author: MARCO });
  });

  it('creates a document, then deletes it after a confirmation', async () => {
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Category' }).click();
    await page.getByRole('link', { name: 'New Category' }).click();
    await page.locator('#field-name').fill('Mountains');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mountains');
    const documentId = decodeURIComponent(new URL(page.url()).hash.split('/')[3].split('?')[0]);
    expect(readJson(`content/categories/${documentId}.json`)).toMatchObject({ name: 'Mountains' });

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Category');
    expect(readdirSync(join(root, 'content/categories')).some((name) => name.startsWith(documentId))).toBe(false);
    expect(existsSync(join(root, `content/categories/${documentId}.json`))).toBe(false);
  });

  it('edits a single type in place', async () => {
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Global' }).click();
    await page.getByRole('heading', { name: 'Global', level: 1 }).waitFor();
    const siteName = page.locator('#field-siteName');
    await expect.poll(() => siteName.inputValue()).not.toBe('');
    await siteName.fill('Mountain Notes');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved');
    const [file] = readdirSync(join(root, 'content/globals'));
    expect(readJson(`content/globals/${file}`).siteName).toBe('Mountain Notes');
  });
});
