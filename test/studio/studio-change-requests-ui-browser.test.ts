import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch } from '../../core/branches/branch-refs.js';
import { createCms, type Cms } from '../../core/cms.js';
import { TEST_ENV } from '../auth/helpers.js';
import { BROWSER_WAIT, findChromium, openStudio, type StudioSession } from './browser.js';
import { git, gitSampleSite } from './git-site.js';

// What the studio draws from the change-request routes' answers, for answers a real repository
// makes hard to reach on purpose (a merge conflict, a Gitea host): the routes are answered here,
// in the shapes of docs/reference/http-routes.md, while everything else is the real server.
// studio-change-requests-browser.test.ts drives the same views against the real routes.

const CHROMIUM = findChromium();
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb';
const PASSWORD = 'Correct-Horse-9';
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: BROWSER_WAIT });

const changeRequest = (name: string, documents: object[], ahead = documents.length) => ({
  name, head: 'a'.repeat(40), ahead, behind: 0, pushed: false, documents,
});
const article = { type: 'Article', apiName: 'articles', documentId: ARTICLE, locale: 'en', draft: true,
  title: 'Beautiful mountains of Norway', change: 'changed', fields: ['title', 'description'] };
const global = { type: 'Global', apiName: 'global', documentId: 'g1', locale: 'en', draft: false, title: 'Site', change: 'changed',
  fields: ['siteName'] };

