import { useContext, useState } from 'preact/hooks';
import { FormContext } from './form-context.js';
import { html } from './html.js';
import { move, MoveButtons, useDragReorder } from './reorder.js';

function Item({ drag, index, count, title, canRemove, onMove, onRemove, open, children }) {
  const [expanded, setExpanded] = useState(true);
  const shown = expanded || open;
  return html`<li class="item" ...${drag.target(index)}>
    <div class="item-head" ...${drag.handle(index, title)}>
      <button type="button" class="link" aria-expanded=${shown}
        onClick=${() => setExpanded(!shown)}>${shown ? '▾' : '▸'} ${title}</button>
      <span class="item-tools">
        <${MoveButtons} index=${index} count=${count} name=${`item ${index + 1}`} onMove=${onMove} />
        <button type="button" class="danger" aria-label=${`Remove item ${index + 1}`} disabled=${!canRemove}
          onClick=${onRemove}>Remove</button>
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
  const reorder = (from, to) => renumber((current) => move(current, from, to));
  const drag = useDragReorder(reorder);
  return html`<div class="item-list">
    <ol class="items">${items.map((item, index) => html`<${Item} key=${item.__key} index=${index} count=${items.length}
      title=${title(item, index)} open=${hasError(index)}
      drag=${drag} canRemove=${items.length > min} onMove=${reorder}
      onRemove=${() => renumber((current) => current.filter((_, at) => at !== index))}>${render(item, index)}</${Item}>`)}
    </ol>
    ${items.length === 0 && html`<p class="muted">No entries.</p>`}
    <div class="item-add">${items.length < max ? children : html`<span class="muted">At most ${max} entries.</span>`}
      ${min > 0 && html`<span class="hint">At least ${min}.</span>`}</div>
  </div>`;
}
