import { html } from './html.js';
import { AskingButton } from './confirm-bar.js';
import { DocumentActions } from './document-actions.js';

/**
 * The form's actions: Save (draft), Publish, Delete (asked first) and the document actions beside
 * them (document-actions.js), each offered only where it fits the version's state and the
 * credential's rights. `form` is what the document form lends DocumentActions, plus `readOnly`,
 * `conflict` (a choice waits: nothing is written until it is made), `publish()` and `remove()`.
 */
export function FormFooter({ form }) {
  const { model, locale, isNew, missing, busy, state, dirty, readOnly, conflict, publish, remove } = form;
  return html`<footer class="actions">
    ${!readOnly && html`<button type="submit" class="primary" aria-disabled=${busy || !!conflict ? 'true' : undefined}
      >${model.draftAndPublish ? 'Save draft' : 'Save'}</button>`}
    ${model.draftAndPublish && !readOnly && html`<button type="button"
      disabled=${busy || !!conflict || (state === 'published' && !dirty)}
      onClick=${publish}>Publish</button>`}
    ${model.actions.includes('delete') && !isNew && !missing && html`<${AskingButton} text="Delete" className="danger"
      label="Confirm delete" question=${`Delete this ${locale ? `“${locale}” version` : 'document'}?`} safe="Keep it"
      choices=${[['Delete for good', remove, 'danger']]} />`}
    <${DocumentActions} form=${form} />
  </footer>`;
}
