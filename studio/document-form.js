import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { ApiError, documentPath, prefix, requestVersioned } from './api.js';
import { componentTable, registerComponents } from './components.js';
import { changedFields, Fields, populateFor, readFields, writeFields } from './field.js';
import { announceNext, useAnnounced } from './announce.js';
import { FormFooter } from './form-footer.js';
import { useDiskCheck } from './form-check.js';
import { ConflictPanel, mergeWithForm } from './form-conflict.js';
import { FormContext } from './form-context.js';
import { FormHeader, headingOf } from './form-header.js';
import { keepEnter, useSaveKeys } from './form-keys.js';
import { valuesAfterWrite } from './form-merge.js';
import { isShared, readDocument, readStored, sharedStart, withStored } from './form-read.js';
import { goneNote, valuesWithout, writeLeavingOutDeleted } from './form-relations.js';
import { checkRules, plainMessage } from './form-rules.js';
import { schemaDefaults } from './form-values.js';
import { pendingAltTexts, saveAltText } from './media-field.js';
import { usePageTitle } from './page-title.js';
import { statesOf, usePublication } from './publication.js';
import { href, navigate } from './router.js';
import { moveGuard, releaseGuard, useUnsavedGuard } from './unsaved-guard.js';

/** Form values from an API document; the request body back from them (see field.js). */
const toForm = (model, document) => readFields(model.attributes, document);
const toBody = (model, values) => writeFields(model.attributes, values);

const attributeNamed = (model, name) => model.attributes.find((attribute) => attribute.name === name);

/** A related document as the form's chip names it (its label, while the form still shows it). */
const chipOf = (values, field, documentId) => [values?.[field] ?? []].flat()
  .find((item) => item?.documentId === documentId) ?? { documentId };

const STALE_ASKS = 'Not saved: this document changed elsewhere since you opened it. Choose what to keep below, then save again.';
const STALE_MERGED = 'Not saved: this document changed elsewhere; their changes are now in the form. Save again.';

/**
 * Edit one document (a collection type's, or a single type) in a form drawn from its schema. Every
 * write is the REST API's: PUT/POST for the draft (PUT without `status=draft` to publish, so a
 * refused publish writes nothing), DELETE to remove. A write names the version the form holds
 * (`If-Match`): one made over a newer version (a pull, a teammate, the CLI) is refused, and the
 * editor chooses field by field. The schema's rules are checked before a request; the API's
 * errors are shown at their fields, in the editor's words. The widgets stay mounted through every
 * save, and what is typed while a write is under way stays in the form (form-merge.js).
 * `branch` is the change request the form reads and writes (null: the Published site), fixed for the
 * form's life: its checks and writes never reach another branch, even when the tab's address moves on.
 */
