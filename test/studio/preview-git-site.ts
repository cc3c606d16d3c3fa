import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { setupMergeDriver } from '../../core/git/merge-setup.js';
import { TEST_ENV } from '../auth/helpers.js';
import { REPO_ROOT } from '../helpers/project.js';
import { BROWSER_WAIT, findChromium, openStudio, type StudioSession } from './browser.js';
import { addBareRemote, git, gitSampleSite } from './git-site.js';

// The site of the studio's screen, keyboard, preview and Git work tests (studio-everywhere-browser.test.ts): the
// sample committed in Git with a remote on "GitHub" and the content merge driver, a front end to preview with, a change for the Git
// panel to show, and one chromium page (a context made once for the file) that signs in with a full-access token.

export const CHROMIUM = findChromium();
export const ARTIFACTS = join(import.meta.dirname, 'artifacts');
export const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
export const FILE = `content/articles/${ARTICLE}.json`;
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
const DRIVER = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO_ROOT, 'dist/cli/merge-driver.js'))}`;
export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: BROWSER_WAIT });

/** How far the page is wider than the window (0 when nothing overflows sideways). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A front end to preview with: it shows the draft's title as it is on disk at the time it is asked. */
function startPreview(root: () => string): Promise<Server> {
  const preview = createServer((request, response) => {
    const id = /\/preview\/articles\/([a-z0-9]+)/.exec(request.url ?? '')?.[1] ?? '';
    let title = '(none)';
    for (const name of [`${id}.draft.json`, `${id}.json`]) {
      try { title = JSON.parse(readFileSync(join(root(), 'content/articles', name), 'utf8')).title; break; } catch { /* next */ }
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Preview</title><h1 id="shown">${title.replace(/[<&]/g, '')}</h1>`);
  });
  return new Promise((resolve) => preview.listen(0, '127.0.0.1', () => resolve(preview)));
}

/**
 * Registers the hooks that make the site and its page (and stop them); the returned object's fields are set once they ran.
 * `signIn()` reaches the studio signed in: one page load (nothing of an earlier test's form stays), or none when the page already
 * shows the sign-in form.
 */
export function previewGitSite() {
  let preview: Server | undefined;
  let session: StudioSession | undefined;
  const site = {
    root: '', remote: '', token: '', cms: undefined as unknown as Cms, page: undefined as unknown as Page,
    studio: () => session!.studioUrl,
    api: () => session!.server.url.replace(/\/$/, ''),
    readJson: (path: string) => JSON.parse(readFileSync(join(site.root, path), 'utf8')),
    /** The studio's home signed in, in a new page load unless the sign-in form is already on the page. */
    signIn: async () => {
      const { page } = site;
      const form = page.getByRole('heading', { name: 'Sign in to the studio' });
      const signOut = page.getByRole('button', { name: 'Sign out' });
      if (!(page.url().startsWith(site.studio()) && await form.isVisible())) {
        await page.goto(`${site.studio()}/`);
        await form.or(signOut).waitFor();
        if (await signOut.isVisible()) return;
      }
      await page.getByLabel('API token').fill(site.token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signOut.waitFor();
    },
    /** The article's form (after `signIn`, by its address: no second page load), its title read. */
    openArticle: async () => {
      await site.page.goto(`${site.studio()}/#/t/articles/${ARTICLE}?locale=en`);
      await poll(() => site.page.locator('#field-title').inputValue()).not.toBe('');
    },
  };

  beforeAll(async () => {
    preview = await startPreview(() => site.root);
    const origin = `http://127.0.0.1:${(preview.address() as { port: number }).port}`;
    const root = site.root = gitSampleSite();
    const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
    config.preview = { enabled: true, config: { allowedOrigins: [origin],
      urls: { articles: `${origin}/preview/articles/{documentId}?locale={locale}&status={status}&secret={secret}` } } };
    writeFileSync(join(root, 'cms.config.json'), `${JSON.stringify(config, null, 2)}\n`);
    git(root, 'commit', '--quiet', '-am', 'Preview settings');
    const remote = site.remote = addBareRemote(root);
    git(root, 'push', '--quiet', '-u', 'origin', 'main');
    // The remote is "GitHub" as configured (the link is built from it); git reaches the local bare repository instead.
    git(root, 'remote', 'set-url', 'origin', 'https://github.com/acme/site.git');
    git(root, 'config', `url.${remote}.insteadOf`, 'https://github.com/acme/site.git');
    await setupMergeDriver(root, DRIVER);
    const cms = site.cms = await createCms({ root, env: { ...TEST_ENV, PREVIEW_SECRET: 'preview-secret' }, report: () => {} });
    site.token = (await cms.auth.tokens.create({ name: 'Site Owner', type: 'full-access' })).accessKey;
    // A change for the Git panel to show.
    await cms.documents('api::article.article').update({ documentId: ARTICLE, locale: 'en', status: 'published',
      data: { title: 'Norway in the rain' } });
    session = await openStudio(cms, CHROMIUM!);
    site.page = session.page;
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    await new Promise((resolve) => preview ? preview.close(resolve) : resolve(undefined));
  });
  return site;
}
