import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';

// Publication state as Strapi's Content Manager shows it, from the core (GET ./api/publication:
// core/service/publication-states.ts): the studio only draws it.

const LABELS = { draft: 'Draft', published: 'Published', modified: 'Modified' };
const TITLES = {
  draft: 'Never published: only editors see it',
  published: 'Published as it is',
  modified: 'Published, with changes in the draft that are not published yet',
};

/**
 * documentId → { locale → state } for these documents (state null without draft & publish); `again`
 * reads them anew when it changes.
 */
export function usePublication(model, ids, again) {
  const [states, setStates] = useState();
  const key = ids.join(',');
  useEffect(() => {
    if (!key && model.kind !== 'singleType') return undefined;
    let current = true;
    const type = model.kind === 'singleType' ? model.singularName : model.pluralName;
    request('GET', './api/publication', { query: { type, ids: key } })
      .then((body) => current && setStates(body.data), () => current && setStates(undefined));
    return () => { current = false; };
  }, [model.uid, key, again]);
  return states;
}

/** The states of one document (a single type's is its only one). */
export const statesOf = (states, documentId) => (documentId ? states?.[documentId] : Object.values(states ?? {})[0]);

/** A badge: Draft / Published / Modified. */
export function StateBadge({ state }) {
  if (!state) return '';
  return html`<span class=${`badge badge-${state}`} title=${TITLES[state]}>${LABELS[state]}</span>`;
}
