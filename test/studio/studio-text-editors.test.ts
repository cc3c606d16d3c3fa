import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, editorSite, text } from './editor-site.js';

// The studio's text editors in a real browser: the blocks editor (Strapi's blocks format) and
// the Markdown toolbar and preview, each writing a new article whose content FILE is read back.

describe.skipIf(!CHROMIUM)(`the studio's text editors in a real browser${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`,
  { timeout: 300_000 }, () => {
  const site = editorSite();
  let page: Page;
  beforeAll(() => { page = site.page; });
  const { readJson, field, problems } = site;

  it('writes Markdown from the rich text toolbar around the selection (a list of lines, then bold) and previews it', async () => {
    await site.newArticle();
    await page.locator('#field-title').fill('Markdown notes');
    await page.getByLabel('Component to add to blocks').selectOption('shared.rich-text');
    await field('blocks').getByRole('button', { name: 'Add to blocks' }).click();
    const body = page.locator('#field-blocks-0-body');
    await body.fill('Fjords\nRidges');
    await body.press('Control+a');
    await field('blocks.0.body').getByRole('button', { name: 'Bulleted list' }).click();
    await expect.poll(() => body.inputValue()).toBe('- Fjords\n- Ridges');
    await body.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(2, 8));
    await body.press('Control+b');
    await expect.poll(() => body.inputValue()).toBe('- **Fjords**\n- Ridges');
    // The preview draws it as it reads (elements, never an HTML string), then back to the text.
    await field('blocks.0.body').getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('document', { name: 'Preview of body' });
    await expect.poll(() => preview.locator('ul > li').allTextContents()).toEqual(['Fjords', 'Ridges']);
    expect(await preview.locator('li strong').textContent()).toBe('Fjords');
    await field('blocks.0.body').getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => body.inputValue()).toBe('- **Fjords**\n- Ridges');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Markdown notes');
    const documentId = site.shownDocumentId();
    expect(readJson(`content/articles/${documentId}.draft.json`).blocks).toEqual([{ __component: 'shared.rich-text',
      body: '- **Fjords**\n- Ridges' }]);
  });

  it('writes new blocks into a new document: Enter splits, Backspace at a block\'s start joins, a nested list made with Tab and Shift+Tab, an item lifted by Backspace, code, a block dragged', async () => {
    await site.newArticle();
    await page.locator('#field-title').fill('Blocks from scratch');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.keyboard.type('OneTwo');
    for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2' }).textContent()).toBe('Two');
    await page.keyboard.press('Backspace'); // the caret is at the start of "Two": joined back
    await page.keyboard.type('-');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 1' }).textContent()).toBe('One-Two');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.keyboard.type('first');
    await page.getByLabel('body block 2 type').selectOption('list-ordered');
    const item = page.getByRole('textbox', { name: 'body block 2, item 1' });
    await item.click();
    await item.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    // Tab nests "second" under "first"; Enter continues the nested list; Shift+Tab lifts "third"
    // back out; Enter twice (the second on an empty item) leaves the list for a paragraph.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.type('third');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2, nested list 2, item 2' }).textContent()).toBe('third');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2, item 3' }).textContent()).toBe('third');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('After the list.');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 3' }).textContent()).toBe('After the list.');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.getByLabel('body block 4 type').selectOption('code');
    await page.getByRole('textbox', { name: 'body block 4', exact: true }).fill('let a = 1;\nlet b = 2;');
    await page.getByLabel('body block 4 language').fill('js');
    // The code block dragged by its grip onto the paragraph before it: they swap.
    await field('body').locator('li.block').nth(3).locator('.grip').dragTo(field('body').locator('li.block').nth(2));
    await expect.poll(() => page.getByLabel('body block 3 language').inputValue()).toBe('js');
    // And by its buttons: down, then back up.
    await page.getByRole('button', { name: 'Move body block 3 down' }).click();
    await expect.poll(() => page.getByLabel('body block 4 language').inputValue()).toBe('js');
    expect(await page.getByRole('button', { name: 'Move body block 4 down' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move body block 4 up' }).click();
    await expect.poll(() => page.getByLabel('body block 3 language').inputValue()).toBe('js');
    // Backspace at the start of the last item lifts it out of the list: a paragraph after it.
    const third = page.getByRole('textbox', { name: 'body block 2, item 3' });
    await third.click();
    await third.press('Home');
    await third.press('Backspace');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 3' }).textContent()).toBe('third');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Blocks from scratch');
    const documentId = site.shownDocumentId();
    expect(readJson(`content/articles/${documentId}.draft.json`).body).toEqual([
      { type: 'paragraph', children: [text('One-Two')] },
      { type: 'list', format: 'ordered', children: [
        { type: 'list-item', children: [text('first')] },
        { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('second')] }] },
      ] },
      { type: 'paragraph', children: [text('third')] },
      { type: 'code', children: [text('let a = 1;\nlet b = 2;')], language: 'js' },
      { type: 'paragraph', children: [text('After the list.')] },
    ]);
  });

  it('turns a snippet typed at a paragraph\'s start into its kind: "## " a heading, "- " a bulleted list', async () => {
    await site.newArticle();
    await page.locator('#field-title').fill('Snippets');
    await field('body').getByRole('button', { name: 'Add a paragraph' }).click();
    await page.keyboard.type('## Plan');
    await expect.poll(() => page.getByLabel('body block 1 type').inputValue()).toBe('heading-2');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- one');
    await page.keyboard.press('Enter');
    await page.keyboard.type('two');
    await expect.poll(() => page.getByRole('textbox', { name: 'body block 2, item 2' }).textContent()).toBe('two');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Snippets');
    const documentId = site.shownDocumentId();
    expect(readJson(`content/articles/${documentId}.draft.json`).body).toEqual([
      { type: 'heading', level: 2, children: [text('Plan')] },
      { type: 'list', format: 'unordered',
        children: [{ type: 'list-item', children: [text('one')] }, { type: 'list-item', children: [text('two')] }] },
    ]);
    expect(problems).toEqual([]);
  });
});
