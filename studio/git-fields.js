import { html } from './html.js';

/** A changed document in an editor's words: "Article · Pizza napoletana — title, body changed" (or "— new", "— deleted"). */
export function headline(document, state) {
  if (state === 'new' || state === 'deleted') return `${document.type} · ${document.title} — ${state}`;
  const names = document.fields.map((field) => (typeof field === 'string' ? field : field.field));
  return `${document.type} · ${document.title} — ${names.length ? `${names.join(', ')} changed` : 'no field changed'}`;
}

/** Where the file sits: its locale and whether it is the draft or the published version. */
export const versionLabel = (document) => [document.locale, document.draft ? 'draft' : 'published'].filter(Boolean).join(' · ');

/**
 * Old → new per changed field, as the server computed it (core/git/field-diff.ts): rich text and
 * blocks arrive as text, so nothing here knows a field type.
 */
export function FieldDiff({ document, label }) {
  const none = document.created ? 'Created with no field set.' : 'No field changed.';
  if (!document.fields.length) return html`<p class="muted">${none}</p>`;
  // A new document has no "before": its first values, not a column of "(empty)".
  if (document.created) {
    const value = (field) => (field.after ? html`<ins>${field.after}</ins>` : html`<span class="muted">(empty)</span>`);
    return html`<p class="created-note">Created with</p><dl class="field-diff created" aria-label=${label}>${document.fields
      .map((field) => html`<div class="field-change"><dt>${field.field}</dt><dd class="after">${value(field)}</dd></div>`)}</dl>`;
  }
  return html`<dl class="field-diff" aria-label=${label}>${document.fields.map((field) => html`
    <div class="field-change"><dt>${field.field}</dt>
      <dd class="before"><span class="visually-hidden">Before: </span>${field.before
        ? html`<del>${field.before}</del>`
        : html`<span class="muted">(empty)</span>`}</dd>
      <dd class="after"><span class="visually-hidden">After: </span>${field.after
        ? html`<ins>${field.after}</ins>`
        : html`<span class="muted">(empty)</span>`}</dd></div>`)}</dl>`;
}

/** What the write commits' subjects say (`Update api::article.article abc… (en)`, core/git/commit-per-write.ts), in editors' words. */
const DONE = { Create: 'Created', Update: 'Updated', Delete: 'Deleted', Publish: 'Published', Unpublish: 'Unpublished',
  'Discard draft of': 'Discarded the draft of' };
const WRITE_SUBJECT = /^(Create|Update|Delete|Publish|Unpublish|Discard draft of) [a-z]+::[\w.-]+ ([\w-]+)(?: \(([^)]+)\))?$/;
const language = (code) => {
  try { return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code; } catch { return code; }
};

/**
 * A version's label: a write's commit as `Updated “Pizza napoletana” (English)` (the document's
 * title at that version), anything else (a person's commit message) as written.
 */
export function versionTitle(message, change) {
  const match = WRITE_SUBJECT.exec(message.split('\n')[0]);
  if (!match || !change || match[2] !== change.documentId) return message;
  return `${DONE[match[1]]} “${change.title}”${match[3] ? ` (${language(match[3])})` : ''}`;
}
