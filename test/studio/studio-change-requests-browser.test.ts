import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { setupMergeDriver } from '../../core/git/merge-setup.js';
import { TEST_ENV } from '../auth/helpers.js';
import { REPO_ROOT } from '../helpers/project.js';
import { axeViolations } from './axe.js';
import { BROWSER_WAIT, findChromium, openStudio, type StudioSession } from './browser.js';
import { addBareRemote, git, gitSampleSite } from './git-site.js';

// Issue 37's "done when": two editors, each on a change request of their own in their own browser,
// while a third client reads the Published site. The served tree never moves; each branch holds its
// editor's commits only; Propose pushes that branch alone; merging both keeps every field of both.

const CHROMIUM = findChromium();
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/merge-driver.js'))}`;
const PASSWORD = 'Correct-Horse-9';
const SHARED = 'xuvirszvhs0w2njrjrg3g8dw'; // "How I fixed a nasty Bug…", a published article with a draft: both editors change it
const TOKENS_ARTICLE = 'kfpncig567pl664pn9lrxp39'; // "This shrimp is awesome"
const EDITORS_ARTICLE = 'jfsgk21o4wtsoknlvf65xsrj'; // "The best coffee in Rome"
const CATEGORY = 'dr53qgpqqvshydcnntpfqvew'; // "Nature" (no draft & publish): the account may not change categories
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: BROWSER_WAIT });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!CHROMIUM)(`change requests: two editors on two branches in two browsers${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`,
  { timeout: 600_000 }, () => {
    let root: string;
    let remote: string;
    let cms: Cms;
    let session: StudioSession;
    let token: string;
    let tokenPage: Page;
    let editorContext: BrowserContext;
    let editorPage: Page;
    const studio = () => session.studioUrl;
    const api = () => session.server.url.replace(/\/$/, '');

    /** The third client: the Published site's API, drafts included, as any reader with a token gets it (no Cms-Branch). */
    async function read(path: string, branch?: string) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (branch) headers['cms-branch'] = branch;
      const answer = await fetch(`${api()}/api/${path}`, { headers });
      expect(answer.status).toBe(200);
      return (await answer.json()).data;
    }
    const site = async (branch?: string) => ({
      shared: await read(`articles/${SHARED}?locale=en&status=draft`, branch),
      tokens: await read(`articles/${TOKENS_ARTICLE}?locale=en&status=draft`, branch),
      editors: await read(`articles/${EDITORS_ARTICLE}?locale=en&status=draft`, branch),
      category: await read(`categories/${CATEGORY}`, branch),
    });
    const fields = (one: Awaited<ReturnType<typeof site>>) => ({
      shared: [one.shared.title, one.shared.description], tokens: one.tokens.title, editors: one.editors.title,
      category: one.category.description,
    });

    async function signIn(page: Page, credential: 'token' | 'editor', at = '') {
      await page.goto(`${studio()}/${at}`);
      await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
      if (credential === 'token') {
        await page.getByLabel('API token').fill(token);
      } else {
        await page.getByRole('tab', { name: 'Account' }).click();
        await page.getByLabel('Email or username').fill('editor');
        await page.getByLabel('Password').fill(PASSWORD);
      }
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    }
    const saved = (page: Page) => page.locator('form.document p.ok');
    const savesGo = (page: Page) => page.getByRole('region', { name: 'Where saves go' }).locator('.saves-target strong');
    async function edit(page: Page, branch: string, path: string, field: string, value: string) {
      await page.goto(`${studio()}/#/cr/${encodeURIComponent(branch)}/t/${path}`);
      await poll(() => page.locator(`#field-${field}`).inputValue()).not.toBe('');
      await page.locator(`#field-${field}`).fill(value);
      await page.locator('form.document button[type=submit]').click();
      // The error's words, if any, are the failure's message.
      await poll(() => page.locator('form.document > p.ok, form.document > p.error').first().textContent()).toMatch(/^(Draft saved|Saved)$/);
    }

    beforeAll(async () => {
      // The account may change articles (so it may publish them) and only read categories.
      root = gitSampleSite({
        'api::article.article': ['find', 'findOne', 'create', 'update', 'delete'],
        'api::category.category': ['find', 'findOne'], 'api::author.author': ['find', 'findOne'],
        'api::tag.tag': ['find', 'findOne'],
      });
      remote = addBareRemote(root);
      // The remote is "GitHub" as configured (the compare link is built from it); git reaches the local bare repository instead.
      git(root, 'remote', 'set-url', 'origin', 'https://github.com/acme/site.git');
      git(root, 'config', `url.${remote}.insteadOf`, 'https://github.com/acme/site.git');
      await setupMergeDriver(root, DRIVER);
      git(root, 'add', '--all');
      git(root, 'commit', '--quiet', '--allow-empty', '-m', 'The content merge driver');
      git(root, 'push', '--quiet', '-u', 'origin', 'main'); // one push of both commits
      cms = await createCms({ root, env: TEST_ENV, report: () => {} });
      token = (await cms.auth.tokens.create({ name: 'Site Owner', type: 'full-access' })).accessKey;
      await cms.auth.users.add({ username: 'editor', email: 'editor@example.com', password: PASSWORD });
      session = await openStudio(cms, CHROMIUM!);
      tokenPage = session.page;
      editorContext = await session.browser.newContext({ viewport: DESKTOP });
      editorPage = await editorContext.newPage();
      editorPage.setDefaultTimeout(BROWSER_WAIT);
    }, 120_000);

    afterAll(async () => {
      await editorContext?.close();
      await session?.close();
    });

    it('keeps each editor on a change request of their own until a merge, and merging both loses no field', async () => {
      const before = await site();
      const head = git(root, 'rev-parse', 'HEAD');
      const unchanged = async () => {
        expect(await site()).toEqual(before);
        expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
        expect(git(root, 'branch', '--show-current')).toBe('main');
      };

      // The token may publish everything: on the Published site its form is not asked to move, and saves go there.
      await signIn(tokenPage, 'token', `#/t/articles/${SHARED}?locale=en`);
      await poll(() => savesGo(tokenPage).textContent()).toBe('Published site');
      await poll(() => tokenPage.locator('#field-title').inputValue()).not.toBe('');
      expect(await tokenPage.getByRole('complementary', { name: 'You are editing the Published site' }).count()).toBe(0);
      await tokenPage.getByRole('button', { name: 'New change request' }).click();
      await tokenPage.getByLabel('Name of the change request').fill('spring-token');
      await tokenPage.getByRole('button', { name: 'Start', exact: true }).click();
      await poll(() => tokenPage.evaluate(() => location.hash)).toBe(`#/cr/spring-token/t/articles/${SHARED}?locale=en`);
      await poll(() => savesGo(tokenPage).textContent()).toBe('Change request: spring-token');

      // The account is asked, above the form on the Published site, to start a change request; the same document opens on it.
      await signIn(editorPage, 'editor', `#/t/articles/${EDITORS_ARTICLE}?locale=en`);
      const prompt = editorPage.getByRole('complementary', { name: 'You are editing the Published site' });
      await prompt.getByRole('button', { name: 'Start a change request' }).click();
      await prompt.getByLabel('Name of the change request').fill('autumn-editor');
      await prompt.getByRole('button', { name: 'Start', exact: true }).click();
      await poll(() => editorPage.evaluate(() => location.hash)).toBe(`#/cr/autumn-editor/t/articles/${EDITORS_ARTICLE}?locale=en`);
      await poll(() => savesGo(editorPage).textContent()).toBe('Change request: autumn-editor');
      await unchanged();

      // Saves, interleaved, each read back by the third client from the Published site: unchanged.
      await edit(tokenPage, 'spring-token', `articles/${SHARED}?locale=en`, 'title', 'Fixed by the token');
      await unchanged();
      await edit(editorPage, 'autumn-editor', `articles/${EDITORS_ARTICLE}?locale=en`, 'title', 'Coffee, by the editor');
      await unchanged();
      await edit(tokenPage, 'spring-token', `articles/${TOKENS_ARTICLE}?locale=en`, 'title', 'Shrimp, by the token');
      await unchanged();
      // The editor's form of the shared article, on her branch, shows her branch: not the token's title.
      await editorPage.goto(`${studio()}/#/cr/autumn-editor/t/articles/${SHARED}?locale=en`);
      await poll(() => editorPage.locator('#field-title').inputValue()).toBe(before.shared.title);
      await editorPage.locator('#field-description').fill('Described by the editor');
      // The token saves that article again on its own branch while her form is open with unsaved edits…
      await edit(tokenPage, 'spring-token', `categories/${CATEGORY}`, 'description', 'Nature, described by the token');
      await edit(tokenPage, 'spring-token', `articles/${SHARED}?locale=en`, 'title', 'Fixed twice by the token');
      // …and her form, checking its document again, finds nothing new: it reads her branch only.
      const checked = editorPage.waitForResponse((answer) => answer.url().includes(`/api/articles/${SHARED}`)
        && answer.request().method() === 'GET' && answer.request().headers()['cms-branch'] === 'autumn-editor');
      await editorPage.evaluate(() => dispatchEvent(new Event('focus')));
      await checked;
      expect(await editorPage.locator('#field-title').inputValue()).toBe(before.shared.title);
      expect(await editorPage.getByText(/changes saved elsewhere|changed elsewhere/).count()).toBe(0);
      await editorPage.locator('form.document button[type=submit]').click();
      await poll(() => saved(editorPage).textContent()).toBe('Draft saved');
      await unchanged();

      // Each branch holds exactly its editor's commits, authored by that editor, and only that editor's documents.
      expect(git(root, 'log', '--format=%an', 'main..spring-token').split('\n')).toEqual(Array(4).fill('Site Owner'));
      expect(git(root, 'log', '--format=%an <%ae>', 'main..autumn-editor').split('\n')).toEqual(Array(2).fill('editor <editor@example.com>'));
      expect(git(root, 'diff', '--name-only', 'main...spring-token').split('\n').sort()).toEqual([
        `content/articles/${SHARED}.draft.json`, `content/articles/${TOKENS_ARTICLE}.draft.json`, `content/categories/${CATEGORY}.json`,
      ].sort());
      expect(git(root, 'diff', '--name-only', 'main...autumn-editor').split('\n').sort()).toEqual([
        `content/articles/${EDITORS_ARTICLE}.draft.json`, `content/articles/${SHARED}.draft.json`,
      ].sort());
      // Each branch's API answers its own edits over the Published site's.
      expect(fields(await site('autumn-editor'))).toEqual({ ...fields(before), shared: [before.shared.title, 'Described by the editor'],
        editors: 'Coffee, by the editor' });
      expect(fields(await site('spring-token'))).toEqual({ ...fields(before), shared: ['Fixed twice by the token',
        before.shared.description], tokens: 'Shrimp, by the token', category: 'Nature, described by the token' });

      // The list, in document words: each document linked to itself on that branch.
      await tokenPage.getByRole('link', { name: /^Change requests/ }).click();
      const spring = tokenPage.getByRole('article', { name: /^spring-token/ });
      const springDocuments = spring.getByRole('list', { name: 'Documents changed in spring-token' });
      await poll(() => springDocuments.locator('li').count()).toBe(3);
      await poll(() => springDocuments.getByRole('link', { name: 'Category · Nature' }).getAttribute('href'))
        .toBe(`#/cr/spring-token/t/categories/${CATEGORY}`);
      expect(await springDocuments.getByRole('link', { name: 'Article · Fixed twice by the token' }).getAttribute('href'))
        .toBe(`#/cr/spring-token/t/articles/${SHARED}?locale=en`);

      // Propose pushes that branch alone, and offers GitHub's compare page.
      await spring.getByRole('button', { name: 'Propose' }).click();
      const pullRequest = tokenPage.getByRole('link', { name: 'Open a pull request on GitHub' });
      await poll(() => pullRequest.getAttribute('href')).toBe('https://github.com/acme/site/compare/main...spring-token?expand=1');
      const pushed = git(remote, 'for-each-ref', '--format=%(refname) %(objectname)').split('\n').sort();
      expect(pushed).toEqual([`refs/heads/main ${head}`, `refs/heads/spring-token ${git(root, 'rev-parse', 'spring-token')}`]);
      await unchanged();

      // Merge is offered to whom may publish what the change request changes: the account may not change categories.
      await editorPage.goto(`${studio()}/#/cr/autumn-editor/change-requests`);
      const editorsView = editorPage.getByRole('article', { name: /^autumn-editor/ });
      await editorsView.getByRole('button', { name: 'Merge into the Published site' }).waitFor();
      await editorPage.getByRole('article', { name: /^spring-token/ }).getByRole('button', { name: 'Propose' }).waitFor();
      expect(await editorPage.getByRole('article', { name: /^spring-token/ })
        .getByRole('button', { name: 'Merge into the Published site' }).count()).toBe(0);

      // The token merges its change request, then the account merges hers: the merge driver keeps every field of both.
      await spring.getByRole('button', { name: 'Merge into the Published site' }).click();
      await poll(() => tokenPage.getByRole('status').textContent()).toMatch(/^Merged “spring-token” into the Published site/);
      expect(fields(await site())).toEqual({ ...fields(before), shared: ['Fixed twice by the token', before.shared.description],
        tokens: 'Shrimp, by the token', category: 'Nature, described by the token' });
      await editorsView.getByRole('button', { name: 'Merge into the Published site' }).click();
      await poll(() => editorPage.getByRole('status').textContent()).toMatch(/^Merged “autumn-editor” into the Published site/);
      expect(fields(await site())).toEqual({ shared: ['Fixed twice by the token', 'Described by the editor'],
        tokens: 'Shrimp, by the token', editors: 'Coffee, by the editor', category: 'Nature, described by the token' });
      expect(git(root, 'branch', '--show-current')).toBe('main');
      expect(git(root, 'status', '--porcelain', '--', 'content')).toBe('');

      // Merged, each is deleted without a question; a tab on the deleted one goes back to the Published site.
      await editorsView.getByRole('button', { name: 'Delete' }).click();
      await poll(() => editorPage.getByRole('article', { name: /^autumn-editor/ }).count()).toBe(0);
      await poll(() => savesGo(editorPage).textContent()).toBe('Published site');
      await tokenPage.reload();
      await tokenPage.getByRole('article', { name: /^spring-token/ }).getByRole('button', { name: 'Delete' }).click();
      await poll(() => tokenPage.getByRole('article', { name: /^spring-token/ }).count()).toBe(0);
      expect(git(root, 'branch', '--list')).toBe('* main');
    });

    it('opens a deep link on its change request, asks before unsaved edits leave it, and fits a phone with no axe-core violation', async () => {
      const started = await fetch(`${studio()}/api/git/change-requests`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'edits/deep-link' }),
      });
      expect(started.status).toBe(201);
      const published = (await read(`articles/${TOKENS_ARTICLE}?locale=en&status=draft`)).title;
      const onBranch = await fetch(`${api()}/api/articles/${TOKENS_ARTICLE}?locale=en&status=draft`, {
        method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'cms-branch': 'edits/deep-link' },
        body: JSON.stringify({ data: { title: 'Only on the deep link' } }),
      });
      expect(onBranch.status).toBe(200);

      // A fresh browser, signed in at the deep link: the document as that branch holds it.
      const context = await session.browser.newContext({ viewport: DESKTOP });
      onTestFinished(() => context.close());
      const page = await context.newPage();
      page.setDefaultTimeout(BROWSER_WAIT);
      const deep = `#/cr/${encodeURIComponent('edits/deep-link')}/t/articles/${TOKENS_ARTICLE}?locale=en`;
      await signIn(page, 'token', deep);
      await poll(() => page.locator('#field-title').inputValue()).toBe('Only on the deep link');
      await poll(() => savesGo(page).textContent()).toBe('Change request: edits/deep-link');

      // Unsaved edits: going to the Published site asks; refused, the form and its text stay on the change request.
      await page.locator('#field-title').fill('Typed, not saved');
      page.once('dialog', (dialog) => dialog.dismiss());
      await page.getByRole('link', { name: 'Go to the Published site' }).click();
      await poll(() => page.evaluate(() => location.hash)).toBe(deep);
      expect(await page.locator('#field-title').inputValue()).toBe('Typed, not saved');
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('link', { name: 'Go to the Published site' }).click();
      await poll(() => savesGo(page).textContent()).toBe('Published site');
      await poll(() => page.locator('#field-title').inputValue()).toBe(published);
      expect((await (await fetch(`${api()}/api/articles/${TOKENS_ARTICLE}?locale=en&status=draft`, {
        headers: { authorization: `Bearer ${token}`, 'cms-branch': 'edits/deep-link' } })).json()).data.title).toBe('Only on the deep link');

      // The change request's views at 1280 and 390 px: nothing wider than the window, no serious or critical axe-core violation.
      const found: Record<string, unknown> = {};
      mkdirSync(join(import.meta.dirname, 'artifacts'), { recursive: true });
      for (const [width, size] of [[1280, DESKTOP], [390, PHONE]] as const) {
        await page.setViewportSize(size);
        await page.goto(`${studio()}/#/cr/${encodeURIComponent('edits/deep-link')}/change-requests`);
        await page.getByRole('article', { name: /^edits\/deep-link/ }).getByRole('link', { name: /^Article · / }).waitFor();
        // The header's form for a new one, open (it stays open from the desktop round: the header outlives the pages).
        const named = page.getByLabel('Name of the change request');
        if (!await named.isVisible()) await page.getByRole('button', { name: 'New change request' }).click();
        await named.waitFor();
        found[`list@${width}`] = { overflow: await overflow(page), violations: await axeViolations(page) };
        await page.screenshot({ path: join(import.meta.dirname, 'artifacts', `studio-change-requests-${width}.png`), fullPage: true });
        await page.goto(`${studio()}/${deep}`);
        await poll(() => page.locator('#field-title').inputValue()).toBe('Only on the deep link');
        found[`form@${width}`] = { overflow: await overflow(page), violations: await axeViolations(page) };
        // The account's prompt on the Published site.
        await editorPage.setViewportSize(size);
        await editorPage.goto(`${studio()}/#/t/articles/${TOKENS_ARTICLE}?locale=en`);
        await editorPage.getByRole('complementary', { name: 'You are editing the Published site' }).waitFor();
        found[`prompt@${width}`] = { overflow: await overflow(editorPage), violations: await axeViolations(editorPage) };
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, { overflow: 0, violations: [] }])));
    });
  });
