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
  if (!document.fields.length) return html`<p class="muted">No field changed.</p>`;
  return html`<dl class="field-diff" aria-label=${label}>${document.fields.map((field) => html`
    <div class="field-change"><dt>${field.field}</dt>
      <dd class="before"><span class="visually-hidden">Before: </span>${field.before
        ? html`<del>${field.before}</del>`
        : html`<span class="muted">(empty)</span>`}</dd>
      <dd class="after"><span class="visually-hidden">After: </span>${field.after
        ? html`<ins>${field.after}</ins>`
        : html`<span class="muted">(empty)</span>`}</dd></div>`)}</dl>`;
}
