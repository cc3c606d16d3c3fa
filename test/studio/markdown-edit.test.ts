import { describe, expect, it } from 'vitest';
// The studio's Markdown toolbar edits are plain text work (no DOM): tested here in Node.
// @ts-expect-error: a browser ES module without type declarations
import { link, prefixLines, wrap } from '../../studio/markdown-edit.js';

describe('the studio\'s Markdown toolbar', () => {
  it.each([
    ['wraps a selection', 'a fjord', 2, 7, '**', { text: 'a **fjord**', start: 4, end: 9 }],
    ['unwraps a selection wrapped already (marks outside it)', 'a **fjord**', 4, 9, '**', { text: 'a fjord', start: 2, end: 7 }],
    ['unwraps a selection that holds the marks', 'a **fjord**', 2, 11, '**', { text: 'a fjord', start: 2, end: 7 }],
    ['puts the caret between new marks when nothing is selected', 'ab', 1, 1, '_', { text: 'a__b', start: 2, end: 2 }],
  ])('%s', (_, text, start, end, mark, expected) => {
    expect(wrap(text, start, end, mark, mark)).toEqual(expected);
  });

  it.each([
    ['prefixes every line the selection touches', 'one\ntwo\nthree', 1, 5, '- ', { text: '- one\n- two\nthree', start: 0, end: 11 }],
    ['numbers lines 1., 2., …', 'one\ntwo', 0, 7, '1. ', { text: '1. one\n2. two', start: 0, end: 13 }],
    ['takes the prefix away when every line has it', '1. one\n2. two', 0, 13, '1. ', { text: 'one\ntwo', start: 0, end: 7 }],
    ['prefixes the caret\'s line only', 'one\ntwo\nthree', 5, 5, '## ', { text: 'one\n## two\nthree', start: 4, end: 10 }],
    ['leaves out a line the selection only reaches the start of', 'one\ntwo', 0, 4, '> ', { text: '> one\ntwo', start: 0, end: 5 }],
    ['escapes the prefix in its pattern (a quote\'s ">" or a list\'s "-")', '> a\n> b', 0, 7, '> ', { text: 'a\nb', start: 0, end: 3 }],
  ])('%s', (_, text, start, end, prefix, expected) => {
    expect(prefixLines(text, start, end, prefix)).toEqual(expected);
  });

  it('makes a link of the selection, its url selected to be typed over', () => {
    expect(link('see docs', 4, 8)).toEqual({ text: 'see [docs](https://)', start: 11, end: 19 });
    expect(link('x', 1, 1)).toEqual({ text: 'x[link](https://)', start: 8, end: 16 });
  });
});
