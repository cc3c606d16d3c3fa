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

let running: Promise<Browser> | undefined;

/**
 * One chromium per test worker (issue 39): browser files share a module graph (vitest.config.ts, project `processes`), so the first
 * one launches it and the later ones in the same worker reuse it, each with contexts of its own (nothing of an earlier file's
 * cookies, storage or pages). Nobody closes it: playwright kills the browsers it launched when the worker's process exits. A launch
 * that failed, or a browser that went away, is launched again by the next caller.
 */
export function sharedBrowser(executablePath: string): Promise<Browser> {
  running ??= chromium.launch({ executablePath, args: ['--no-sandbox'] }).then((browser) => {
    browser.on('disconnected', () => { running = undefined; });
    return browser;
  }, (error: unknown) => {
    running = undefined;
    throw error;
  });
  return running;
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
 * give up after 20 s: they end on the event they wait for, and a loaded 2-core machine can take seconds to render or answer.
 */
export async function openStudio(cms: Cms, executablePath: string): Promise<StudioSession> {
  const server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
  try {
    const browser = await sharedBrowser(executablePath);
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
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
