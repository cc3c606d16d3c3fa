import { html } from './html.js';
import { prefix, request, transitionPath } from './api.js';
import { href, link, navigate } from './router.js';
import { releaseGuard } from './unsaved-guard.js';
import { announceNext } from './announce.js';
import { readDocument } from './form-read.js';
import { AskingButton } from './confirm-bar.js';

/**
 * The form's body for a copy: the main field says it is a copy ("… (copy)"), unique fields are left
 * empty (a uid with a target field is made anew from the copy's title by the server), relations kept.
 */
export function duplicateData(model, data) {
  const copy = { ...data };
  if (typeof copy[model.mainField] === 'string' && copy[model.mainField] !== '') copy[model.mainField] = `${copy[model.mainField]} (copy)`;
  for (const attribute of model.attributes) {
    if ((attribute.unique || attribute.type === 'uid') && Object.hasOwn(copy, attribute.name)) copy[attribute.name] = null;
  }
  return copy;
}

/**
 * The document actions beside Save and Publish, each one REST call through the form's `run` (so
 * the API's errors show as the form's do), offered only where they fit the document's state and
 * the credential's rights: unpublish (a published version exists), discard draft (the draft differs
 * from it), duplicate (`POST` of the form's values as a new draft) and, for a locale that does not
 * exist yet, filling the form from another locale's version.
 *
 * `form` is what the document form lends: { model, meta, documentId, locale, isNew, missing, busy,
 * state (draft | published | modified), dirty, run(label, action), save() → 'written' | 'unchanged' | …,
 * body() → { data, problems },
 * fill(document), reload(), readQuery, version }. A transition names the version the form holds
 * (`If-Match`): over a newer one it is refused (412) and the form shows what changed.
 */
export function DocumentActions({ form }) {
  const { model, meta, documentId, locale, isNew, missing, busy, run, state, dirty } = form;
  const name = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const can = (action) => model.actions.includes(action);

  const unpublish = () => run('Unpublished', async () => {
    await request('POST', transitionPath(model, documentId, 'unpublish'), { query: { locale }, ifMatch: form.version });
    await form.reload();
  });
  const discard = () => run('Draft discarded', async () => {
    if (!confirm('Discard the draft? Its changes go, and the published version becomes the draft again.')) return 'cancelled';
    await request('POST', transitionPath(model, documentId, 'discard-draft'), { query: { locale }, ifMatch: form.version });
    await form.reload();
  });
  const duplicate = () => run('Duplicated', async () => {
    const { data, problems } = form.body();
    if (Object.keys(problems).length) throw new Error('Some fields cannot be sent: fix them before duplicating.');
    const query = { locale, status: model.draftAndPublish ? 'draft' : undefined };
    const created = await request('POST', `${prefix}/${model.pluralName}`, { query, body: { data: duplicateData(model, data) } });
    releaseGuard();
    announceNext(`Duplicated: this is the copy${model.draftAndPublish ? ', saved as a draft' : ''}`);
    navigate(href(name, created.data.documentId, { locale }));
  });
  // The copy is made from what the form shows: with unsaved edits the original is saved first, so neither loses them.
  const saveThenDuplicate = async () => { if (['written', 'unchanged'].includes(await form.save())) await duplicate(); };
  const fillFrom = (source) => run(`Filled from “${source}”: save to create this locale`, async () => {
    // As the form reads a document: private values and every digit of a big integer come along.
    const { body } = await readDocument(model, documentId, { ...form.readQuery, locale: source });
    form.fill(body.data);
  });

  const existing = !isNew && !missing;
  const others = (meta.locales ?? []).filter((code) => code !== locale);
  const published = state === 'published' || state === 'modified';
  // A transition reads the stored version back into the form: with unsaved edits it waits for a save.
  const wait = dirty ? 'Save or undo your changes first' : undefined;
  const transition = model.draftAndPublish && existing && can('update');
  return html`
    ${transition && published && html`<button type="button" disabled=${busy || dirty} title=${wait}
      onClick=${unpublish}>Unpublish</button>`}
    ${transition && state === 'modified' && html`<button type="button" disabled=${busy || dirty} title=${wait}
      onClick=${discard}>Discard draft</button>`}
    ${model.kind === 'collectionType' && existing && can('create') && html`<${AskingButton} text="Duplicate" disabled=${busy}
      ask=${dirty} onClick=${duplicate} label="Unsaved changes" safe="Cancel"
      question="This document has unsaved changes: save them, then make the copy?"
      choices=${[['Save, then duplicate', saveThenDuplicate, 'primary']]} />`}
    ${model.kind === 'collectionType' && existing && html`<a class="button"
      href=${link(`#/git?document=${encodeURIComponent(`${model.pluralName}/${documentId}`)}`)}>Changes</a>`}
    ${model.localized && missing && !isNew && others.length > 0 && can('update') && html`<label class="fill-from">Fill from
      <select aria-label="Fill from locale" disabled=${busy} onChange=${(event) => {
        const source = event.currentTarget.value;
        event.currentTarget.value = '';
        if (source) fillFrom(source);
      }}>
        <option value="">locale…</option>${others.map((code) => html`<option value=${code}>${code}</option>`)}</select></label>`}`;
}
