import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { ApiError, documentPath, prefix, request, transitionPath } from './api.js';
import { editable, NOT_EDITABLE, WIDGETS } from './fields.js';
import { DocumentActions } from './document-actions.js';
import { href, navigate } from './router.js';

/** Form values from an API document: one entry per editable attribute. */
const toForm = (model, document) => Object.fromEntries(model.attributes.filter(editable).map((attribute) => [attribute.name, WIDGETS[attribute.type].read(document?.[attribute.name], attribute)]));

/** The request body from the form; input that cannot be sent at all (JSON syntax) is reported per field. */
function toBody(model, values) {
  const data = {};
  const problems = {};
  for (const attribute of model.attributes.filter(editable)) {
    if (attribute.type === 'password' && values[attribute.name] === '') continue; // never read back: empty means unchanged
    try { data[attribute.name] = WIDGETS[attribute.type].write(values[attribute.name], attribute); } catch (error) { problems[attribute.name] = error.message; }
  }
  return { data, problems };
}

/**
 * Edit one document (a collection type's, or a single type) in a form drawn from its schema. Every
 * write is the REST API's: PUT/POST for the draft, the `_cms` routes to publish, DELETE to remove;
 * the API's validation errors are shown at their fields.
 */
export function DocumentForm({ model, meta, documentId, locale }) {
  const name = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const isNew = model.kind !== 'singleType' && documentId === undefined;
  const [document, setDocument] = useState();
  const [values, setValues] = useState(() => (isNew ? toForm(model, defaults(model)) : undefined));
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const populate = model.attributes.filter((attribute) => attribute.type === 'relation' && editable(attribute)).map((attribute) => attribute.name);
  const readQuery = { locale, status: model.draftAndPublish ? 'draft' : undefined, populate };

  useEffect(() => {
    if (isNew) return;
    request('GET', documentPath(model, documentId), { query: readQuery }).then(
      (body) => { setDocument(body.data); setValues(toForm(model, body.data)); },
      (failure) => {
        // No version in this locale (or a single type never written): saving creates it.
        if (failure.status === 404) { setMissing(true); setValues(toForm(model, defaults(model))); } else setMessage({ error: failure.message });
      },
    );
  }, []);

  async function run(label, action) {
    setBusy(true); setMessage(undefined); setErrors({});
    try {
      await action();
      setMessage({ ok: label });
    } catch (failure) {
      if (failure instanceof ApiError) { setErrors(failure.fieldErrors); setMessage({ error: failure.message }); } else setMessage({ error: failure.message });
    } finally { setBusy(false); }
  }

  /** Write the draft (PUT, or POST for a new document); returns the saved documentId. */
  async function save() {
    const { data, problems } = toBody(model, values);
    if (Object.keys(problems).length) { setErrors(problems); throw new Error('Some fields cannot be sent: see below.'); }
    // Strapi's REST writes publish unless told `status=draft`: the studio always writes the draft, then publishes on request.
    const query = { locale, status: model.draftAndPublish ? 'draft' : undefined, populate };
    const body = isNew
      ? await request('POST', `${prefix}/${model.pluralName}`, { query, body: { data } })
      : await request('PUT', documentPath(model, documentId), { query, body: { data } });
    setDocument(body.data); setMissing(false);
    if (isNew) navigate(href(name, body.data.documentId, { locale }));
    return body.data.documentId;
  }

  const publish = () => run('Published', async () => {
    const saved = await save();
    await request('POST', transitionPath(model, saved, 'publish'), { query: { locale } });
  });
  const remove = () => run('Deleted', async () => {
    await request('DELETE', documentPath(model, documentId), { query: { locale } });
    navigate(href(name, undefined, { locale }));
  });
  const changeLocale = (next) => navigate(href(name, model.kind === 'singleType' ? undefined : documentId, { locale: next }));

  if (!values) return html`<p class="loading">${message?.error ?? 'Loading…'}</p>`;
  const can = (action) => model.actions.includes(action);
  return html`
    <form class="document" novalidate onSubmit=${(event) => { event.preventDefault(); run(model.draftAndPublish ? 'Draft saved' : 'Saved', save); }}>
      <header class="page-head">
        <div>
          ${model.kind !== 'singleType' && html`<a class="muted" href=${href(name, undefined, { locale })}>← ${model.displayName}</a>`}
          <h1>${isNew ? `New ${model.displayName}` : model.kind === 'singleType' ? model.displayName : document ? labelFor(model, document) : model.displayName}</h1>
        </div>
        ${model.localized && !isNew && html`<label>Locale <select aria-label="Locale" value=${locale} onChange=${(event) => changeLocale(event.currentTarget.value)}>
          ${meta.locales.map((code) => html`<option value=${code}>${code}</option>`)}</select></label>`}
      </header>
      <footer class="actions">
        ${(isNew ? can('create') : can('update')) && html`<button type="submit" class="primary" disabled=${busy}>${model.draftAndPublish ? 'Save draft' : 'Save'}</button>`}
        ${model.draftAndPublish && can('update') && !isNew && html`<button type="button" disabled=${busy} onClick=${publish}>Publish</button>`}
        ${can('delete') && !isNew && !missing && (confirming
          ? html`<span class="confirm">Delete this ${locale ? `“${locale}” version` : 'document'}? <button type="button" class="danger" onClick=${remove}>Delete for good</button> <button type="button" onClick=${() => setConfirming(false)}>Keep it</button></span>`
          : html`<button type="button" class="danger" onClick=${() => setConfirming(true)}>Delete</button>`)}
        <${DocumentActions} form=${{ model, meta, documentId, locale, isNew, missing, busy, run, readQuery, body: () => toBody(model, values), fill: (next) => setValues(toForm(model, next)) }} />
      </footer>
      ${missing && html`<p class="notice">No ${locale ? `“${locale}” version` : 'content'} yet: saving creates it.</p>`}
      ${message?.error && html`<p class="error" role="alert">${message.error}</p>`}
      ${message?.ok && html`<p class="ok" role="status">${message.ok}</p>`}
      ${model.attributes.map((attribute) => html`<${Field} attribute=${attribute} value=${values[attribute.name]} error=${errors[attribute.name]} locale=${locale}
        onChange=${(value) => setValues((current) => ({ ...current, [attribute.name]: value }))} />`)}
    </form>`;
}

