import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { axeViolations } from './axe.js';
import { git, tempDir } from './git-site.js';
import { ARTICLE, ARTIFACTS, CHROMIUM, DESKTOP, FILE, overflow, PHONE, poll, previewGitSite } from './preview-git-site.js';

// Every screen of the studio at a desktop's and a phone's width, by keyboard and for a screen reader (axe-core); the preview beside
// the form and the editors' Git work (history, pull, change requests), on one site (preview-git-site.ts) for the whole file.

describe.skipIf(!CHROMIUM)(`the studio on a phone, by keyboard and screen reader, and for editors' Git work${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  const site = previewGitSite();
  const { signIn, openArticle, readJson } = site;
  let page: Page;
  const studio = () => site.studio();
  beforeAll(() => { page = site.page; });

  /** The five main screens, each reached and drawn. */
  const SCREENS: Array<[string, () => Promise<void>]> = [
    ['sign-in', async () => {
      // By the address's fragment: the phone's round starts on the studio's document, which shows the form once signed out (no reload).
      await page.goto(`${studio()}/#/`);
      await page.getByRole('heading', { name: 'Sign in to the studio' }).or(page.getByRole('button', { name: 'Sign out' })).waitFor();
      if (await page.getByRole('button', { name: 'Sign out' }).isVisible()) await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to the studio' }).waitFor();
    }],
    ['list', async () => {
      await signIn();
      await page.goto(`${studio()}/#/t/articles`);
      await poll(() => page.locator('table.documents tbody tr').count()).toBeGreaterThan(5);
    }],
    ['edit-form', async () => {
      await openArticle();
      await page.getByRole('complementary', { name: 'Preview' }).waitFor();
    }],
    ['media-library', async () => {
      await page.locator('#field-cover').click();
      await page.getByRole('dialog', { name: 'Media library' }).locator('.tile').first().waitFor();
    }],
    ['git-panel', async () => {
      await page.goto(`${studio()}/#/git`);
      await page.getByRole('list', { name: 'Changed files' }).waitFor();
      await page.locator('.change-name').first().click();
      await page.locator('.field-diff').first().waitFor();
    }],
  ];

  /** Screens beyond the five main ones, checked the same way (no screenshot kept). */
  const MORE_SCREENS: Array<[string, () => Promise<void>]> = [
    ['home', async () => {
      await page.goto(`${studio()}/#/`);
      await page.getByRole('heading', { name: 'Content' }).waitFor();
    }],
    ['document-history', async () => {
      await page.goto(`${studio()}/#/git?document=${encodeURIComponent(`articles/${ARTICLE}`)}`);
      await page.getByRole('list', { name: 'History of published' }).waitFor();
      await page.locator('.field-diff').first().waitFor();
    }],
  ];

  it('shows every main screen at 1280 px and 390 px with nothing wider than the window and no serious or critical axe-core violation, and keeps a screenshot of each', async () => {
    const found: Record<string, unknown> = {};
    for (const [width, size] of [[1280, DESKTOP], [390, PHONE]] as const) {
      await page.setViewportSize(size);
      for (const [name, reach] of SCREENS) {
        await reach();
        found[`${name}@${width}`] = { overflow: await overflow(page), violations: await axeViolations(page) };
        await page.screenshot({ path: join(ARTIFACTS, `studio-${name}-${width}.png`) });
      }
      for (const [name, reach] of MORE_SCREENS) {
        await reach();
        found[`${name}@${width}`] = { overflow: await overflow(page), violations: await axeViolations(page) };
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, { overflow: 0, violations: [] }])));
    await page.setViewportSize(DESKTOP);
  });

  it('on a phone, draws the form in one column, gives primary controls 44 px targets, and keeps the preview behind a toggle below the form', async () => {
    await page.setViewportSize(PHONE);
    // Back to the desktop even when an assertion fails, so the tests after this one are not measured on a phone.
    onTestFinished(() => page.setViewportSize(DESKTOP));
    await signIn();
    await openArticle();
    // Top-level fields only: those in a component's fieldset or a list item sit indented (the form's own fieldset.fields holds them all).
    const lefts = await page.locator('.document > .field, form .field').evaluateAll((fields) => [...new Set(fields
      .filter((field) => !field.closest('fieldset:not(.fields), .item')).map((field) => Math.round(field.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(1);
    const targets = [
      page.getByRole('button', { name: 'Save draft' }), page.getByRole('button', { name: 'Publish', exact: true }),
      page.getByRole('button', { name: 'Sign out' }),
      page.getByRole('navigation', { name: 'Content types' }).getByRole('link', { name: 'Article' }),
      page.getByRole('link', { name: 'Git' }), page.getByRole('button', { name: 'Show preview' }), page.locator('#field-title'),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect([await target.evaluate((element) => element.textContent || element.id),
        box.height >= 44]).toEqual([await target.evaluate((element) => element.textContent || element.id), true]);
    }
    const pane = page.getByRole('complementary', { name: 'Preview' });
    expect(await pane.locator('iframe').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Show preview' }).click();
    await pane.locator('iframe').waitFor();
    const [form, frame] = [await page.locator('form.document, .document').first().boundingBox(),
      await pane.locator('iframe').boundingBox()];
    expect(frame!.y).toBeGreaterThan(form!.y);
  });

  it('traps focus in the media library, closes it on Escape and gives focus back to the button that opened it', async () => {
    await signIn();
    await openArticle();
    await page.locator('#field-cover').click();
    const dialog = page.getByRole('dialog', { name: 'Media library' });
    await dialog.locator('.tile').first().waitFor();
    await poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('field-cover');
  });

  it('closes the relation picker on Escape and when focus leaves it, and moves a chosen tag by the arrow keys', async () => {
    await signIn();
    await openArticle();
    const tags = page.locator('[data-field=tags]');
    const search = tags.getByRole('combobox');
    await search.focus();
    await tags.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await tags.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowDown');
    await tags.getByRole('listbox').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await tags.getByRole('listbox').waitFor({ state: 'detached' });

    const before = readJson(FILE).tags as string[];
    const labels = await tags.locator('.chip').allTextContents();
    await tags.locator('.chip-grip').first().focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => tags.locator('.chip').allTextContents()).toEqual([labels[1], labels[0], ...labels.slice(2)]);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(new RegExp(`^Reorder ${labels[0].replace(/×$/, '')} \\(position 2 of`));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await poll(() => {
      try {
        return readJson(`content/articles/${ARTICLE}.draft.json`).tags;
      } catch {
        return undefined;
      }
    }).toEqual([before[1], before[0], ...before.slice(2)]);
  });

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
