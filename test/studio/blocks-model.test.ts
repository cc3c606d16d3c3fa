import { describe, expect, it } from 'vitest';
// The studio's blocks model is plain data code (no DOM): tested here in Node.
// @ts-expect-error: a browser ES module without type declarations
import { fromLeaves, insertBreak, joinBlocks, insertText, marksAt, setLink, splitInline, toggleMark, toKind, toLeaves, understood } from '../../studio/blocks-model.js';

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
    [{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('x')] }, { type: 'list', format: 'unordered', indentLevel: 1, children: [{ type: 'list-item', children: [text('y')] }] }] }, true],
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
    expect(joinBlocks(heading, { type: 'paragraph', children: [text(' north')] })).toEqual({ type: 'heading', level: 2, children: [text('Route', { bold: true }), text(' north')] });
    expect(joinBlocks(heading, { type: 'code', children: [text('x')] })).toBeUndefined();
    expect(joinBlocks({ type: 'paragraph', children: [{ ...text('x'), colour: 'red' }] }, { type: 'paragraph', children: [text('y')] })).toBeUndefined();
  });

  it('switches a block between kinds, keeping its text', () => {
    const paragraph = { type: 'paragraph', children: [text('a', { bold: true })] };
    expect(toKind(paragraph, 'heading-3')).toEqual({ type: 'heading', level: 3, children: [text('a', { bold: true })] });
    expect(toKind(paragraph, 'list-ordered')).toEqual({ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('a', { bold: true })] }] });
    expect(toKind(paragraph, 'code')).toEqual({ type: 'code', children: [text('a')] });
    expect(toKind(paragraph, 'paragraph')).toBe(paragraph);
  });
});