const labelFor = (model, document) => String(document[model.mainField] ?? '') || '(untitled)';

/** Schema defaults for a new document. */
const defaults = (model) => Object.fromEntries(model.attributes.filter((attribute) => attribute.default !== undefined).map((attribute) => [attribute.name, attribute.default]));

function Field({ attribute, value, error, onChange, locale }) {
  const id = `field-${attribute.name}`;
  const label = html`<label for=${id}>${attribute.name}${attribute.required ? html`<span class="required" title="required"> *</span>` : ''}</label>`;
  if (!editable(attribute)) {
    const why = NOT_EDITABLE[attribute.type] ? `edited in the content file for now (no ${NOT_EDITABLE[attribute.type]} in the studio yet)` : attribute.type === 'relation' ? 'you may not read its target' : `type ${attribute.type}`;
    return html`<div class="field readonly" data-field=${attribute.name}><span class="label">${attribute.name}</span><span class="muted">${attribute.type}: ${why}</span></div>`;
  }
  const widget = WIDGETS[attribute.type];
  return html`<div class=${`field${error ? ' has-error' : ''}`} data-field=${attribute.name}>
    ${label}
    ${widget.draw({ id, value, onChange, attribute, locale, invalid: error ? 'true' : undefined })}
    ${widget.hint && html`<span class="hint">${widget.hint}</span>`}
    ${error && html`<p class="field-error" role="alert">${error}</p>`}
  </div>`;
}
