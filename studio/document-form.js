import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { ApiError, documentPath, prefix, request, transitionPath } from './api.js';
import { componentTable, registerComponents } from './components.js';
import { DocumentActions } from './document-actions.js';
import { changedFields, Fields, populateFor, readFields, writeFields } from './field.js';
import { FormContext } from './form-context.js';
import { schemaDefaults } from './form-values.js';
import { href, navigate } from './router.js';
import { mayLeave, useUnsavedGuard } from './unsaved-guard.js';

/** Form values from an API document; the request body back from them (see field.js). */
const toForm = (model, document) => readFields(model.attributes, document);
const toBody = (model, values) => writeFields(model.attributes, values);

/**
 * Edit one document (a collection type's, or a single type) in a form drawn from its schema. Every
 * write is the REST API's: PUT/POST for the draft, the `_cms` routes to publish, DELETE to remove;
 * the API's validation errors are shown at their fields.
 */
export function DocumentForm({ model, meta, documentId, locale }) {
  registerComponents(meta.components);
  const name = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const isNew = model.kind !== 'singleType' && documentId === undefined;
  const [document, setDocument] = useState();
  const [values, setValues] = useState(() => (isNew ? toForm(model, schemaDefaults(model.attributes)) : undefined));
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Edits not yet written: leaving the form asks first.
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const edit = (update) => { setDirty(true); setValues(update); };
  // The document as the form last read or saved it: a save sends only the fields that differ from it.
  const baseline = useRef();
  // Every relation, media and component at any depth, so the form shows what the document holds.
  const populate = populateFor(model.attributes, componentTable());
  const readQuery = { locale, status: model.draftAndPublish ? 'draft' : undefined, populate };

  useEffect(() => {
    if (isNew) return;
    request('GET', documentPath(model, documentId), { query: readQuery }).then(
      (body) => { setDocument(body.data); baseline.current = body.data; setValues(toForm(model, body.data)); },
      (failure) => {
        // No version in this locale (or a single type never written): saving creates it.
        if (failure.status === 404) { setMissing(true); setValues(toForm(model, schemaDefaults(model.attributes))); } else setMessage({ error: failure.message });
      },
    );
  }, []);

  async function run(label, action) {
    setBusy(true); setMessage(undefined); setErrors({});
    try {
      await action();
      setDirty(false);
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
    // An update sends what changed only, so a field the file does not hold is not written as null
    // and an unedited save leaves the file as it was; a new document (or locale) sends everything.
    const sent = isNew || missing || !baseline.current ? data : changedFields(data, toBody(model, toForm(model, baseline.current)).data);
    const body = isNew
      ? await request('POST', `${prefix}/${model.pluralName}`, { query, body: { data: sent } })
      : await request('PUT', documentPath(model, documentId), { query, body: { data: sent } });
    setDocument(body.data); setMissing(false);
    baseline.current = body.data;
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
  const changeLocale = (next) => mayLeave(dirty) && navigate(href(name, model.kind === 'singleType' ? undefined : documentId, { locale: next }));

  /** Errors below a list whose items moved or went no longer name the right item: they go until the next save. */
  const forgetErrors = (path) => setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== path && !key.startsWith(`${path}.`))));

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
        <${DocumentActions} form=${{ model, meta, documentId, locale, isNew, missing, busy, run, readQuery, body: () => toBody(model, values), fill: (next) => { baseline.current = next; edit(() => toForm(model, next)); } }} />
      </footer>
      ${missing && html`<p class="notice">No ${locale ? `“${locale}” version` : 'content'} yet: saving creates it.</p>`}
      ${message?.error && html`<p class="error" role="alert">${message.error}</p>`}
      ${message?.ok && html`<p class="ok" role="status">${message.ok}</p>`}
      <${FormContext.Provider} value=${{ model, documentId, locale, values, forgetErrors }}>
        <${Fields} attributes=${model.attributes} values=${values} errors=${errors} locale=${locale} onChange=${edit} />
      </${FormContext.Provider}>
    </form>`;
}

const labelFor = (model, document) => String(document[model.mainField] ?? '') || '(untitled)';
