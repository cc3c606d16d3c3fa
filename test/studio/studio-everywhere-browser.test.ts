import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { axeViolations } from './axe.js';
import { ARTICLE, ARTIFACTS, CHROMIUM, DESKTOP, FILE, overflow, PHONE, poll, previewGitSite } from './preview-git-site.js';

// Every screen of the studio at a desktop's and a phone's width, by keyboard and for a screen reader (axe-core). The preview beside
// the form and the editors' Git work (history, pull, change requests) on the same kind of site: studio-git-work-browser.test.ts.

describe.skipIf(!CHROMIUM)(`the studio on a phone, by keyboard and screen reader${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`, { timeout: 300_000 }, () => {
  const site = previewGitSite();
  const { signIn, openArticle, readJson } = site;
  let page: Page;
  const studio = () => site.studio();
  beforeAll(() => { page = site.page; });

  /** The five main screens, each reached and drawn. */
  const SCREENS: Array<[string, () => Promise<void>]> = [
    ['sign-in', async () => {
      await page.goto(`${studio()}/`);
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
});
