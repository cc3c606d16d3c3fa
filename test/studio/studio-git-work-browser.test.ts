import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { git, tempDir } from './git-site.js';
import { ARTICLE, ARTIFACTS, CHROMIUM, FILE, poll, previewGitSite } from './preview-git-site.js';

// The preview beside the studio's form, and editors' Git work: changes in document words, a version restored from the history, a
// teammate's edit pulled through the merge driver, a change request proposed. Screens and keyboard: studio-everywhere-browser.test.ts.

describe.skipIf(!CHROMIUM)(`the studio's preview and editors' Git work${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  const site = previewGitSite();
  const { signIn, openArticle, readJson } = site;
  let page: Page;
  const studio = () => site.studio();
  beforeAll(() => { page = site.page; });

  it('previews the document beside the form with its id, locale, status and the draft secret, and reloads it after a save', async () => {
    await signIn();
    await openArticle();
    const frame = page.frameLocator('iframe[title^="Preview of this article"]');
    const shown = frame.locator('#shown');
    const pane = await page.getByRole('complementary', { name: 'Preview' }).boundingBox();
    const form = await page.locator('#field-title').boundingBox();
    expect(pane!.x).toBeGreaterThan(form!.x + form!.width - 1);
    const src = new URL((await page.locator('iframe[title^="Preview of this article"]').getAttribute('src'))!);
    expect(`${src.pathname}${src.search}`).toBe(`/preview/articles/${ARTICLE}?locale=en&status=draft&secret=preview-secret`);
    const onDisk = () => {
      try {
        return readJson(`content/articles/${ARTICLE}.draft.json`);
      } catch {
        return readJson(FILE);
      }
    };
    await poll(() => shown.textContent()).toBe(onDisk().title);
    await page.locator('#field-title').fill('Norway, previewed');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => shown.textContent()).toBe('Norway, previewed');
  });

  it('tells changes as documents with old → new fields, restores an old version from its history, pulls a teammate\'s edit through the merge driver and proposes a change request with a pull request link', async () => {
    await signIn();
    await page.goto(`${studio()}/#/git?document=${encodeURIComponent(`articles/${ARTICLE}`)}`);
    const changed = page.getByRole('list', { name: 'Changed files' });
    await poll(() => changed.locator('.change-name').allTextContents()).toContain('Article · Norway in the rain — title changed');
    const detail = page.getByRole('article', { name: /^Changes of Article · Norway in the rain/ });
    await poll(() => detail.locator('.field-change').first().textContent())
      .toBe('titleBefore: Beautiful mountains of NorwayAfter: Norway in the rain');

    // History of the published file: the sample's commit, restorable; restoring writes a draft through the API.
    const history = page.getByRole('list', { name: 'History of published' });
    await poll(() => history.locator('li').count()).toBe(1);
    expect(await history.getByRole('button', { name: 'Restore this version' }).count()).toBe(0);
    git(site.root, 'add', '--all', 'content');
    git(site.root, 'commit', '--quiet', '-m', 'Rainy title', '--author', 'Ann Editor <ann@example.com>');
    await page.reload();
    await poll(() => history.locator('.history-head').first().textContent()).toMatch(/^Ann Editor · .* · Rainy titletitle changed$/);
    await history.locator('li').first().getByRole('button', { name: 'What changed' }).click();
    await poll(() => history.locator('.field-change').first().textContent())
      .toBe('titleBefore: Beautiful mountains of NorwayAfter: Norway in the rain');
    await history.locator('li').nth(1).getByRole('button', { name: 'Restore this version' }).click();
    await poll(() => page.getByRole('status').textContent()).toMatch(/^Restored the version of .* by Site Owner as a draft$/);
    expect(readJson(`content/articles/${ARTICLE}.draft.json`).title).toBe('Beautiful mountains of Norway');

    // A teammate changes the description on the remote; pulling merges it beside our title (the lines touch: git alone would conflict).
    git(site.root, 'add', '--all', 'content');
    git(site.root, 'commit', '--quiet', '-m', 'Restored');
    const clone = tempDir('cms-teammate-');
    execFileSync('git', ['clone', '--quiet', '--branch', 'main', site.remote, clone]);
    const theirs = JSON.parse(readFileSync(join(clone, FILE), 'utf8'));
    theirs.description = 'From a teammate.';
    writeFileSync(join(clone, FILE), `${JSON.stringify(theirs, null, 2)}\n`);
    execFileSync('git', ['-c', 'user.name=Mate', '-c', 'user.email=mate@example.com', 'commit', '--quiet', '-am', 'Description'],
      { cwd: clone });
    git(clone, 'push', '--quiet', 'origin', 'main');
    await page.goto(`${studio()}/#/git`);
    await page.getByRole('button', { name: 'Pull from origin' }).click();
    await poll(() => page.getByRole('status').textContent()).toBe('Pulled 1 changed file from origin/main');
    const served = await (await fetch(`${site.api()}/api/articles/${ARTICLE}`)).json();
    expect([served.data.title, served.data.description]).toEqual(['Norway in the rain', 'From a teammate.']);

    // Propose: the edit saved on a change request of its own, that branch alone pushed, and GitHub's compare page offered.
    await openArticle();
    await page.getByRole('button', { name: 'New change request' }).click();
    await page.getByLabel('Name of the change request').fill('edits/norway');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await poll(() => page.evaluate(() => location.hash)).toBe(`#/cr/edits%2Fnorway/t/articles/${ARTICLE}?locale=en`);
    await poll(() => page.locator('#field-title').inputValue()).not.toBe('');
    await page.locator('#field-title').fill('Norway, proposed');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => page.locator('form.document p.ok').textContent()).toBe('Draft saved');
    await page.getByRole('link', { name: /^Change requests/ }).click();
    await page.getByRole('article', { name: /^edits\/norway/ }).getByRole('button', { name: 'Propose' }).click();
    const link = page.getByRole('link', { name: 'Open a pull request on GitHub' });
    await poll(() => link.getAttribute('href')).toBe('https://github.com/acme/site/compare/main...edits/norway?expand=1');
    expect(git(site.remote, 'rev-parse', 'edits/norway')).toBe(git(site.root, 'rev-parse', 'edits/norway'));
    expect(git(site.root, 'branch', '--show-current')).toBe('main');
    await page.screenshot({ path: join(ARTIFACTS, 'change-request-proposed.png'), fullPage: true });
    const back = await (await fetch(`${site.api()}/api/articles/${ARTICLE}?status=draft`,
      { headers: { authorization: `Bearer ${site.token}` } })).json();
    expect(back.data.title).not.toBe('Norway, proposed');
  });
});
