import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Cms } from '../../core/cms.js';
import { serve, type RunningServer } from '../../core/http/serve.js';

/** Debian's chromium (what `.ci/run` installs), or CHROMIUM_PATH; undefined when no binary exists. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

export interface StudioSession {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** The studio's address on that server (`http://127.0.0.1:<port>/admin`). */
  studioUrl: string;
  close(): Promise<void>;
}

/** A project served on a free loopback port, and one chromium page (1200×900, 5 s action timeout) to drive it. */
export async function openStudio(cms: Cms, executablePath: string): Promise<StudioSession> {
  const server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.setDefaultTimeout(5000);
  return {
    server, browser, page,
    studioUrl: `${server.url.replace(/\/$/, '')}/admin`,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
