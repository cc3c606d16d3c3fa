import { html } from './html.js';
import { StateBadge } from './publication.js';
import { href, navigate } from './router.js';

/** What a document is called: its main field, else "(untitled)". */
export const labelFor = (model, document) => String(document[model.mainField] ?? '') || '(untitled)';

/** The form's heading: a document's name, a new one's type, a single type's name. */
export const headingOf = (model, document, isNew) => (isNew
  ? `New ${model.displayName}`
  : model.kind === 'singleType' ? model.displayName : document ? labelFor(model, document) : model.displayName);

/** The locales this document exists in, each with its state; the others shown as not written yet. */
function Locales({ model, meta, states, name, documentId, locale }) {
  return html`<p class="locales" aria-label="Translations">${meta.locales.map((code) => {
    const at = href(name, model.kind === 'singleType' ? undefined : documentId, { locale: code });
    const exists = states ? Object.hasOwn(states, code) : undefined;
    return html`<a href=${at} class=${`locale${code === locale ? ' current' : ''}${exists === false ? ' absent' : ''}`}
      aria-current=${code === locale ? 'true' : undefined}
      title=${exists === false ? `No “${code}” version yet` : states?.[code] ?? ''}>
      ${code}${exists === false ? ' (none)' : states?.[code] ? ` · ${states[code]}` : ''}</a>`;
  })}</p>`;
}

/** The head of the form: back link, heading, state and unsaved badges, the locales and the locale switch. */
export function FormHeader({ model, meta, document, documentId, locale, isNew, missing, state, states, dirty }) {
  const name = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const changeLocale = (next) => navigate(href(name, model.kind === 'singleType' ? undefined : documentId, { locale: next }));
  return html`<header class="page-head">
    <div>
      ${model.kind !== 'singleType' && html`<a class="muted" href=${href(name, undefined, { locale })}>← ${model.displayName}</a>`}
      <h1>${headingOf(model, document, isNew)}</h1>
      <div class="doc-state" aria-label="State"><${StateBadge} state=${missing ? undefined : state} />
        ${dirty && html`<span class="badge badge-unsaved">Unsaved changes</span>`}
        ${model.localized && !isNew && html`<${Locales} model=${model} meta=${meta} states=${states} name=${name}
          documentId=${documentId} locale=${locale} />`}</div>
    </div>
    ${model.localized && !isNew && html`<label>Locale <select aria-label="Locale" value=${locale}
      onChange=${(event) => changeLocale(event.currentTarget.value)}>
      ${meta.locales.map((code) => html`<option value=${code}>${code}</option>`)}</select></label>`}
  </header>`;
}
