import { describe, expect, it } from 'vitest';
// The rich text preview's Markdown reader is plain data code (no DOM): tested here in Node.
// @ts-expect-error: a browser ES module without type declarations
import { parseInline, parseMarkdown } from '../../studio/markdown-parse.js';

const t = (text: string) => ({ text });

describe('the studio\'s Markdown preview reader', () => {
  it.each([
    ['a **b** c', [t('a '), { type: 'strong', children: [t('b')] }, t(' c')]],
    ['__b__ and _i_ and *i*', [{ type: 'strong', children: [t('b')] }, t(' and '), { type: 'em', children: [t('i')] }, t(' and '),
      { type: 'em', children: [t('i')] }]],
    ['~~gone~~ `x *y*`', [{ type: 'del', children: [t('gone')] }, t(' '), { type: 'code', text: 'x *y*' }]],
    ['see [the **docs**](https://example.com/a)',
      [t('see '), { type: 'link', url: 'https://example.com/a', children: [t('the '), { type: 'strong', children: [t('docs')] }] }]],
    ['snake_case_name stays', [t('snake_case_name stays')]],
  ])('reads inline %j', (text, expected) => {
    expect(parseInline(text)).toEqual(expected);
  });

  it.each([
    ['[x](javascript:alert(1))'],
    ['[x](javascript:void)'],
    ['[x](JavaScript:void)'],
    ['[x](data:text/html,hi)'],
  ])('never makes a link that could run script: %s stays text', (text) => {
    expect(parseInline(text).some((node: { type?: string }) => node.type === 'link')).toBe(false);
  });

  it('keeps raw HTML as text', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([{ type: 'paragraph', children: [t('<img src=x onerror=alert(1)>')] }]);
  });

  it('reads blocks: headings, paragraphs joined across lines, lists, quotes, code fences and rules', () => {
    expect(parseMarkdown('## Route\nnorth\nthen west\n\n- **Fjords**\n- Ridges\n\n1. one\n2) two\n> quoted *text*\n\n```js\nlet a = 1;\n```\n***')).toEqual([
      { type: 'heading', level: 2, children: [t('Route')] },
      { type: 'paragraph', children: [t('north then west')] },
      { type: 'list', ordered: false, items: [[{ type: 'strong', children: [t('Fjords')] }], [t('Ridges')]] },
      { type: 'list', ordered: true, items: [[t('one')], [t('two')]] },
      { type: 'quote', blocks: [{ type: 'paragraph', children: [t('quoted '), { type: 'em', children: [t('text')] }] }] },
      { type: 'code', language: 'js', text: 'let a = 1;' },
      { type: 'rule' },
    ]);
  });

  it.each([['`'], ['[']])('reads a long run of %s in linear time (a document could otherwise freeze the preview)', (mark) => {
    const started = performance.now();
    expect(parseInline(mark.repeat(200_000))).toEqual([t(mark.repeat(200_000))]);
    // Milliseconds when linear; a quadratic read of 200,000 marks takes minutes. 5 s leaves a loaded machine room.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('reads an unclosed code fence to the end', () => {
    expect(parseMarkdown('```\na\nb')).toEqual([{ type: 'code', language: '', text: 'a\nb' }]);
  });
});