describe.skipIf(!CHROMIUM)(`the change-request views, drawn from the routes' answers${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`,
  { timeout: 300_000 }, () => {
    let cms: Cms;
    let session: StudioSession;
    let page: Page;
    const asked: Array<{ method: string; path: string; body: unknown; branch: string | undefined }> = [];
    let list: ReturnType<typeof changeRequest>[] = [];

    async function answer(route: Route) {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace(/^.*\/api\/git\//, '');
      const body = request.postDataJSON?.() ?? null;
      asked.push({ method: request.method(), path, body, branch: request.headers()['cms-branch'] });
      const json = (status: number, data: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(data) });
      // The account may not do everything (an editor's role): GET says so, as the real route does.
      if (request.method() === 'GET') return json(200, { data: { base: 'main', mayManage: false, changeRequests: list } });
      if (path === 'change-requests') {
        await createBranch(cms.root, body.name); // a real branch: the form then reads it through Cms-Branch
        list.push(changeRequest(body.name, []));
        return json(201, { data: { name: body.name, base: 'main', head: 'b'.repeat(40) } });
      }
      if (path === 'change-requests/propose') {
        return json(200, { data: { name: body.name, remote: 'origin', pullRequestUrl: `https://git.example.org/acme/site/compare/main...${body.name}` } });
      }
      if (path === 'change-requests/merge') {
        return json(409, { data: null, error: { status: 409, name: 'ConflictError',
          message: `Merging "${body.name}" conflicts in content/articles/${ARTICLE}.draft.json (title)`,
          details: { conflicts: [{ file: `content/articles/${ARTICLE}.draft.json`, type: 'api::article.article', documentId: ARTICLE,
            field: 'title' }] } } });
      }
      list = list.filter((one) => one.name !== body.name);
      return json(200, { data: { name: body.name } });
    }

    beforeAll(async () => {
      // An account that may change articles and only read the single type "global".
      const root = gitSampleSite({ 'api::article.article': ['find', 'findOne', 'create', 'update', 'delete'],
        'api::global.global': ['find', 'findOne'], 'api::author.author': ['find', 'findOne'] });
      cms = await createCms({ root, env: TEST_ENV, report: () => {} });
      await cms.auth.users.add({ username: 'editor', email: 'editor@example.com', password: PASSWORD });
      session = await openStudio(cms, CHROMIUM!);
      page = session.page;
      await page.route(/\/admin\/api\/git\/change-requests/, answer);
      await page.goto(`${session.studioUrl}/`);
      await page.getByRole('tab', { name: 'Account' }).click();
      await page.getByLabel('Email or username').fill('editor');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    }, 120_000);

    afterAll(async () => {
      await session?.close();
    });

    it('starts a change request from the header and keeps the page, sending the branch with every request of the tab', async () => {
      await page.goto(`${session.studioUrl}/#/t/articles/${ARTICLE}?locale=en`);
      await poll(() => page.locator('#field-title').inputValue()).not.toBe('');
      const header = page.getByRole('region', { name: 'Where saves go' });
      // The account may not publish everything: the form on the Published site asks it to start a change request.
      await page.getByRole('complementary', { name: 'You are editing the Published site' }).waitFor();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'change-request-prompt.png') });
      expect(await header.locator('strong').textContent()).toBe('Published site');
      await header.getByRole('button', { name: 'New change request' }).click();
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('change-request-name');
      await page.getByLabel('Name of the change request').fill('edits/spring-menu');
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await poll(() => page.evaluate(() => location.hash)).toBe(`#/cr/edits%2Fspring-menu/t/articles/${ARTICLE}?locale=en`);
      await poll(() => header.locator('strong').textContent()).toBe('Change request: edits/spring-menu');
      await poll(() => header.getByRole('status').textContent()).toBe('Change request “edits/spring-menu” started: your saves go to it.');
      expect(asked.find((one) => one.method === 'POST')).toEqual({ method: 'POST', path: 'change-requests',
        body: { name: 'edits/spring-menu' }, branch: undefined });
      // The form on the change request reads that branch.
      const read = page.waitForRequest((request) => request.url().includes(`/api/articles/${ARTICLE}`));
      await page.reload();
      expect((await read).headers()['cms-branch']).toBe('edits/spring-menu');
      await poll(() => page.locator('#field-title').inputValue()).not.toBe('');
      // A save there is a commit on that branch by the account; the served checkout and the Published site's API are untouched.
      const published = readFileSync(join(cms.root, `content/articles/${ARTICLE}.json`), 'utf8');
      await page.locator('#field-title').fill('Norway in spring');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await poll(() => page.locator('form.document p.ok').textContent()).toBe('Draft saved');
      expect(git(cms.root, 'log', '-1', '--format=%an|%s', 'edits/spring-menu')).toMatch(/^editor\|/);
      expect(git(cms.root, 'branch', '--show-current')).toBe('main');
      expect(existsSync(join(cms.root, `content/articles/${ARTICLE}.draft.json`))).toBe(false);
      expect(readFileSync(join(cms.root, `content/articles/${ARTICLE}.json`), 'utf8')).toBe(published);
      // The sidebar's links stay on the change request.
      expect(await page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Article' }).getAttribute('href'))
        .toBe('#/cr/edits%2Fspring-menu/t/articles');
    });

    it('tells a merge conflict in document and field words, links the host\'s page, deletes, offers Merge only where the credential may publish, and says when a linked one is gone', async () => {
      list = [changeRequest('norway', [article]), changeRequest('merged', [], 0)];
      await page.goto(`${session.studioUrl}/#/change-requests`);
      const norway = page.getByRole('article', { name: 'norway' });
      const documents = norway.getByRole('list', { name: 'Documents changed in norway' });
      await poll(() => documents.locator('li').textContent())
        .toBe('Article · Beautiful mountains of Norway changed en · draft — title, description');
      expect(await documents.getByRole('link').getAttribute('href')).toBe(`#/cr/norway/t/articles/${ARTICLE}?locale=en`);
      await norway.getByRole('button', { name: 'Merge into the Published site' }).click();
      const alert = page.getByRole('alert');
      await poll(() => alert.getByRole('list', { name: 'Conflicts' }).textContent())
        .toBe('Article “Beautiful mountains of Norway”: title was changed here and on the Published site');
      await alert.getByText('Nothing was merged.').waitFor();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'change-request-conflict.png'), fullPage: true });

      await norway.getByRole('button', { name: 'Propose' }).click();
      const pullRequest = page.getByRole('link', { name: 'Open a pull request on the hosting site' });
      expect(await pullRequest.getAttribute('href')).toBe('https://git.example.org/acme/site/compare/main...norway');

      // A change request with nothing left to merge: no Merge, and Delete acts at once. One with saves not merged is not the
      // account's to drop (only a credential that may do everything deletes unmerged work).
      const merged = page.getByRole('article', { name: 'merged' });
      expect(await merged.getByRole('button', { name: 'Merge into the Published site' }).count()).toBe(0);
      await merged.getByRole('button', { name: 'Delete' }).click();
      await poll(() => page.getByRole('article', { name: 'merged' }).count()).toBe(0);
      expect(await norway.getByRole('button', { name: 'Delete' }).count()).toBe(0);

      // The account may not change the single type "global": a change request of it offers no Merge (the server would refuse it).
      list = [changeRequest('site-name', [global]), changeRequest('norway', [article])];
      await page.reload();
      await page.getByRole('article', { name: 'norway' }).getByRole('button', { name: 'Merge into the Published site' }).waitFor();
      expect(await page.getByRole('article', { name: 'site-name' }).getByRole('button', { name: 'Merge into the Published site' })
        .count()).toBe(0);

      // A link to a change request that is gone (merged and deleted) says so, and leads back to the Published site.
      await page.goto(`${session.studioUrl}/#/cr/gone/t/articles`);
      await poll(() => page.getByRole('region', { name: 'Where saves go' }).getByRole('alert').textContent())
        .toMatch(/^The change request “gone” does not exist/);
      await page.getByRole('link', { name: 'Go to the Published site' }).click();
      await poll(() => page.evaluate(() => location.hash)).toBe('#/t/articles');
      // The hash moves before the page's hashchange handler draws the Published site: wait for the drawing, not the hash.
      await poll(() => page.getByRole('region', { name: 'Where saves go' }).getByRole('alert').count()).toBe(0);
    });
  });
