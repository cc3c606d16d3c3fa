import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { prefix, request } from './api.js';
import { labelOf } from './label.js';
import { move, useDragReorder } from './reorder.js';

/** Chips shown before "Show all": a category holding hundreds of articles stays one screen tall. */
const CHIPS = 12;

/**
 * Choose related documents by searching the target type on the server (`GET <prefix>/<target>?_q=`,
 * ten at a time, only their main field), never loading all of them; the chosen ones show as chips
 * with the target's main field (on the owning side of a to-many relation, drag one to reorder). Values are `{ documentId, label }` items.
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

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const query_ = { _q: query, locale: attribute.targetLocalized ? locale : undefined, status: attribute.targetDraftAndPublish ? 'draft' : undefined, pagination: { pageSize: 10 }, fields: attribute.targetMainField ? [attribute.targetMainField] : undefined };
      request('GET', `${prefix}/${attribute.targetPluralName}`, { query: query_ })
        .then((body) => { if (current) { setOptions(body.data); setActive(0); setError(undefined); } }, (failure) => current && setError(failure.message));
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

  return html`
    <div class="relation" aria-invalid=${invalid}>
      <ul class="chips">${(showAll ? value : value.slice(0, CHIPS)).map((item, index) => html`<li class="chip" ...${ordered ? { ...drag.target(index), ...drag.handle(index, item.label) } : {}}>${item.label}
        <button type="button" aria-label=${`Remove ${item.label}`} onClick=${() => onChange(value.filter((other) => other.documentId !== item.documentId))}>×</button></li>`)}
        ${value.length === 0 && html`<li class="muted">None</li>`}
        ${value.length > CHIPS && html`<li><button type="button" class="link" onClick=${() => setShowAll(!showAll)}>${showAll ? 'Show fewer' : `Show all ${value.length}`}</button></li>`}
      </ul>
      <input id=${id} type="search" role="combobox" aria-expanded=${open} placeholder=${`Search ${attribute.targetPluralName}…`} value=${query}
        onFocus=${() => setOpen(true)} onInput=${(event) => { setQuery(event.currentTarget.value); setOpen(true); }}
        onKeyDown=${(event) => { if (Object.hasOwn(KEYS, event.key)) { event.preventDefault(); KEYS[event.key](); } }} />
      ${open && html`<ul class="options" role="listbox">
        ${offered.map((document, index) => html`
          <li role="option" aria-selected=${index === active}><button type="button" tabindex="-1" onClick=${() => pick(document)}>${labelOf(document, attribute.targetMainField)}</button></li>`)}
        ${offered.length === 0 && !error && html`<li class="muted">No matches</li>`}
        ${error && html`<li class="error">${error}</li>`}
        <li><button type="button" class="link" onClick=${() => setOpen(false)}>Close</button></li>
      </ul>`}
    </div>`;
}
