import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { link, prefixLines, PREFIXES, wrap, WRAPS } from './markdown-edit.js';
import { MarkdownPreview } from './markdown-preview.js';

// Rich text (Markdown): a textarea with a toolbar that writes the Markdown syntax around the
// selection (Strapi's Markdown editor does the same), so an editor need not remember it, and a
// Preview of how it reads. The value is the text itself: what is stored is exactly what is typed.

const TOOLS = [
  ['Bold', 'B', (text, start, end) => wrap(text, start, end, ...WRAPS.bold)],
  ['Italic', 'I', (text, start, end) => wrap(text, start, end, ...WRAPS.italic)],
  ['Strikethrough', 'S', (text, start, end) => wrap(text, start, end, ...WRAPS.strikethrough)],
  ['Inline code', '</>', (text, start, end) => wrap(text, start, end, ...WRAPS.code)],
  ['Heading', 'H', (text, start, end) => prefixLines(text, start, end, PREFIXES.heading)],
  ['Quote', '❝', (text, start, end) => prefixLines(text, start, end, PREFIXES.quote)],
  ['Bulleted list', '•', (text, start, end) => prefixLines(text, start, end, PREFIXES.bullets)],
  ['Numbered list', '⒈', (text, start, end) => prefixLines(text, start, end, PREFIXES.numbers)],
  ['Link', 'Link', link],
];
const SHORTCUTS = { b: 'Bold', i: 'Italic' };

function MarkdownField({ id, value, onChange, invalid, attribute }) {
  const ref = useRef();
  const selection = useRef();
  const [previewing, setPreviewing] = useState(false);
  useLayoutEffect(() => {
    if (!selection.current || !ref.current) return;
    ref.current.focus();
    ref.current.setSelectionRange(selection.current.start, selection.current.end);
    selection.current = undefined;
  });
  const apply = (name) => {
    const [, , edit] = TOOLS.find(([label]) => label === name);
    const { selectionStart, selectionEnd, value: text } = ref.current;
    const next = edit(text, selectionStart, selectionEnd);
    selection.current = next;
    onChange(next.text);
  };
  const onKeyDown = (event) => {
    const name = (event.ctrlKey || event.metaKey) && SHORTCUTS[event.key];
    if (name) { event.preventDefault(); apply(name); }
  };
  return html`<div class="markdown-field">
    <div class="blocks-toolbar" role="toolbar" aria-label=${`Markdown for ${attribute.name}`}>
      ${TOOLS.map(([label, text]) => html`<button type="button" aria-label=${label} title=${label} disabled=${previewing}
        onMouseDown=${(event) => event.preventDefault()} onClick=${() => apply(label)}><span aria-hidden="true">${text}</span></button>`)}
      <button type="button" class="preview-toggle" aria-pressed=${previewing}
        onClick=${() => setPreviewing(!previewing)}>${previewing ? 'Edit' : 'Preview'}</button>
    </div>
    ${previewing
      ? html`<${MarkdownPreview} text=${value} label=${`Preview of ${attribute.name}`} />`
      : html`<textarea id=${id} ref=${ref} rows="12" value=${value} aria-invalid=${invalid} onKeyDown=${onKeyDown}
        onInput=${(event) => onChange(event.currentTarget.value)} />`}
  </div>`;
}

export const markdownWidget = {
  read: (value) => value ?? '',
  write: (value) => (value === '' ? null : value),
  hint: 'Markdown',
  draw: (props) => html`<${MarkdownField} ...${props} />`,
};
