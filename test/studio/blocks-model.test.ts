import { describe, expect, it } from 'vitest';
// The studio's blocks model is plain data code (no DOM): tested here in Node.
// @ts-expect-error: a browser ES module without type declarations
import { fromLeaves, insertBreak, joinBlocks, insertText, marksAt, setLink, splitInline, toggleMark, toKind, toLeaves,
  understood } from '../../studio/blocks-model.js';
// @ts-expect-error: a browser ES module without type declarations
import { applySnippet } from '../../studio/blocks-snippets.js';
// @ts-expect-error: a browser ES module without type declarations
import { indentItem, isEmptyItem, leaveList, leaveNested, outdentItem, unlistItem } from '../../studio/blocks-list.js';

const text = (value: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: value, ...marks });

describe('the studio\'s blocks model', () => {
  it.each([
    [[text('plain')]],
    [[text('a', { bold: true }), text('b', { italic: true, underline: true }), text('c', { strikethrough: true, code: true })]],
    [[text('see '), { type: 'link', url: 'https://example.com', children: [text('this', { bold: true })] }, text('.')]],
  ])('turns understood inline content into leaves and back unchanged: %j', (children) => {
    expect(fromLeaves(toLeaves(children))).toEqual(children);
  });

  it.each([
    [{ type: 'paragraph', children: [text('x')] }, true],
    [{ type: 'heading', level: 6, children: [text('x')] }, true],
    [{ type: 'heading', level: 7, children: [text('x')] }, false],
    [{ type: 'list', format: 'ordered',
      children: [{ type: 'list-item', children: [text('x')] },
        { type: 'list', format: 'unordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('y')] }] }] }, true],
    [{ type: 'code', language: 'js', children: [text('let a')] }, true],
    [{ type: 'quote', children: [text('q')] }, true],
    [{ type: 'image', image: { url: '/a.png' }, children: [text('')] }, false],
    [{ type: 'paragraph', children: [{ ...text('x'), colour: 'red' }] }, false],
    [{ type: 'paragraph', children: [{ type: 'mention', id: 1 }] }, false],
    [{ type: 'callout', children: [text('x')] }, false],
  ])('edits %j: %s (what it does not understand it keeps as is)', (block, expected) => {
    expect(understood(block)).toBe(expected);
  });

  it('toggles a mark on a range, then off again', () => {
    const on = toggleMark([text('Hello world')], 6, 11, 'bold');
    expect(on).toEqual([text('Hello '), text('world', { bold: true })]);
    expect(toggleMark(on, 6, 11, 'bold')).toEqual([text('Hello world')]);
  });

  it('sets a mark on a whole range when only part of it had the mark', () => {
    expect(toggleMark([text('ab', { italic: true }), text('cd')], 0, 4, 'italic')).toEqual([text('abcd', { italic: true })]);
  });

  it('makes a range a link, keeping its marks, and removes it with an empty url', () => {
    const linked = setLink([text('go '), text('there', { bold: true })], 3, 8, 'https://example.com');
    expect(linked).toEqual([text('go '), { type: 'link', url: 'https://example.com', children: [text('there', { bold: true })] }]);
    expect(setLink(linked, 0, 8, '')).toEqual([text('go '), text('there', { bold: true })]);
  });

  it('splits inline content at the caret for Enter, never leaving an empty list of children', () => {
    expect(splitInline([text('ab', { bold: true }), text('cd')], 3)).toEqual([[text('ab', { bold: true }), text('c')], [text('d')]]);
    expect(splitInline([text('ab')], 2)).toEqual([[text('ab')], [text('')]]);
  });

  it('puts a line break (Shift+Enter) into the text, in the marks before it', () => {
    expect(insertBreak([text('ab', { italic: true }), text('cd')], 2)).toEqual([text('ab\n', { italic: true }), text('cd')]);
  });

  it('types text in the marks switched with nothing selected, inside the link it continues', () => {
    const linked = [text('a '), { type: 'link', url: 'https://x.test', children: [text('b')] }];
    expect(marksAt([text('a'), text('b', { bold: true })], 2)).toEqual({ bold: true });
    expect(insertText([text('ab')], 1, 'X', { bold: true, italic: false })).toEqual([text('a'), text('X', { bold: true }), text('b')]);
    expect(insertText(linked, 3, 'c', {})).toEqual([text('a '), { type: 'link', url: 'https://x.test', children: [text('bc')] }]);
  });

  it('joins a block to the one before for Backspace at its start, only between paragraphs, headings and quotes', () => {
    const heading = { type: 'heading', level: 2, children: [text('Route', { bold: true })] };
    expect(joinBlocks(heading, { type: 'paragraph', children: [text(' north')] })).toEqual({ type: 'heading', level: 2,
      children: [text('Route', { bold: true }), text(' north')] });
    expect(joinBlocks(heading, { type: 'code', children: [text('x')] })).toBeUndefined();
    expect(joinBlocks({ type: 'paragraph', children: [{ ...text('x'), colour: 'red' }] },
      { type: 'paragraph', children: [text('y')] })).toBeUndefined();
  });

  it('switches a block between kinds, keeping its text', () => {
    const paragraph = { type: 'paragraph', children: [text('a', { bold: true })] };
    expect(toKind(paragraph, 'heading-3')).toEqual({ type: 'heading', level: 3, children: [text('a', { bold: true })] });
    expect(toKind(paragraph, 'list-ordered')).toEqual({ type: 'list', format: 'ordered',
      children: [{ type: 'list-item', children: [text('a', { bold: true })] }] });
    expect(toKind(paragraph, 'code')).toEqual({ type: 'code', children: [text('a')] });
    expect(toKind(paragraph, 'paragraph')).toBe(paragraph);
  });
});

describe('the studio\'s blocks snippets', () => {
  const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
  it.each([
    ['## Route', 2, { type: 'heading', level: 2, children: [text(' Route')] }],
    ['- ', 1, { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text(' ')] }] }],
    ['1.', 2, { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('')] }] }],
    ['>', 1, { type: 'quote', children: [text('')] }],
  ])('a space typed after %j (caret at %i) changes the paragraph\'s kind, the snippet taken out', (value, offset, expected) => {
    expect(applySnippet(paragraph(text(value)), offset)).toEqual(expected);
  });

  it('keeps the marks of the text after the snippet, and changes nothing without a snippet or outside a paragraph', () => {
    expect(applySnippet(paragraph(text('#'), text('Bold', { bold: true })), 1)).toEqual({ type: 'heading', level: 1,
      children: [text('Bold', { bold: true })] });
    expect(applySnippet(paragraph(text('-x')), 2)).toBeUndefined();
    expect(applySnippet(paragraph(text('a #')), 3)).toBeUndefined();
    expect(applySnippet({ type: 'quote', children: [text('#')] }, 1)).toBeUndefined();
    expect(applySnippet(paragraph(text('toString')), 8)).toBeUndefined();
  });
});

