import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite } from '../helpers/project.js';
import { findChromium, openStudio, type StudioSession } from './browser.js';

// A private copy of the sample site served to a signed-in chromium page, for the editors' browser
// tests: the saved content FILES are read back from disk.

export const CHROMIUM = findChromium();
export const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
export const MARCO = 'qig4xffu7hjyawrhvhipfbv9'; // the author "Marco Rossi"
export const AMELIE = 'nvys3yb5qcrc89ob002blkoe'; // the author "Amélie Laurent"
export const COFFEE = 'k4h9a2dz4n5hognvjhts7j3m'; // coffee-beans.png
export const PIZZA = 'dylorqz16sqjb5nsoejm7ix6'; // pizza-margherita.png
export const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });

/** Change one schema file of the copy. */
export function editSchema(root: string, path: string, change: (schema: { attributes: Record<string, Record<string, unknown>> }) => void): void {
  const file = join(root, 'schemas', path);
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  change(schema);
  writeFileSync(file, JSON.stringify(schema));
}

/** What the sample lacks, so every widget can be seen at work. */
function widenSchemas(root: string): void {
  // Bounds on the repeatable seo.metaSocial, so the form's min/max can be seen at work.
  editSchema(root, 'components/shared/seo.json', (seo) => Object.assign(seo.attributes.metaSocial, { min: 1, max: 2 }));
  editSchema(root, 'components/shared/quote.json', (quote) => Object.assign(quote.attributes, {
    anchor: { type: 'uid', targetField: 'title' }, // a uid inside a component, made from its sibling title
    tone: { type: 'enumeration', enum: ['calm', 'loud'], default: 'calm' }, // a new entry starts with it
  }));
  // The types the sample article lacks: a date-time, a time, a boolean that may be null, JSON, a big integer.
  editSchema(root, 'api/article/content-types/article/schema.json', (article) => Object.assign(article.attributes, {
    eventAt: { type: 'datetime' }, opensAt: { type: 'time' }, pinned: { type: 'boolean' }, extra: { type: 'json' },
    bigCount: { type: 'biginteger' },
  }));
}

/**
 * Registers the hooks that start the site and a page signed in with a full-access token (and stop
 * them); the returned object's `page`, `root`, `token` and `url` are set once they ran. `widen`
 * changes the copy's schemas further (with `editSchema`) before the site starts; `beforeServe` gets the loaded site before its
 * server starts.
 */
export function editorSite(widen: (root: string) => void = () => {}, beforeServe: (cms: Cms) => Promise<unknown> | void = () => {}) {
  let session: StudioSession | undefined;
  const site = {
    cms: undefined as unknown as Cms,
    page: undefined as unknown as Page,
    root: '',
    token: '',
    url: '',
    problems: [] as string[],
    readJson: (path: string) => JSON.parse(readFileSync(join(site.root, path), 'utf8')),
    draft: () => site.readJson(`content/articles/${ARTICLE}.draft.json`),
    field: (path: string) => site.page.locator(`[data-field="${path}"]`),
    formStatus: () => site.page.locator('form.document > p.ok'),
    /** A call of the site's API with the page's token, `data` sent as `{ data }` JSON or a FormData as is: its status and JSON. */
    api: async (method: string, path: string, data?: unknown) => {
      const form = data instanceof FormData;
      const response = await fetch(`${site.url}/api/${path}`, { method, headers: { authorization: `Bearer ${site.token}`,
        ...(form || data === undefined ? {} : { 'content-type': 'application/json' }) },
      body: form ? data : data === undefined ? undefined : JSON.stringify({ data }) });
      return { status: response.status, body: await response.json() };
    },
    /** An upload (its file in content/upload) as a blocks image holds it: the file's fields the API answers with. */
    blockImage: (id: string) => {
      const { name, alternativeText, caption, width, height, formats, hash, ext, mime, size, url, previewUrl, provider, createdAt,
        updatedAt } = site.readJson(`content/upload/${id}.json`);
      return { name, alternativeText, caption, width, height, formats, hash, ext, mime, size, url, previewUrl, provider, createdAt,
        updatedAt };
    },
    /**
     * The studio at `route` (`#/…`) in a new page load, so nothing of an earlier test's form remains. One load: the address is
     * replaced without a hashchange (the studio draws nothing for it, and no guard of an earlier form turns it back), then reloaded.
     */
    loadAfresh: async (route: string) => {
      const target = `${site.url}/admin/${route}`;
      const replaced = await site.page.evaluate((href) => {
        if (location.origin !== new URL(href).origin) return false;
        history.replaceState(null, '', href);
        return true;
      }, target).catch(() => false);
      if (replaced) await site.page.reload();
      else await site.page.goto(target);
      expect(site.page.url()).toBe(target);
    },
    /** The article's form, read afresh (a page load, so nothing of an earlier test's form remains). */
    openArticle: async () => {
      await site.loadAfresh(`#/t/articles/${ARTICLE}?locale=en`);
      await expect.poll(() => site.page.locator('#field-title').inputValue()).not.toBe('');
    },
    /** A new article's form, afresh. */
    newArticle: async () => {
      await site.loadAfresh('#/t/articles/new?locale=en');
    },
    /** The documentId the page's URL names (after the save of a new document). */
    shownDocumentId: () => decodeURIComponent(new URL(site.page.url()).hash.split('/')[3].split('?')[0]),
  };

  beforeAll(async () => {
    site.root = copySampleSite();
    widenSchemas(site.root);
    widen(site.root);
    const cms = await createCms({ root: site.root, env: TEST_ENV, report: () => {} });
    site.cms = cms;
    site.token = (await cms.auth.tokens.create({ name: 'studio', type: 'full-access' })).accessKey;
    await beforeServe(cms);
    session = await openStudio(cms, CHROMIUM!);
    site.url = session.server.url.replace(/\/$/, '');
    site.page = session.page;
    site.page.on('pageerror', (error) => site.problems.push(error.message));
    await site.page.goto(`${site.url}/admin/`);
    await site.page.getByLabel('API token').fill(site.token);
    await site.page.getByRole('button', { name: 'Sign in' }).click();
    await site.page.getByRole('navigation', { name: 'Content types' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });
  return site;
}
