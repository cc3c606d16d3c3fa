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

export interface StudioSession {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** The studio's address on that server (`http://127.0.0.1:<port>/admin`). */
  studioUrl: string;
  close(): Promise<void>;
}

/**
 * A project served on a free loopback port, and one chromium page (1200×900) to drive it. Its actions and waits give up after
 * 20 s: they end on the event they wait for, and a loaded 2-core machine can take seconds to render or answer.
 */
export async function openStudio(cms: Cms, executablePath: string): Promise<StudioSession> {
  const server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.setDefaultTimeout(20_000);
  return {
    server, browser, page,
    studioUrl: `${server.url.replace(/\/$/, '')}/admin`,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
