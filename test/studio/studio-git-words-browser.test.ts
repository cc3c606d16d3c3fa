import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { TEST_ENV } from '../auth/helpers.js';
import { BROWSER_WAIT, findChromium, openStudio, type StudioSession } from './browser.js';
import { git, gitSampleSite } from './git-site.js';

// The Git panel in document words: a write's commit as "Updated “<title>” (English)", a new
// document's changes as "Created with" its first values (not a column of "(empty)").
const CHROMIUM = findChromium();
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
const ENGLISH_ONLY = 'erdjn7qamd22o2key07vrft5'; // "What's inside a Black Hole", no draft

describe.skipIf(!CHROMIUM)(`history and new documents in editors' words${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  let root = '';
  let cms: Cms;
  let session: StudioSession;
  let page: Page;
  let token = '';
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: BROWSER_WAIT });

  beforeAll(async () => {
    root = gitSampleSite();
    const file = join(root, 'cms.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...config, git: { ...config.git, commitPerWrite: true } }, null, 2));
    git(root, 'commit', '--quiet', '-am', 'A commit per write');
    cms = await createCms({ root, env: TEST_ENV, report: () => {} });
    token = (await cms.auth.tokens.create({ name: 'Studio Owner', type: 'full-access' })).accessKey;
    session = await openStudio(cms, CHROMIUM!);
    page = session.page;
    await page.goto(`${session.server.url.replace(/\/$/, '')}/admin/`);
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Content types' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });
  const gitPage = (documentId: string) => page.goto(`${session.server.url.replace(/\/$/, '')}/admin/#/git?document=articles/${documentId}`);

  it('tells a write\'s commit in the history as "Updated “<title>” (English)" with its author and time, and its new file as created', async () => {
    const saved = await fetch(`${session.server.url.replace(/\/$/, '')}/api/articles/${ARTICLE}?locale=en&status=draft`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'Norway in the rain' } }),
    });
    expect(saved.status).toBe(200);
    await poll(() => git(root, 'log', '-1', '--format=%s')).toBe(`Update api::article.article ${ARTICLE} (en)`);
    await gitPage(ARTICLE);
    const history = page.getByRole('list', { name: 'History of draft' });
    await poll(() => history.locator('.history-head > span').first().textContent())
      .toMatch(/^Studio Owner · .+ · Updated “Norway in the rain” \(English\)$/);
    expect(await history.locator('.history-head > .muted').first().textContent()).toBe('created');
    expect(await history.locator('.history-head [title]').first().getAttribute('title')).toBe(`Update api::article.article ${ARTICLE} (en)`);
    await history.getByRole('button', { name: 'What changed' }).click();
    await poll(() => history.locator('.created-note').textContent()).toBe('Created with');
    expect(await history.locator('.field-change').first().textContent()).toBe('titleNorway in the rain');
    expect(await history.locator('.field-diff .before').count()).toBe(0);
  });

  it('shows a new, uncommitted draft\'s changes as "Created with" its values, not "(empty) → value"', async () => {
    const path = `content/articles/${ENGLISH_ONLY}.draft.json`;
    const published = JSON.parse(readFileSync(join(root, `content/articles/${ENGLISH_ONLY}.json`), 'utf8'));
    writeFileSync(join(root, path), `${JSON.stringify({ ...published, title: 'A new draft', publishedAt: null }, null, 2)}\n`);
    await reindexFiles(cms, [path], () => {});
    await gitPage(ENGLISH_ONLY);
    const detail = page.getByRole('article', { name: /^Changes of Article · A new draft/ });
    await poll(() => detail.locator('.created-note').textContent()).toBe('Created with');
    expect(await detail.locator('.field-change').first().textContent()).toBe('titleA new draft');
    expect(await detail.locator('.before').count()).toBe(0);
  });
});
