import { html } from './html.js';
import { documentPath, prefix, request, transitionPath } from './api.js';
import { href, navigate } from './router.js';

/** A uid that cannot clash with the one it was copied from (Strapi's uid alphabet: `A-Za-z0-9-_.~`). */
const freshUid = (value) => (value ? `${value}-copy-${Math.random().toString(36).slice(2, 6)}` : value);

/** The form's body for a new document: uid fields regenerated (they are unique), everything else kept, relations included. */
function duplicateData(model, data) {
  const copy = { ...data };
  for (const attribute of model.attributes) if (attribute.type === 'uid' && Object.hasOwn(copy, attribute.name)) copy[attribute.name] = freshUid(copy[attribute.name]);
  return copy;
}

/**
 * The document actions beside Save and Publish, each one REST call through the form's `run` (so
 * the API's errors show as the form's do): unpublish and discard draft (`/api/_cms/…`), duplicate
 * (`POST` of the form's values as a new draft) and, for a locale that does not exist yet, filling
 * the form from another locale's version.
 *
 * `form` is what the document form lends: { model, meta, documentId, locale, isNew, missing, busy,
 * run(label, action), body() → { data, problems }, fill(document), readQuery }.
 */
export function DocumentActions({ form }) {
  const { model, meta, documentId, locale, isNew, missing, busy, run } = form;
  const name = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const can = (action) => model.actions.includes(action);
  /** Read the draft again after a transition changed it, so the form shows what is stored. */
  const reload = async () => form.fill((await request('GET', documentPath(model, documentId), { query: form.readQuery })).data);

  const unpublish = () => run('Unpublished', async () => {
    await request('POST', transitionPath(model, documentId, 'unpublish'), { query: { locale } });
    await reload();
  });
  const discard = () => run('Draft discarded', async () => {
    await request('POST', transitionPath(model, documentId, 'discard-draft'), { query: { locale } });
    await reload();
  });
  const duplicate = () => run('Duplicated', async () => {
    const { data, problems } = form.body();
    if (Object.keys(problems).length) throw new Error('Some fields cannot be sent: fix them before duplicating.');
    const query = { locale, status: model.draftAndPublish ? 'draft' : undefined };
    const created = await request('POST', `${prefix}/${model.pluralName}`, { query, body: { data: duplicateData(model, data) } });
    navigate(href(name, created.data.documentId, { locale }));
  });
  const fillFrom = (source) => run(`Filled from “${source}”: save to create this locale`, async () => {
    const { data } = await request('GET', documentPath(model, documentId), { query: { ...form.readQuery, locale: source } });
    form.fill(data);
  });

  const existing = !isNew && !missing;
  const others = (meta.locales ?? []).filter((code) => code !== locale);
  return html`
    ${model.draftAndPublish && existing && can('update') && html`
      <button type="button" disabled=${busy} onClick=${unpublish}>Unpublish</button>
      <button type="button" disabled=${busy} onClick=${discard}>Discard draft</button>`}
    ${model.kind === 'collectionType' && existing && can('create') && html`<button type="button" disabled=${busy} onClick=${duplicate}>Duplicate</button>`}
    ${model.kind === 'collectionType' && existing && html`<a class="button" href=${`#/git?document=${encodeURIComponent(`${model.pluralName}/${documentId}`)}`}>Changes</a>`}
    ${model.localized && missing && !isNew && others.length > 0 && html`<label class="fill-from">Fill from
      <select aria-label="Fill from locale" disabled=${busy} onChange=${(event) => { const source = event.currentTarget.value; event.currentTarget.value = ''; if (source) fillFrom(source); }}>
        <option value="">locale…</option>${others.map((code) => html`<option value=${code}>${code}</option>`)}</select></label>`}`;
}
