import { useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { BlockBody } from './blocks-block.js';
import { emptyBlock, joinBlocks, KINDS, kindOf, plainText, toKind, understood } from './blocks-model.js';
import { move, MoveButtons, useDragReorder } from './reorder.js';
import { MediaLibrary } from './media-library.js';

// A visual editor for Strapi's blocks format, written here (about 600 lines in seven files) rather
// than taken from a library: the editors that speak this format (Strapi's own, on Slate) need React
// and a build step, and a generic one (ProseMirror, Lexical) would need a lossy mapping both ways.
// This one edits the value in place, so every block it is not asked to change is written back as read.

const TOOLS = [
  ['bold', 'Bold', 'B'], ['italic', 'Italic', 'I'], ['underline', 'Underline', 'U'], ['strikethrough', 'Strikethrough', 'S'],
  ['code', 'Inline code', '</>'],
];

/** The toolbar: marks and links act on the selection of the block that last had the focus. */
function Toolbar({ tools }) {
  const [linking, setLinking] = useState();
  const keep = (event) => event.preventDefault(); // a click keeps the selection in the text
  const startLink = () => {
    const range = tools.current?.editor.range();
    if (range && range.start !== range.end) setLinking({ editor: tools.current.editor, range, url: '' });
  };
  const applyLink = () => { linking.editor.link(linking.url.trim(), linking.range); setLinking(undefined); };
  return html`<div class="blocks-toolbar" role="toolbar" aria-label="Text formatting">
    ${TOOLS.map(([mark, label, text]) => html`<button type="button" aria-label=${label} title=${label} onMouseDown=${keep}
      onClick=${() => tools.current?.editor.mark(mark)}><span aria-hidden="true">${text}</span></button>`)}
    <button type="button" aria-label="Link" title="Link (empty to remove)" onMouseDown=${keep} onClick=${startLink}>Link</button>
    ${linking && html`<span class="link-form"><input aria-label="Link URL" placeholder="https://…" value=${linking.url}
      onInput=${(event) => setLinking({ ...linking, url: event.currentTarget.value })}
        onKeyDown=${(event) => { if (event.key === 'Enter') { event.preventDefault(); applyLink(); } }} />
      <button type="button" onClick=${applyLink}>Apply link</button><button type="button" class="link"
        onClick=${() => setLinking(undefined)}>Cancel</button></span>`}
  </div>`;
}

function BlocksEditor({ id, value, onChange, attribute }) {
  const blocks = value ?? [];
  const tools = useRef();
  // A counter, so asking twice for the same block still moves the caret there.
  const [focusAt, setFocusAt] = useState({ index: -1, n: 0 });
  const [choosing, setChoosing] = useState(false);
  const change = (update) => onChange((current) => update(current ?? []));
  const update = (index) => (fn) => change((current) => current.map((block, at) => (at === index ? fn(block) : block)));
  const replace = (index) => (fn) => change((current) => [...current.slice(0, index), ...fn(current[index]), ...current.slice(index + 1)]);
  const focus = (index, offset = 0) => setFocusAt((last) => ({ index, offset, n: last.n + 1 }));
  const insert = (index, block) => { change((current) => [...current.slice(0, index), block, ...current.slice(index)]); focus(index); };
  /** Backspace at a block's start joins it to the block before, the caret where they meet. */
  const joinBack = (index) => {
    const joined = index > 0 && joinBlocks(blocks[index - 1], blocks[index]);
    if (!joined) return;
    change((current) => [...current.slice(0, index - 1), joined, ...current.slice(index + 1)]);
    focus(index - 1, plainText(blocks[index - 1].children).length);
  };
  const label = (index) => `${attribute.name} block ${index + 1}`;
  const reorder = (from, to) => change((current) => move(current, from, to));
  const drag = useDragReorder(reorder);
  return html`<div class="blocks-editor" id=${id}>
    <${Toolbar} tools=${tools} />
    <ol class="blocks">${blocks.map((block, index) => html`<li class=${`block block-${String(block?.type)}`} ...${drag.target(index)}>
      <div class="block-tools">
        <span class="grip" aria-hidden="true" ...${drag.handle(index, label(index))}>⠿</span>
        ${understood(block)
          ? html`<select aria-label=${`${label(index)} type`} value=${kindOf(block)}
            onChange=${(event) => { const kind = event.currentTarget.value; update(index)((current) => toKind(current, kind)); }}>
              ${Object.entries(KINDS).map(([kind, name]) => html`<option value=${kind}>${name}</option>`)}</select>`
          : html`<span class="muted">${String(block?.type ?? 'unknown')}</span>`}
        <${MoveButtons} index=${index} count=${blocks.length} name=${label(index)} onMove=${reorder} />
        <button type="button" class="danger" aria-label=${`Remove ${label(index)}`}
          onClick=${() => change((current) => current.filter((_, at) => at !== index))}>Remove</button>
      </div>
      <${BlockBody} block=${block} label=${label(index)} focus=${focusAt.index === index ? focusAt.n : 0} focusOffset=${focusAt.offset}
        onChange=${update(index)} onReplace=${replace(index)} onJoinBack=${() => joinBack(index)}
        tools=${(editor) => { tools.current = { editor }; }}
        onEnter=${(before, after) => {
          update(index)((current) => ({ ...current, children: before }));
          insert(index + 1, { type: 'paragraph', children: after });
        }} />
    </li>`)}</ol>
    <div class="item-add"><button type="button" onClick=${() => insert(blocks.length, emptyBlock())}>Add a paragraph</button>
      <button type="button" onClick=${() => setChoosing(true)}>Add an image</button></div>
    ${choosing && html`<${MediaLibrary} allowedTypes=${['images']} multiple=${false} onClose=${() => setChoosing(false)}
      onChoose=${([file]) => { setChoosing(false); if (file) insert(blocks.length, imageBlock(file)); }} />`}
  </div>`;
}

/** An image block holds the file entry itself, as Strapi's editor stores it (less the answer-only `isUrlSigned`). */
const imageBlock = ({ isUrlSigned: _, ...image }) => ({ type: 'image', image, children: [{ type: 'text', text: '' }] });

export const blocksWidget = {
  nested: false,
  // The value is edited in place; `null` (no blocks yet) stays null until a block is added.
  read: (value) => value ?? null,
  write: (value) => value,
  draw: (props) => html`<${BlocksEditor} ...${props} />`,
};
