import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import type { RunningServer } from '../../core/http/serve.js';
import { TEST_ENV } from '../auth/helpers.js';
import { BROWSER_WAIT, findChromium, openStudio, type StudioSession } from './browser.js';
import { addBareRemote, git, gitSampleSite } from './git-site.js';

const CHROMIUM = findChromium();
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
const ENGLISH_ONLY = 'erdjn7qamd22o2key07vrft5'; // an article with no French version
const PASSWORD = 'Correct-Horse-9';
/** Polls wait as long as the page's own actions may (5 s), not vitest's 1 s: CI runs every test file at once on two cores. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: BROWSER_WAIT });

describe.skipIf(!CHROMIUM)(`the studio's lists, document actions and Git panel in a real browser${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  let root: string;
  let cms: Cms;
  let server: RunningServer;
  let session: StudioSession;
  let page: Page;
  let token: string;
  const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
  const status = () => page.getByRole('status').textContent();
  const rows = () => page.locator('table.documents tbody tr');
  const firstCells = () => page.locator('table.documents tbody tr td:first-child').allTextContents();

  beforeAll(async () => {
    // A real git repository; the editor account may touch articles and read authors.
    root = gitSampleSite({ 'api::article.article': ['find', 'findOne', 'update'], 'api::author.author': ['find', 'findOne'] });
    cms = await createCms({ root, env: TEST_ENV, report: () => {} });
    token = (await cms.auth.tokens.create({ name: 'Studio Owner', type: 'full-access' })).accessKey;
    await cms.auth.users.add({ username: 'editor', email: 'editor@example.com', password: PASSWORD });
    session = await openStudio(cms, CHROMIUM!);
    ({ server, page } = session);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  async function signIn(credential: 'token' | 'editor') {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/`);
    const signOut = page.getByRole('button', { name: 'Sign out' });
    const signInForm = page.getByRole('heading', { name: 'Sign in to the studio' });
    // Wait for the page to draw one or the other: a session kept in the tab is restored only after
    // the schemas arrive, so asking at once whether it is signed in races the page.
    await signInForm.or(signOut).waitFor();
    if (await signOut.isVisible()) {
      await signOut.click();
      await signInForm.waitFor();
    }
    if (credential === 'token') {
      await page.getByLabel('API token').fill(token);
    } else {
      await page.getByRole('tab', { name: 'Account' }).click();
      await page.getByLabel('Email or username').fill('editor');
      await page.getByLabel('Password').fill(PASSWORD);
    }
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Article' }).waitFor();
  }

  it('lists with search, a field filter, sorting by a column, a page size and the Git state of each document', async () => {
    await signIn('token');
    await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Article' }).click();
    await poll(() => rows().count()).toBeGreaterThan(5);
    await poll(() => page.locator('td.git-state').first().textContent()).toBe('unchanged');

    await page.getByLabel('Filter field').selectOption('title');
    await page.getByLabel('Filter operator').selectOption('$containsi');
    await page.getByLabel('Filter value').fill('norway');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await poll(firstCells).toEqual(['Beautiful mountains of Norway']);
    expect(decodeURIComponent(page.url())).toContain('f=[["title","$containsi","norway"]]');
    await page.getByRole('button', { name: 'Remove filter title contains “norway”' }).click();
    await poll(() => rows().count()).toBeGreaterThan(5);
    // Through a relation, by the target's main field: filters[$and][0][author][name][$eqi].
    await page.getByLabel('Filter field').selectOption('author.name');
    await page.getByLabel('Filter operator').selectOption('$eqi');
    await page.getByLabel('Filter value').fill('amélie laurent');
    await page.getByRole('button', { name: 'Add filter' }).click();
    const byAmelie = await fetch(
      `${server.url.replace(/\/$/, '')}/api/articles?filters[author][name][$eq]=Amélie Laurent&status=draft&locale=en&sort=updatedAt:desc`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const expected = ((await byAmelie.json()).data as Array<{ title: string }>).map((article) => article.title);
    expect(expected.length).toBeGreaterThan(0);
    await poll(firstCells).toEqual(expected);
    await page.getByRole('button', { name: /^Remove filter author\.name/ }).click();
    await poll(() => rows().count()).toBeGreaterThan(5);

    // The rows come in the API's own order for the sort the header asked for.
    const apiOrder = async (sort: string) => {
      const response = await fetch(
        `${server.url.replace(/\/$/, '')}/api/articles?sort=${sort}&status=draft&locale=en&pagination[pageSize]=20`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      return ((await response.json()).data as Array<{ title: string }>).map((article) => article.title);
    };
    await page.getByRole('button', { name: 'title' }).click();
    expect(page.url()).toContain('sort=title%3Aasc');
    const ascending = await apiOrder('title:asc');
    await poll(firstCells).toEqual(ascending);
    await page.getByRole('button', { name: 'title' }).click();
    expect(page.url()).toContain('sort=title%3Adesc');
    await poll(firstCells).toEqual(await apiOrder('title:desc'));
    expect(ascending.slice(0, 3)).not.toEqual((await apiOrder('title:desc')).slice(0, 3));

    await page.getByLabel('Page size').selectOption('10');
    await poll(() => rows().count()).toBe(10);
    await poll(() => page.getByRole('navigation', { name: 'Pages' }).textContent()).toMatch(/Page 1 of 2/);
  });

  it('shows the API\'s validation error inline, saves a draft, publishes, unpublishes and discards a draft', async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/${ARTICLE}?locale=en`);
    const title = page.locator('#field-title');
    await poll(() => title.inputValue()).toBe('Beautiful mountains of Norway');
    await page.locator('#field-description').fill('x'.repeat(81));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => page.locator('[data-field=description] .field-error').textContent()).toBe('At most 80 characters');

    await page.locator('#field-description').fill('Fjords.');
    await title.fill('Norway, published from the studio');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await poll(status).toBe('Published');
    expect(readJson(`content/articles/${ARTICLE}.json`).title).toBe('Norway, published from the studio');

    await page.getByRole('button', { name: 'Unpublish' }).click();
    await poll(status).toBe('Unpublished');
    expect(existsSync(join(root, `content/articles/${ARTICLE}.json`))).toBe(false);
    expect(readJson(`content/articles/${ARTICLE}.draft.json`).title).toBe('Norway, published from the studio');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await poll(status).toBe('Published');
    await title.fill('A draft to throw away');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(status).toBe('Draft saved');
    expect(readJson(`content/articles/${ARTICLE}.draft.json`).title).toBe('A draft to throw away');
    page.once('dialog', (dialog) => dialog.accept()); // "Discard the draft? …"
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await poll(status).toBe('Draft discarded');
    await poll(() => title.inputValue()).toBe('Norway, published from the studio');
    expect(existsSync(join(root, `content/articles/${ARTICLE}.draft.json`))).toBe(false);
  });

  it('duplicates a document with its relations, names the copy and makes its uid afresh', async () => {
    const source = readJson(`content/articles/${ARTICLE}.json`);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    // The copy opens in the form, under its own documentId.
    const openId = () => decodeURIComponent(new URL(page.url()).hash.split('/')[3].split('?')[0]);
    await poll(openId).not.toBe(ARTICLE);
    const copy = openId();
    await poll(() => page.locator('#field-title').inputValue()).toBe(`${source.title} (copy)`);
    await poll(() => existsSync(join(root, `content/articles/${copy}.draft.json`))).toBe(true);
    const stored = readJson(`content/articles/${copy}.draft.json`);
    expect(stored).toMatchObject({ title: `${source.title} (copy)`, author: source.author, category: source.category });
    expect(stored.slug)
      .toBe('norway-published-from-the-studio-copy'); // unique fields are cleared: the server makes the uid from the new title
  });

  it('creates a localisation filled from another locale', async () => {
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/${ENGLISH_ONLY}?locale=fr`);
    await page.getByText('No “fr” version yet: saving creates it.').waitFor();
    const english = readJson(`content/articles/${ENGLISH_ONLY}.json`);
    await page.getByLabel('Fill from locale').selectOption('en');
    await poll(() => page.locator('#field-title').inputValue()).toBe(english.title);
    await page.locator('#field-title').fill(`${english.title} (fr)`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(status).toBe('Draft saved');
    expect(readJson(`content/articles/${ENGLISH_ONLY}.fr.draft.json`).title).toBe(`${english.title} (fr)`);
  });

  it('commits from the Git panel as the signed-in account: the diff shown, the commit and the file on disk', async () => {
    await signIn('editor');
    // From the form: the document's own changes against HEAD.
    await page.goto(`${server.url.replace(/\/$/, '')}/admin/#/t/articles/${ENGLISH_ONLY}?locale=fr`);
    await page.getByRole('link', { name: 'Changes', exact: true }).click();
    await page.getByRole('heading', { name: `Changes of articles/${ENGLISH_ONLY} (all changes)` }).waitFor();
    await poll(() => page.getByRole('list', { name: 'Changed files' }).locator('.path').allTextContents())
      .toEqual([`content/articles/${ENGLISH_ONLY}.fr.draft.json`]);
    await poll(() => page.locator('pre.diff').textContent()).toMatch(/new file mode[\s\S]*\+\s*"title": ".*\(fr\)"/);
    await page.getByRole('link', { name: '(all changes)' }).click();
    await poll(() => page.getByLabel('Current branch').textContent()).toBe('main');
    const changed = page.getByRole('list', { name: 'Changed files' });
    await poll(() => changed.locator('.path').count()).toBeGreaterThan(1);
    await changed.locator('li').filter({ hasText: `content/articles/${ARTICLE}.json` }).locator('.change-name').click();
    await poll(() => page.locator('pre.diff').textContent()).toContain('+  "title": "Norway, published from the studio"');
    await page.getByLabel('Commit message').fill('Studio edits: Norway republished, a French draft');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'git-panel.png'), fullPage: true });
    await page.getByLabel('Commit message').fill('Studio edits: Norway republished, a French draft');
    // The duplicate's file is left out of this commit (unticked), then committed on its own.
    const paths = await changed.locator('.path').allTextContents();
    const copyFile = paths.find((path) => !path.includes(ARTICLE) && !path.includes(ENGLISH_ONLY))!;
    expect(paths).toHaveLength(3);
    await page.getByLabel(`Include ${copyFile}`).uncheck();
    await page.getByRole('button', { name: 'Commit 2 files' }).click();
    await poll(status).toMatch(/^Committed 2 files as [0-9a-f]{7} \(author editor\)$/);
    expect(git(root, 'log', '-1', '--format=%an <%ae>|%s'))
      .toBe('editor <editor@example.com>|Studio edits: Norway republished, a French draft');
    expect(git(root, 'show', `HEAD:content/articles/${ENGLISH_ONLY}.fr.draft.json`))
      .toBe(readFileSync(join(root, `content/articles/${ENGLISH_ONLY}.fr.draft.json`), 'utf8').trim());
    expect(git(root, 'status', '--porcelain', '--', 'content')).toBe(`?? ${copyFile}`);
    await page.getByLabel('Commit message').fill('A copy of the Norway article');
    await page.getByRole('button', { name: 'Commit 1 file' }).click();
    await poll(status).toMatch(/^Committed 1 file as/);
    expect(git(root, 'status', '--porcelain', '--', 'content')).toBe('');
    await page.getByText('No uncommitted changes in content/, schemas/ or public/uploads.').waitFor();
    // An account that may not write every type cannot move branches.
    await page.getByText('Pushing needs a credential that may do everything').waitFor();
  });

  it('lists branches without switching the served tree, offers change requests instead, and pushes the Published site\'s branch', async () => {
    const remote = addBareRemote(root);
    git(root, 'branch', 'edits/spring');
    await signIn('token');
    await page.getByRole('link', { name: 'Git', exact: true }).click();
    await page.getByText('other branches: edits/spring').waitFor();
    expect(await page.getByRole('button', { name: 'Create and switch' }).count()).toBe(0);
    expect(await page.getByLabel('Branch to switch to').count()).toBe(0);
    expect(await page.locator('.git-branches').getByRole('link', { name: 'change request' }).getAttribute('href')).toBe('#/change-requests');
    await page.getByRole('button', { name: 'Push main' }).click();
    await poll(status).toBe('Pushed main to origin');
    await page.getByText('Up to date with its remote branch.').waitFor();
    expect(git(remote, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'main'));
    expect(git(root, 'branch', '--show-current')).toBe('main');
  });
});
