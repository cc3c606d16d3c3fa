import { useContext, useRef, useState } from 'preact/hooks';
import { FormContext } from './form-context.js';
import { html } from './html.js';

/** `items` with the one at `from` moved to `to`. */
export const move = (items, from, to) => {
  const next = [...items];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
};

/** The item being dragged: its list (so an item never lands in another list) and its index. */
let dragged;

function Item({ list, index, count, title, canRemove, onMove, onRemove, onDrop, open, children }) {
  const [expanded, setExpanded] = useState(true);
  const shown = expanded || open;
  const ours = () => dragged?.list === list;
  return html`<li class="item" onDragOver=${(event) => { if (ours()) { event.preventDefault(); event.stopPropagation(); } }}
    onDrop=${(event) => { if (!ours()) return; event.preventDefault(); event.stopPropagation(); onDrop(dragged.from, index); dragged = undefined; }}>
    <div class="item-head" draggable="true" title="Drag to reorder"
      onDragStart=${(event) => { event.stopPropagation(); dragged = { list, from: index }; event.dataTransfer.effectAllowed = 'move'; event.dataTransfer.setData('text/plain', title); }}
      onDragEnd=${() => { dragged = undefined; }}>
      <button type="button" class="link" aria-expanded=${shown} onClick=${() => setExpanded(!shown)}>${shown ? '▾' : '▸'} ${title}</button>
      <span class="item-tools">
        <button type="button" aria-label=${`Move item ${index + 1} up`} disabled=${index === 0} onClick=${() => onMove(index - 1)}>↑</button>
        <button type="button" aria-label=${`Move item ${index + 1} down`} disabled=${index === count - 1} onClick=${() => onMove(index + 1)}>↓</button>
        <button type="button" class="danger" aria-label=${`Remove item ${index + 1}`} disabled=${!canRemove} onClick=${onRemove}>Remove</button>
      </span>
    </div>
    ${shown && html`<div class="item-body">${children}</div>`}
  </li>`;
}

/**
 * An ordered list of collapsible items (repeatable components, dynamic zones) with move up/down (or
 * drag an item's head onto another) and remove; `min`/`max` from the schema keep Remove and the add controls from crossing them.
 * `render(item, index)` draws an item's body, `title(item, index)` its header, `hasError(index)` opens it;
 * `path` is the list's field path.
 */
export function ItemList({ items, onChange, render, title, path, min = 0, max = Infinity, hasError = () => false, children }) {
  const { forgetErrors } = useContext(FormContext);
  /** Moving or removing items renumbers them: the API's errors for them (by index) are dropped. */
  const renumber = (update) => { forgetErrors?.(path.join('.')); onChange(update); };
  const list = useRef({}).current;
  return html`<div class="item-list">
    <ol class="items">${items.map((item, index) => html`<${Item} key=${item.__key} index=${index} count=${items.length} title=${title(item, index)} open=${hasError(index)}
      list=${list} canRemove=${items.length > min} onMove=${(to) => renumber((current) => move(current, index, to))}
      onDrop=${(from, to) => from !== to && renumber((current) => move(current, from, to))}
      onRemove=${() => renumber((current) => current.filter((_, at) => at !== index))}>${render(item, index)}</${Item}>`)}
    </ol>
    ${items.length === 0 && html`<p class="muted">No entries.</p>`}
    <div class="item-add">${items.length < max ? children : html`<span class="muted">At most ${max} entries.</span>`}
      ${min > 0 && html`<span class="hint">At least ${min}.</span>`}</div>
  </div>`;
}
