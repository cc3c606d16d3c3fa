import { chromium, type Browser, type Page } from 'playwright-core';
import type { Cms } from '../../core/cms.js';
import { serve, type RunningServer } from '../../core/http/serve.js';
import { chromiumPath, requires } from '../helpers/requires.js';

/**
 * Debian's chromium (what `.ci/run` installs), or CHROMIUM_PATH; undefined when no binary exists, and the suite skips.
 * Under CI (`CI=true`) a missing chromium throws instead, failing the test file (test/helpers/requires.ts).
 */
export function findChromium(): string | undefined {
  return requires('chromium').skip ? undefined : chromiumPath();
}

/**
 * How long one browser step (a click, a locator, a poll of the page) may take before it fails: an upper bound for a hang, never a
 * wait. A step ends on its event in well under a second on a quiet machine; with a second suite running beside this one, or other
 * work, a 2-core machine was measured taking over 20 s to render a form.
 */
export const BROWSER_WAIT = 60_000;

let running: Promise<Browser> | undefined;
let exitsOnTerm = false;

/**
 * One chromium per test worker (issue 39): browser files share a module graph (vitest.config.ts, project `processes`), so the first
 * one launches it and the later ones in the same worker reuse it, each with contexts of its own (nothing of an earlier file's
 * cookies, storage or pages). A launch that failed, or a browser that went away, is launched again by the next caller.
 *
 * It lives as long as the worker. Vitest asks a worker to stop (an IPC message), then ends it with SIGTERM and kills it 500 ms
 * later. So chromium's graceful close starts at that message (playwright removes its profile in /tmp once chromium has gone), and
 * on SIGTERM the worker exits at once: playwright's exit handler kills what is left of chromium's process group, synchronously
 * (its own SIGTERM handler would only start a close that the kill cuts short, chromium outliving the worker in its own group).
 */
export function sharedBrowser(executablePath: string): Promise<Browser> {
  if (!exitsOnTerm) {
    exitsOnTerm = true;
    process.on('message', (message: { type?: string; __vitest_worker_request__?: boolean }) => {
      if (message?.type === 'stop' && message.__vitest_worker_request__) void running?.then((browser) => browser.close()).catch(() => {});
    });
    process.once('SIGTERM', () => process.exit(143));
  }
  running ??= chromium.launch({ executablePath, args: ['--no-sandbox'], handleSIGTERM: false }).then((browser) => {
    browser.on('disconnected', () => { running = undefined; });
    return browser;
  }, (error: unknown) => {
    running = undefined;
    throw error;
  });
  return running;
}

/**
 * A new page in `page`'s context (its cookies, storage and cache: still signed in, the studio's modules cached), `page` closed as
 * an editor closes a tab: without its "Leave without saving?" prompt. For a test that wants a document of its own after an earlier
 * test left edits in the form, a reload of it waits on that prompt being answered (playwright accepts it when nothing listens): the
 * reload that failed under load in issue 39 (no new document in 60 s, its call log never reached "navigated to") was such a one.
 */
export async function freshPage(page: Page): Promise<Page> {
  const fresh = await page.context().newPage();
  fresh.setDefaultTimeout(BROWSER_WAIT);
  await page.close({ runBeforeUnload: false });
  return fresh;
}

export interface StudioSession {
  server: RunningServer;
  /** The worker's shared chromium: a context made on it must be closed by whoever made it. */
  browser: Browser;
  page: Page;
  /** The studio's address on that server (`http://127.0.0.1:<port>/admin`). */
  studioUrl: string;
  /** Closes the page's context (and with it every tab it opened) and the server; the browser stays for the next file. */
  close(): Promise<void>;
}

/**
 * A project served on a free loopback port, and one chromium page (1200×900) in a fresh context to drive it. Its actions and waits
 * give up after BROWSER_WAIT (60 s): they end on the event they wait for, and a loaded 2-core machine can take seconds to render or answer.
 */
export async function openStudio(cms: Cms, executablePath: string): Promise<StudioSession> {
  const server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
  try {
    const browser = await sharedBrowser(executablePath);
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(BROWSER_WAIT);
    return {
      server, browser, page,
      studioUrl: `${server.url.replace(/\/$/, '')}/admin`,
      async close() {
        await context.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
