import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { prefix, request } from './api.js';
import { labelOf } from './label.js';

/** Chips shown before "Show all": a category holding hundreds of articles stays one screen tall. */
const CHIPS = 12;

/**
 * Choose related documents by searching the target type on the server (`GET <prefix>/<target>?_q=`,
 * ten at a time, only their main field), never loading all of them; the chosen ones show as chips
 * with the target's main field. Values are `{ documentId, label }` items.
 */
export function RelationPicker({ id, attribute, value, onChange, locale, many, invalid }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState([]);
  const [error, setError] = useState();
  const [showAll, setShowAll] = useState(false);
  const timer = useRef();

  useEffect(() => {
    if (!open) return undefined;
    clearTimeout(timer.current);
    let current = true;
    timer.current = setTimeout(() => {
      const query_ = { _q: query, locale: attribute.targetLocalized ? locale : undefined, status: attribute.targetDraftAndPublish ? 'draft' : undefined, pagination: { pageSize: 10 }, fields: attribute.targetMainField ? [attribute.targetMainField] : undefined };
      request('GET', `${prefix}/${attribute.targetPluralName}`, { query: query_ })
        .then((body) => { if (current) { setOptions(body.data); setError(undefined); } }, (failure) => current && setError(failure.message));
    }, 150);
    return () => { current = false; clearTimeout(timer.current); };
  }, [query, open]);

  const chosen = new Set(value.map((item) => item.documentId));
  const pick = (document) => {
    const item = { documentId: document.documentId, label: labelOf(document, attribute.targetMainField) };
    onChange(many ? [...value, item] : [item]);
    setQuery('');
    setOpen(many);
  };

  return html`
    <div class="relation" aria-invalid=${invalid}>
      <ul class="chips">${(showAll ? value : value.slice(0, CHIPS)).map((item) => html`<li class="chip">${item.label}
        <button type="button" aria-label=${`Remove ${item.label}`} onClick=${() => onChange(value.filter((other) => other.documentId !== item.documentId))}>×</button></li>`)}
        ${value.length === 0 && html`<li class="muted">None</li>`}
        ${value.length > CHIPS && html`<li><button type="button" class="link" onClick=${() => setShowAll(!showAll)}>${showAll ? 'Show fewer' : `Show all ${value.length}`}</button></li>`}
      </ul>
      <input id=${id} type="search" role="combobox" aria-expanded=${open} placeholder=${`Search ${attribute.targetPluralName}…`} value=${query}
        onFocus=${() => setOpen(true)} onInput=${(event) => { setQuery(event.currentTarget.value); setOpen(true); }}
        onKeyDown=${(event) => { if (event.key === 'Escape') setOpen(false); }} />
      ${open && html`<ul class="options" role="listbox">
        ${options.filter((document) => !chosen.has(document.documentId)).map((document) => html`
          <li role="option" aria-selected="false"><button type="button" onClick=${() => pick(document)}>${labelOf(document, attribute.targetMainField)}</button></li>`)}
        ${options.length === 0 && !error && html`<li class="muted">No matches</li>`}
        ${error && html`<li class="error">${error}</li>`}
        <li><button type="button" class="link" onClick=${() => setOpen(false)}>Close</button></li>
      </ul>`}
    </div>`;
}
