import { useRef } from 'preact/hooks';
import { html } from './html.js';

// Reordering the entries of a list: one move, and drag and drop, shared by repeatable components,
// dynamic zones, blocks and the files of a media field.

/** `items` with the one at `from` moved to `to`. */
export const move = (items, from, to) => {
  const next = [...items];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
};

/** The entry being dragged: its list (so an entry never lands in another list, nested ones included) and its index. */
let dragged;

/**
 * Drag and drop within one list: spread `handle(index, name)` on the element that is dragged
 * (a head or a grip, never a text field) and `target(index)` on the entry it may be dropped on;
 * a drop calls `onMove(from, to)` when the entry moved.
 *
 * @example
 * const drag = useDragReorder((from, to) => onChange((current) => move(current, from, to)));
 * html`<li ...${drag.target(index)}><span ...${drag.handle(index, name)}>⠿</span>…</li>`
 */
export function useDragReorder(onMove) {
  const list = useRef({}).current;
  const ours = () => dragged?.list === list;
  return {
    handle: (index, name) => ({
      draggable: 'true',
      title: 'Drag to reorder',
      onDragStart: (event) => {
        event.stopPropagation();
        dragged = { list, from: index };
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', name);
      },
      onDragEnd: () => { dragged = undefined; },
    }),
    target: (index) => ({
      onDragOver: (event) => { if (ours()) { event.preventDefault(); event.stopPropagation(); } },
      onDrop: (event) => {
        if (!ours()) return;
        event.preventDefault();
        event.stopPropagation();
        const { from } = dragged;
        dragged = undefined;
        if (from !== index) onMove(from, index);
      },
    }),
  };
}

/** The ↑ and ↓ buttons of entry `index` of `count`, named `Move ${name} up|down`: `onMove(from, to)` as a drop calls it. */
export const MoveButtons = ({ index, count, name, onMove }) => html`<button type="button" aria-label=${`Move ${name} up`}
  disabled=${index === 0} onClick=${() => onMove(index, index - 1)}>↑</button>
  <button type="button" aria-label=${`Move ${name} down`} disabled=${index === count - 1}
    onClick=${() => onMove(index, index + 1)}>↓</button>`;