export function DocumentForm({ model, meta, documentId, locale, branch = null }) {
  registerComponents(meta.components);
  const name = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const isNew = model.kind !== 'singleType' && documentId === undefined;
  const [document, setDocument] = useState();
  // The document as the form last read or saved it: a save sends only the fields that differ from it.
  const [baseline, setBaseline] = useState(() => (isNew ? schemaDefaults(model.attributes) : undefined));
  const [values, setValues] = useState(() => (isNew ? toForm(model, schemaDefaults(model.attributes)) : undefined));
  const version = useRef(null);
  // Bumped whenever the form takes a version: a check that read before it must not bring an older one back.
  const taken = useRef(0);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState({});
  const announced = useAnnounced(); // "Created", "Duplicated": said by the page that made this document
  const [message, setMessage] = useState(() => (announced ? { ok: announced } : undefined));
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState();
  // Relation field → { items, saved }: related documents deleted elsewhere, left out at the next save (or left out by the last).
  const [gone, setGone] = useState({});
  const [stateRead, setStateRead] = useState(0);
  const [saves, setSaves] = useState(0); // writes answered: a uid's "is it free" answer is about the value before it
  const states = statesOf(usePublication(model, documentId ? [documentId] : [], stateRead), documentId);
  // Every relation, media and component at any depth, so the form shows what the document holds.
  const populate = populateFor(model.attributes, componentTable());
  const readQuery = { locale, status: model.draftAndPublish ? 'draft' : undefined, populate };
  usePageTitle(headingOf(model, document, isNew), model.kind === 'singleType' || isNew ? undefined : model.displayName);

  // Unsaved: what a save would send differs from what was read, or an alt text waits.
  const baseBody = useMemo(() => baseline && toBody(model, toForm(model, baseline)).data, [baseline]);
  const current = useMemo(() => values && toBody(model, values), [values]);
  const changed = baseBody && current ? changedFields(current.data, baseBody) : {};
  const pending = values ? pendingAltTexts(values) : [];
  const dirty = !!current && (Object.keys(current.problems).length > 0 || Object.keys(changed).length > 0 || pending.length > 0);
  useUnsavedGuard(dirty);
  const live = useRef();
  live.current = { busy, conflict, missing, baseBody, current, values };

  /** The relation ids a read found without their target: the next save leaves them out. */
  const noteMissing = (found, kept = {}) => setGone({ ...kept, ...Object.fromEntries(Object.entries(found ?? {})
    .map(([field, ids]) => [field, { items: ids.map((id) => chipOf(live.current?.values, field, id)), saved: false }])) });
  const show = ({ body, version: nextVersion, missing }) => {
    setDocument(body.data); setBaseline(body.data); setValues(toForm(model, body.data)); noteMissing(missing);
    version.current = nextVersion; taken.current += 1;
  };
  const read = () => readDocument(model, documentId, readQuery, branch);

  /** A locale not written yet starts from another locale's shared fields (Strapi's admin does so), else from the defaults. */
  async function startMissing() {
    setMissing(true);
    const start = await sharedStart(model, meta.locales, documentId, locale, readQuery, branch) ?? schemaDefaults(model.attributes);
    setBaseline(start); setValues(toForm(model, start));
  }

  useEffect(() => {
    if (isNew) return;
    read().then(
      show,
      (failure) => (failure.status === 404 ? startMissing() : setMessage({ error: failure.message })),
    );
  }, []);

  /**
   * A newer version stored elsewhere, merged with the form by the server (blocks per block, dynamic
   * zones per entry): what merged cleanly comes in at once; spots both sides changed wait for the
   * editor's choice (the conflict panel). Resolves to whether a choice is needed, or to undefined
   * when the form moved on meanwhile (typed, saved: the next check merges again).
   */
  async function incoming(theirs, nextVersion) {
    const before = taken.current;
    const { baseBody: base, current: mine, values: mineForm } = live.current;
    const theirsForm = toForm(model, theirs);
    const changes = await mergeWithForm(model, base, { body: mine.data, form: mineForm },
      { body: toBody(model, theirsForm).data, form: theirsForm });
    if (live.current.current !== mine || taken.current !== before) return undefined;
    // What is shown of the stored document (heading, state, preview) is theirs at once, choices or not.
    setDocument(theirs); setStateRead((count) => count + 1); dispatchEvent(new Event('studio:changed-elsewhere'));
    if (changes.some((change) => change.ask)) { setConflict({ theirs, version: nextVersion, changes }); return true; }
    setValues((now) => ({ ...now, ...Object.fromEntries(changes.map((change) => [change.name, change.form])) }));
    setBaseline(theirs); version.current = nextVersion; taken.current += 1;
    if (changes.length) setMessage({ ok: `Updated with changes saved elsewhere: ${changes.map((change) => change.name).join(', ')}` });
    return false;
  }

  // Changes on disk show while the form is open (form-check.js); a related document deleted meanwhile is said at its field.
  useDiskCheck({ isNew, live, taken, version, read, branch, onAnswer: async (answer, newer) => {
    const fresh = Object.keys(answer.missing).filter((field) => !gone[field]);
    if (fresh.length) noteMissing(Object.fromEntries(fresh.map((field) => [field, answer.missing[field]])), gone);
    if (newer) await incoming(answer.body.data, answer.version).catch((failure) => setMessage({ error: mergeFailed(failure) }));
  } });

  /** A merge with changes saved elsewhere that could not be made: said, and nothing the form holds is touched. */
  const mergeFailed = (failure) => `Changes saved elsewhere could not be merged with yours (${failure.message}): your text is kept`;

  function applyChoices(chosen) {
    // A field edited since the panel opened: merged again with what the form holds now, nothing typed dropped.
    if (conflict.changes.some((change) => live.current.values[change.name] !== change.mine.form)) {
      setConflict(undefined);
      incoming(conflict.theirs, conflict.version).catch((failure) => setMessage({ error: mergeFailed(failure) }));
      return;
    }
    setValues((now) => ({ ...now, ...chosen }));
    setDocument(conflict.theirs); setBaseline(conflict.theirs); version.current = conflict.version; taken.current += 1;
    setConflict(undefined); setErrors({});
    setMessage({ ok: 'Choices applied: save to write them' });
  }

  async function run(label, action) {
    taken.current += 1; // a check under way answers for the version before this action
    setBusy(true); setMessage(undefined); setErrors({});
    try {
      const outcome = await action();
      setMessage(outcome === 'cancelled' ? undefined : { ok: outcome === 'unchanged' ? 'No changes to save' : label });
      return outcome;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 412) {
        let asks;
        try {
          while (asks === undefined) { // the form moved on while merging: merge what it holds now
            const latest = await read();
            setMissing(false); // a new locale refused: a teammate wrote it meanwhile, and theirs is now the version
            asks = await incoming(latest.body.data, latest.version);
          }
          setMessage({ error: asks ? STALE_ASKS : STALE_MERGED });
        } catch (reason) { setMessage({ error: mergeFailed(reason) }); }
      } else if (failure instanceof ApiError) {
        const data = live.current.current?.data ?? {};
        const plain = Object.entries(failure.fieldErrors).map(([path, text]) => [path, plainMessage(model.attributes, data, path, text)]);
        setErrors(Object.fromEntries(plain));
        setMessage({ error: failure.message });
      } else setMessage({ error: failure.message });
      return 'failed';
    } finally { setBusy(false); }
  }

  /** What a write names: the version the form holds, or (a locale not written yet) that none exists. */
  const precondition = () => (missing ? { ifNoneMatch: '*' } : { ifMatch: version.current });

  /**
   * The answer of a write comes in: the form takes the saved version, and each field not edited
   * since the request left (`sent`: the values it was made from) takes the saved value.
   */
  function settle({ body, version: nextVersion, missing: found }, sent, dropped) {
    const saved = body.data;
    setDocument(saved); setBaseline(saved); version.current = nextVersion; taken.current += 1; setSaves((count) => count + 1);
    setValues((now) => valuesAfterWrite(model.attributes, { sent, now, answer: toForm(model, saved) }));
    noteMissing(found, Object.fromEntries(Object.entries(dropped).map(([field, items]) => [field, { items, saved: true }])));
  }

  /** Write the form (the draft, or the published version when `publishing`); 'unchanged' when there is nothing to write. */
  async function write(publishing) {
    const { data, problems } = current;
    const sentValues = values;
    if (Object.keys(problems).length) { setErrors(problems); throw new Error('Some fields cannot be sent: see below.'); }
    const broken = checkRules(model.attributes, data, publishing || !model.draftAndPublish);
    if (Object.keys(broken).length) {
      setErrors(broken);
      throw new Error(`Not ${publishing ? 'published' : 'saved'}: some fields need attention (see below).`);
    }
    const creating = isNew || missing;
    // An update sends what changed only; a new locale leaves the shared fields it did not change to the other locales.
    const kept = ([field]) => !(missing && isShared(attributeNamed(model, field))) || field in changed;
    // A relation whose target was deleted elsewhere is written without it, edited or not: the file keeps no dangling id.
    const unsavedGone = Object.fromEntries(Object.entries(gone).filter(([, note]) => !note.saved).map(([field]) => [field, data[field]]));
    const sent = { ...(!creating ? changed : Object.fromEntries(Object.entries(data).filter(kept))), ...unsavedGone };
    if (!creating && !publishing && !Object.keys(sent).length && !pending.length) return 'unchanged';
    for (const { file, text } of pending) await saveAltText(file, text);
    // Strapi's REST writes publish unless told `status=draft`: a draft save says so, a publish does not.
    const query = { locale, status: model.draftAndPublish && !publishing ? 'draft' : undefined, populate };
    const dropped = {};
    const writing = (method, path, options) => writeLeavingOutDeleted({ method, path, model, locale, values: live.current.values,
      dropped, sent, options: { ...options, branch }, onDropped: (deleted) => setValues((now) => valuesWithout(deleted, now)) });
    const answer = isNew
      ? await writing('POST', `${prefix}/${model.pluralName}`, { query })
      : !creating && !publishing && !Object.keys(sent).length
        ? await read() // only alt texts changed: the files are saved, the document is read again
        // A locale not there when the form opened is created only while it is still missing: never over a teammate's.
        : await writing('PUT', documentPath(model, documentId), { query, ...precondition() });
    const savedId = answer.body.data.documentId;
    const saved = publishing && model.draftAndPublish ? await read()
      : answer.missing ? answer : withStored(answer, await readStored(model, savedId, readQuery, branch));
    settle(saved, sentValues, dropped); setMissing(false);
    setStateRead((count) => count + 1);
    if (isNew) {
      // The new document's address, without leaving this form: what is typed meanwhile stays (app.js keeps the form mounted).
      history.replaceState(null, '', href(name, savedId, { locale }, branch));
      moveGuard();
      dispatchEvent(new CustomEvent('studio:created'));
    }
    return 'written';
  }

  // A save asked for while one is under way (Ctrl+S, the button) follows it, with what was typed meanwhile.
  const again = useRef(false);
  const can = (action) => model.actions.includes(action);
  const readOnly = isNew ? !can('create') : !can('update');
  function save() {
    if (readOnly || live.current.conflict) return Promise.resolve('cancelled');
    if (live.current.busy) { again.current = true; return Promise.resolve('queued'); }
    const label = isNew ? (model.draftAndPublish ? 'Draft created' : 'Created') : model.draftAndPublish ? 'Draft saved' : 'Saved';
    return run(label, () => write(false));
  }
  useEffect(() => {
    if (busy || !again.current) return;
    again.current = false;
    save();
  }, [busy]);
  useSaveKeys(save);

  const remove = () => run('Deleted', async () => {
    await requestVersioned('DELETE', documentPath(model, documentId), { query: { locale }, ifMatch: version.current, branch });
    releaseGuard();
    announceNext(`Deleted “${headingOf(model, document, false)}”${locale ? ` (${locale})` : ''}`);
    navigate(href(name, undefined, { locale }, branch));
  });
  const reload = async () => { show(await read()); setStateRead((count) => count + 1); };

  /** Errors below a list whose items moved or went no longer name the right item: they go until the next save. */
  const forgetErrors = (path) => setErrors((now) => Object.fromEntries(Object.entries(now)
    .filter(([key]) => key !== path && !key.startsWith(`${path}.`))));

  if (!values) return html`<p class="loading">${message?.error ?? 'Loading…'}</p>`;
  const notes = Object.fromEntries(Object.entries(gone).map(([field, note]) => [field, goneNote(note.items, note.saved)]));
  const state = states?.[locale ?? ''];
  return html`
    <form class="document" novalidate onKeyDown=${keepEnter} onSubmit=${(event) => { event.preventDefault(); save(); }}>
      <${FormHeader} model=${model} meta=${meta} document=${document} documentId=${documentId} locale=${locale} isNew=${isNew}
        missing=${missing} state=${state} states=${states} dirty=${dirty} />
      <${FormFooter} form=${{
        model, meta, documentId, locale, isNew, missing, busy, run, save, state, dirty, readQuery, reload, readOnly, conflict, remove,
        version: version.current, body: () => current, fill: (next) => setValues(toForm(model, next)),
        publish: () => run('Published', () => write(true)),
      }} />
      ${readOnly && html`<p class="notice">Read only: your access may not ${isNew ? 'create' : 'change'} ${model.displayName}.</p>`}
      ${missing && html`<p class="notice">No ${locale ? `“${locale}” version` : 'content'} yet: saving creates it.</p>`}
      ${message?.error && html`<p class="error" role="alert">${message.error}</p>`}
      ${message?.ok && html`<p class="ok" role="status">${message.ok}</p>`}
      ${conflict && html`<${ConflictPanel} changes=${conflict.changes} onApply=${applyChoices} />`}
      <${FormContext.Provider} value=${{ model, documentId, locale, values, forgetErrors, notes, saves }}>
        <fieldset class="fields" disabled=${readOnly}>
          <${Fields} attributes=${model.attributes} values=${values} errors=${errors} locale=${locale} onChange=${setValues} />
        </fieldset>
      </${FormContext.Provider}>
    </form>`;
}
