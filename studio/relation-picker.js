import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { prefix, request } from './api.js';
import { labelOf } from './label.js';
import { move, useDragReorder } from './reorder.js';

/** Chips shown before "Show all": a category holding hundreds of articles stays one screen tall. */
const CHIPS = 12;

/**
 * Choose related documents by searching the target type on the server (`GET <prefix>/<target>?_q=`,
 * ten at a time, only their main field), never loading all of them; the chosen ones show as chips
 * with the target's main field (on the owning side of a to-many relation, drag one to reorder, or
 * focus its grip and use the arrow keys). The options follow WAI-ARIA's combobox pattern and close
 * on Escape or when focus leaves the picker. Values are `{ documentId, label }` items.
 */
export function RelationPicker({ id, attribute, value, onChange, locale, many, invalid }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState([]);
  const [error, setError] = useState();
  const [showAll, setShowAll] = useState(false);
  const [active, setActive] = useState(0); // the option Enter picks (arrow keys move it)
  // The owning side keeps the order of its ids (the inverse side's order comes from the other files).
  const drag = useDragReorder((from, to) => onChange((current) => move(current, from, to)));
  const ordered = many && !attribute.mappedBy;
  const root = useRef();
  const [said, setSaid] = useState(''); // what the live region announces after a keyboard move
  /** Arrow keys on a chip's grip move it; focus stays on the moved chip's grip. */
  const moveByKey = (event, index, label) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    const to = index + (step ?? 0);
    if (!step || to < 0 || to >= value.length) return;
    event.preventDefault();
    onChange((current) => move(current, index, to));
    setSaid(`${label} moved to position ${to + 1} of ${value.length}`);
    requestAnimationFrame(() => root.current?.querySelectorAll('.chip .grip')[to]?.focus());
  };

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const query_ = {
        _q: query, locale: attribute.targetLocalized ? locale : undefined, status: attribute.targetDraftAndPublish ? 'draft' : undefined,
        pagination: { pageSize: 10 }, fields: attribute.targetMainField ? [attribute.targetMainField] : undefined,
      };
      request('GET', `${prefix}/${attribute.targetPluralName}`, { query: query_ })
        .then(
          (body) => { if (current) { setOptions(body.data); setActive(0); setError(undefined); } },
          (failure) => current && setError(failure.message),
        );
    }, 150);
    return () => { current = false; clearTimeout(timer); };
  }, [query, open]);

  const chosen = new Set(value.map((item) => item.documentId));
  const offered = options.filter((document) => !chosen.has(document.documentId));
  const pick = (document) => {
    const item = { documentId: document.documentId, label: labelOf(document, attribute.targetMainField) };
    onChange(many ? [...value, item] : [item]);
    setQuery('');
    setOpen(many);
  };
  /** Arrow keys move through the options, Enter picks one (and never submits the form), Escape closes. */
  const KEYS = {
    ArrowDown: () => { setOpen(true); setActive(Math.min(active + 1, offered.length - 1)); },
    ArrowUp: () => setActive(Math.max(active - 1, 0)),
    Enter: () => { if (open && offered[active]) pick(offered[active]); },
    Escape: () => setOpen(false),
  };

  const listId = `${id}-options`;
  return html`
    <div class="relation" ref=${root} onFocusOut=${(event) => { if (!root.current?.contains(event.relatedTarget)) setOpen(false); }}>
      <ul class="chips" aria-label=${`Chosen ${attribute.targetPluralName}`}>${(showAll ? value : value.slice(0, CHIPS))
        .map((item, index) => html`<li class="chip" key=${item.documentId}
          ...${ordered ? { ...drag.target(index), ...drag.handle(index, item.label) } : {}}>
        ${ordered && html`<button type="button" class="grip chip-grip"
          aria-label=${`Reorder ${item.label} (position ${index + 1} of ${value.length}; arrow keys move it)`}
          onKeyDown=${(event) => moveByKey(event, index, item.label)}></button>`}${item.label}
        <button type="button" aria-label=${`Remove ${item.label}`}
          onClick=${() => onChange(value.filter((other) => other.documentId !== item.documentId))}>×</button></li>`)}
        ${value.length === 0 && html`<li class="muted">None</li>`}
        ${value.length > CHIPS && html`<li><button type="button" class="link"
          onClick=${() => setShowAll(!showAll)}>${showAll ? 'Show fewer' : `Show all ${value.length}`}</button></li>`}
      </ul>
      <p class="visually-hidden" aria-live="polite">${said}</p>
      <input id=${id} type="search" role="combobox" aria-expanded=${open} aria-controls=${listId} aria-autocomplete="list"
        aria-invalid=${invalid}
        aria-activedescendant=${open && offered[active] ? `${listId}-${active}` : undefined}
          placeholder=${`Search ${attribute.targetPluralName}…`} value=${query}
        onFocus=${() => setOpen(true)} onInput=${(event) => { setQuery(event.currentTarget.value); setOpen(true); }}
        onKeyDown=${(event) => { if (Object.hasOwn(KEYS, event.key)) { event.preventDefault(); KEYS[event.key](); } }} />
      ${open && html`<div class="options-box">
        ${offered.length > 0 && html`<ul class="options" role="listbox" id=${listId} aria-label=${`Matching ${attribute.targetPluralName}`}>
        ${offered.map((document, index) => html`
          <li role="option" id=${`${listId}-${index}`} aria-selected=${index === active} onMouseDown=${(event) => event.preventDefault()}
            onClick=${() => pick(document)}>${labelOf(document, attribute.targetMainField)}</li>`)}
        </ul>`}
        ${offered.length === 0 && !error && html`<p class="muted options-empty">No matches</p>`}
        ${error && html`<p class="error">${error}</p>`}
      </div>`}
    </div>`;
}