// Nested lists as Strapi's editor makes them (content-manager BlocksInput/Blocks/List: Tab wraps
// the item in `{ type: 'list', format, indentLevel: n + 1, children }`, Shift+Tab lifts it out).
const item = (value: string) => ({ type: 'list-item', children: [text(value)] });
const list = (children: unknown[], indentLevel?: number, format = 'unordered') => (
  { type: 'list', format, ...(indentLevel === undefined ? {} : { indentLevel }), children });

describe('the studio\'s nested lists', () => {
  it.each([
    ['wraps an item in a list one level deeper', list([item('a'), item('b')]), 1, list([item('a'), list([item('b')], 1)])],
    ['moves an item into the nested list just before it', list([item('a'), list([item('b')], 1), item('c')]), 2,
      list([item('a'), list([item('b'), item('c')], 1)])],
    ['goes a level deeper inside a nested list', list([item('b'), item('c')], 1, 'ordered'), 1,
      list([item('b'), list([item('c')], 2, 'ordered')], 1, 'ordered')],
    ['keeps a numbered list numbered', list([item('a'), item('b')], undefined, 'ordered'), 1,
      list([item('a'), list([item('b')], 1, 'ordered')], undefined, 'ordered')],
  ])('Tab %s', (_, before, index, after) => {
    const indented = indentItem(before, index);
    expect(indented).toEqual(after);
    // The exact node shape and key order Strapi stores: type, format, indentLevel, children.
    if (index === 1) {
      expect(JSON.stringify(indented.children[1])).toMatch(/^\{"type":"list","format":"(un)?ordered","indentLevel":\d,"children":/);
    }
    expect(understood(indented)).toBe(true);
  });

  it.each([
    ['the first item', list([item('a'), item('b')]), 0],
    ['a nested list', list([item('a'), list([item('b')], 1)]), 1],
  ])('Tab does nothing on %s', (_, before, index) => {
    expect(indentItem(before, index)).toBeUndefined();
  });

  it.each([
    ['an only item: the nested list goes', list([item('a'), list([item('b')], 1)]), 1, 0, list([item('a'), item('b')])],
    ['a middle item: the nested list is split around it', list([item('a'), list([item('b'), item('c'), item('d')], 1)]), 1, 1,
      list([item('a'), list([item('b')], 1), item('c'), list([item('d')], 1)])],
    ['a first item: it goes before the rest', list([item('a'), list([item('b'), item('c')], 1), item('e')]), 1, 0,
      list([item('a'), item('b'), list([item('c')], 1), item('e')])],
  ])('Shift+Tab lifts %s', (_, parent, at, index, after) => {
    expect(outdentItem(parent, at, index)).toEqual(after);
  });

  it('Tab then Shift+Tab gives the list back exactly', () => {
    const before = list([item('a'), item('b'), item('c')], undefined, 'ordered');
    expect(outdentItem(indentItem(before, 1), 1, 0)).toEqual(before);
  });

  it('Shift+Tab on a top-level item makes it a paragraph between the list\'s parts', () => {
    expect(unlistItem(list([item('a'), item('b'), item('c')]), 1)).toEqual([list([item('a')]), { type: 'paragraph', children: [text('b')] },
      list([item('c')])]);
    expect(unlistItem(list([item('a')]), 0)).toEqual([{ type: 'paragraph', children: [text('a')] }]);
    expect(unlistItem(list([item('a'), list([item('b')], 1)]), 1)).toBeUndefined();
  });

  it('Enter on an empty item leaves the list: a nested item goes after its list, a top-level one becomes a paragraph after the list', () => {
    const empty = item('');
    expect(isEmptyItem(empty)).toBe(true);
    expect(isEmptyItem(item('x'))).toBe(false);
    expect(leaveNested(list([item('a'), list([item('b'), empty], 1), item('c')]), 1,
      1)).toEqual(list([item('a'), list([item('b')], 1), empty, item('c')]));
    expect(leaveNested(list([item('a'), list([empty], 1)]), 1, 0)).toEqual(list([item('a'), empty]));
    expect(leaveList(list([item('a'), empty]), 1)).toEqual([list([item('a')]), { type: 'paragraph', children: [text('')] }]);
    expect(leaveList(list([empty]), 0)).toEqual([{ type: 'paragraph', children: [text('')] }]);
  });
});
