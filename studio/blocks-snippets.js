import { plainText, splitInline, toKind } from './blocks-model.js';

// Strapi's block snippets: Markdown-like marks typed at a paragraph's start that change its kind.

/** What typed at the start of a paragraph and followed by a space makes it another kind (Strapi's editor has the same snippets). */
const SNIPPETS = {
  '#': 'heading-1', '##': 'heading-2', '###': 'heading-3', '####': 'heading-4', '#####': 'heading-5', '######': 'heading-6',
  '>': 'quote', '-': 'list-unordered', '*': 'list-unordered', '+': 'list-unordered', '1.': 'list-ordered',
};

/**
 * A space typed at `offset` of a paragraph: the paragraph as the kind its leading snippet names
 * (`## ` a heading 2, `- ` a bulleted list…), the snippet taken out; undefined when the text before
 * the caret is no snippet.
 */
export function applySnippet(block, offset) {
  const typed = plainText(block.children).slice(0, offset);
  if (block.type !== 'paragraph' || !Object.hasOwn(SNIPPETS, typed)) return undefined;
  const kind = SNIPPETS[typed];
  return toKind({ ...block, children: splitInline(block.children, offset)[1] }, kind);
}

/** The inline content of a block the editor draws in one inline editor (its first item's, for a list). */
export const firstInline = (block) => (block.type === 'list' ? block.children[0].children : block.children);
