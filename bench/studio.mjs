// The studio in a real browser (Debian's chromium, driven by playwright-core): how long until the
// first usable screen on the sample site, and how long a list page of a 10,000-document type
// takes to show (first page, next page, a sorted page), with the Git state column on; and the edit
// forms of an article and of a category holding hundreds of articles; and the save round trip (Save
// draft clicked → the PUT answered → the form says "Draft saved").
// `npm run bench:studio` (never part of npm test). Options: --size 10000 --runs 5
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createCms } from '../dist/core/cms.js';
import { serve } from '../dist/core/http/serve.js';
import { generate } from './generate.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce(
  (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), [],
));
const size = Number(args.size ?? 10000);
const runs = Number(args.runs ?? 5);
const repo = resolve(import.meta.dirname, '..');
const TOKEN = 'bench-studio-token-0123456789abcdef0123456789abcdef';
const env = {
  CMS_API_TOKEN: TOKEN, CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef',
};
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  .find((path) => path && existsSync(path));
if (!executablePath) { console.error('no chromium binary: apt-get install -y chromium, or set CHROMIUM_PATH'); process.exit(1); }

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const git = (cwd, ...argv) => execFileSync('git', argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

/** A private copy that is a git repository with everything committed (the Git state column reads HEAD). */
function gitCopy(source) {
  const root = mkdtempSync(join(tmpdir(), 'cms-bench-studio-'));
  for (const entry of ['schemas', 'content', 'public', 'cms.config.json']) {
    if (existsSync(join(source, entry))) cpSync(join(source, entry), join(root, entry), { recursive: true });
  }
  git(root, 'init', '--quiet', '--initial-branch=main');
  git(root, 'add', '--all');
  git(root, '-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '--quiet', '-m', 'bench');
  return root;
}

async function withSite(source, work) {
  const root = gitCopy(source);
  const cms = await createCms({ root, env, report: () => {} });
  const server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    return await work(server.url.replace(/\/$/, ''), browser);
  } finally {
    await browser.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** A fresh page, signed in (the token in sessionStorage, as the studio keeps it). */
async function signedInPage(browser) {
  const page = await browser.newPage();
  await page.addInitScript((token) => sessionStorage.setItem('cms-studio-token', token), TOKEN);
  return page;
}

/** Milliseconds from navigation until `ready` resolves. */
async function time(page, url, ready) {
  const start = performance.now();
  await page.goto(url);
  await ready();
  return performance.now() - start;
}

/** Median ms of `runs` saves of an article's draft from its open form (each with a new title). */
async function saveRoundTrip(base, browser, documentId) {
  const page = await signedInPage(browser);
  await page.goto(`${base}/admin/#/t/articles/${documentId}?locale=en`);
  await page.waitForFunction(() => document.querySelector('#field-title')?.value);
  const saves = [];
  for (let run = 0; run < runs; run++) {
    await page.locator('#field-title').fill(`Bench title ${run}`);
    const start = performance.now();
    await Promise.all([page.waitForResponse((response) => response.request().method() !== 'GET' && response.url().includes(documentId)),
      page.getByRole('button', { name: 'Save draft' }).click()]);
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    saves.push(performance.now() - start);
  }
  await page.close();
  return Math.round(median(saves));
}

const rows = [];
await withSite(repo, async (base, browser) => {
  const signIn = [];
  const list = [];
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage();
    signIn.push(await time(page, `${base}/admin/`, () => page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor()));
    await page.close();
    const signed = await signedInPage(browser);
    list.push(await time(signed, `${base}/admin/#/t/articles`, () => signed.locator('td.git-state').first().waitFor()));
    await signed.close();
  }
  rows.push({ site: 'sample', screen: 'sign-in screen (cold page)', median_ms: Math.round(median(signIn)) });
  rows.push({ site: 'sample', screen: 'article list with Git state, signed in', median_ms: Math.round(median(list)) });
  rows.push({ site: 'sample', screen: 'save round trip (Save draft → "Draft saved")',
    median_ms: await saveRoundTrip(base, browser, 'leo9mpmgjqi9e4y3lvswznjb') });
});

const dataset = `/tmp/cms-bench-${size}`;
try { statSync(join(dataset, 'content/articles')); } catch { console.error(`generating ${size} documents…`); generate(size, dataset); }
await withSite(dataset, async (base, browser) => {
  const first = [];
  const withGit = [];
  const next = [];
  const sorted = [];
  let total = '';
  for (let run = 0; run < runs; run++) {
    const page = await signedInPage(browser);
    const start0 = performance.now();
    await page.goto(`${base}/admin/#/t/articles`);
    await page.locator('table.documents tbody tr').first().waitFor();
    first.push(performance.now() - start0);
    // The Git column follows: one `git status` of the type's folder and one listing of HEAD.
    await page.locator('td.git-state').first().waitFor();
    withGit.push(performance.now() - start0);
    total = (await page.locator('.pager span').textContent()) ?? '';
    const before = await page.locator('table.documents tbody tr td:first-child').first().textContent();
    let start = performance.now();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction((text) => document.querySelector('table.documents tbody tr td')?.textContent !== text
      && document.querySelector('.pager span')?.textContent.startsWith('Page 2'), before);
    next.push(performance.now() - start);
    start = performance.now();
    await page.getByRole('button', { name: 'title' }).click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort=ascending]')
      && document.querySelector('.pager span')?.textContent.startsWith('Page 1'));
    await page.locator('td.git-state').first().waitFor();
    sorted.push(performance.now() - start);
    await page.close();
  }
  // Edit forms: an article (every widget), and a category whose to-many relation holds hundreds of
  // articles (their titles only are read; the chips stop at 12 until "Show all").
  const api = async (path) => (await (await fetch(`${base}/api/${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()).data;
  const [article] = await api('articles?pagination[pageSize]=1&fields[0]=title');
  const [category] = await api('categories?pagination[pageSize]=1&fields[0]=name');
  const held = (await api(`categories/${category.documentId}?populate[articles][fields][0]=title`)).articles.length;
  const articleForm = [];
  const categoryForm = [];
  const formTime = async (path, ready) => {
    const page = await signedInPage(browser);
    const ms = await time(page, `${base}/admin/#/t/${path}`, () => page.waitForFunction(ready));
    await page.close();
    return ms;
  };
  for (let run = 0; run < runs; run++) {
    articleForm.push(await formTime(
      `articles/${article.documentId}?locale=en`,
      () => document.querySelector('#field-title')?.value && document.querySelector('[data-field="body"] .inline-editor'),
    ));
    categoryForm.push(await formTime(
      `categories/${category.documentId}`,
      () => document.querySelector('#field-name')?.value && document.querySelector('[data-field="articles"] .chip'),
    ));
  }
  rows.push({ site: `${size} documents`, screen: 'article edit form, filled', median_ms: Math.round(median(articleForm)) });
  rows.push({ site: `${size} documents`, screen: `category edit form, its ${held} related articles as chips`,
    median_ms: Math.round(median(categoryForm)) });
  rows.push({ site: `${size} documents`, screen: `article list, first page of rows (${total.replace(/\s+/g, ' ').trim()})`,
    median_ms: Math.round(median(first)) });
  rows.push({ site: `${size} documents`, screen: 'same page, Git state column filled', median_ms: Math.round(median(withGit)) });
  rows.push({ site: `${size} documents`, screen: 'next page', median_ms: Math.round(median(next)) });
  rows.push({ site: `${size} documents`, screen: 'sort by title (click the header)', median_ms: Math.round(median(sorted)) });
  rows.push({ site: `${size} documents`, screen: 'save round trip (Save draft → "Draft saved")',
    median_ms: await saveRoundTrip(base, browser, article.documentId) });
});

console.log(`\n## Studio in chromium (median of ${runs} runs; a fresh page each run)`);
console.table(rows);
