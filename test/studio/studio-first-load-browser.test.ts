import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
import { serve } from '../extensions/serve-project.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';
import { BROWSER_WAIT, sharedBrowser } from './browser.js';
import { CHROMIUM } from './editor-site.js';

// What a first load of the studio asks for with the build's bundle (studio/build/bundle.mjs, rolldown), and a module changed
// while the server runs reaching the browser as a plain module until the next build. The server is `cms serve` from a copy of the
// package as published (dist/ beside studio/, the bundle made into that copy), which this file may change without touching the
// checkout.
describe.skipIf(!CHROMIUM)(`the studio's first load${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  let work = '';
  let installed = '';
  let stop = async (): Promise<void> => {};
  let context: BrowserContext;
  let page: Page;
  let studio = '';
  /** The paths the page asked for, with their query, in order (a new context: nothing of it is cached yet). */
  const asked: string[] = [];
  /** The bundle's URL at the first load. */
  let first = '';
  const bundleBuild = () => execFileSync(process.execPath, [join(REPO_ROOT, 'studio/build/bundle.mjs'), '--package', installed]);
  const bundleAsked = () => asked.filter((path) => path.startsWith('/admin/app.bundle.js'));

  beforeAll(async () => {
    ensureBuilt();
    work = mkdtempSync(join(tmpdir(), 'cms-first-load-'));
    installed = join(work, 'package');
    for (const entry of ['package.json', 'dist', 'studio']) cpSync(join(REPO_ROOT, entry), join(installed, entry), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(installed, 'node_modules'));
    bundleBuild();
    const server = await serve(copySampleSite(), { bin: join(installed, 'dist/cli/bin.js'), admin: true });
    if (!server.base) throw new Error(`cms serve exited ${server.code}: ${server.stderr()}`);
    stop = server.stop;
    studio = `${server.base}/admin/`;
    context = await (await sharedBrowser(CHROMIUM!)).newContext({ viewport: { width: 1200, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(BROWSER_WAIT);
    page.on('request', (request) => { asked.push(new URL(request.url()).pathname + new URL(request.url()).search); });
  });

  afterAll(async () => {
    await context?.close();
    await stop();
    if (work) rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  });

  it('asks for the page, the bundle of the studio\'s modules, the three packages and the four styles: nine files, not ~77', async () => {
    await page.goto(studio);
    await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
    const files = asked.map((path) => path.replace(/\?v=[\w-]{16}$/, '?v=tag'));
    expect(files.toSorted()).toEqual(['/admin/', '/admin/app.bundle.js?v=tag', '/admin/change-requests.css?v=tag',
      '/admin/lists-and-git.css?v=tag', '/admin/state.css?v=tag', '/admin/studio.css?v=tag', '/admin/vendor/hooks.js?v=tag',
      '/admin/vendor/htm.js?v=tag', '/admin/vendor/preact.js?v=tag']);
    first = bundleAsked()[0];
    const bundle = await fetch(new URL(first, studio));
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('brings a module changed while the server runs to the next page load as the plain modules, the bundle left aside', async () => {
    const signIn = join(installed, 'studio/sign-in.js');
    writeFileSync(signIn, readFileSync(signIn, 'utf8').replace('Sign in to the studio', 'Sign in to the changed studio'));
    asked.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to the changed studio' }).waitFor();
    expect(bundleAsked()).toEqual([]);
    expect(asked).toContainEqual(expect.stringMatching(/^\/admin\/app\.js\?v=[\w-]{16}$/));
    expect(asked).toContainEqual(expect.stringMatching(/^\/admin\/sign-in\.js\?v=[\w-]{16}$/));
  });

  it('loads the bundle again once the build has made it from the changed module, under a new URL', async () => {
    const before = (await (await fetch(studio)).text()).match(/app\.bundle\.js\?v=[\w-]{16}/g);
    expect(before).toBeNull();
    bundleBuild();
    asked.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to the changed studio' }).waitFor();
    expect(bundleAsked()).toEqual([expect.stringMatching(/^\/admin\/app\.bundle\.js\?v=[\w-]{16}$/)]);
    expect(bundleAsked()[0]).not.toBe(first);
    expect(asked.filter((path) => /^\/admin\/[a-z-]+\.js/.test(path))).toEqual([]);
  });
});
