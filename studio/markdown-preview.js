import { html } from './html.js';
import { parseMarkdown } from './markdown-parse.js';

// The rich text preview: the blocks markdown-parse.js reads, drawn as elements (never as an HTML
// string), so nothing in a document's text is interpreted as markup or script.

const INLINE = {
  code: (node) => html`<code>${node.text}</code>`,
  strong: (node) => html`<strong>${inline(node.children)}</strong>`,
  em: (node) => html`<em>${inline(node.children)}</em>`,
  del: (node) => html`<del>${inline(node.children)}</del>`,
  link: (node) => html`<a href=${node.url} target="_blank" rel="noopener noreferrer">${inline(node.children)}</a>`,
};
const inline = (nodes) => nodes.map((node) => (node.type ? INLINE[node.type](node) : node.text));

const BLOCKS = {
  heading: (block) => html`<${`h${block.level}`}>${inline(block.children)}</${`h${block.level}`}>`,
  paragraph: (block) => html`<p>${inline(block.children)}</p>`,
  list: (block) => {
    const tag = block.ordered ? 'ol' : 'ul';
    return html`<${tag}>${block.items.map((item) => html`<li>${inline(item)}</li>`)}</${tag}>`;
  },
  quote: (block) => html`<blockquote>${blocks(block.blocks)}</blockquote>`,
  code: (block) => html`<pre><code data-language=${block.language || undefined}>${block.text}</code></pre>`,
  rule: () => html`<hr />`,
};
const blocks = (list) => list.map((block) => BLOCKS[block.type](block));

/** Markdown text drawn as it will read. */
export const MarkdownPreview = ({ text, label }) => html`<div class="markdown-preview" role="document" aria-label=${label}>
  ${text.trim() ? blocks(parseMarkdown(text)) : html`<p class="muted">Nothing written yet.</p>`}</div>`;
