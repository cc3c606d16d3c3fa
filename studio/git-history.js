import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';
import { FieldDiff, versionTitle } from './git-fields.js';

const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `abc.fr.draft.json` → `fr · draft`: which version of the document a file holds. */
const fileLabel = (path) => {
  const parts = path.slice(path.lastIndexOf('/') + 1).split('.').slice(1, -1);
  return parts.length ? parts.join(' · ') : 'published';
};

/** One file's versions, newest first: who, when, why, which fields; each one's changes on demand, and restore. */
function FileHistory({ path, versions, run }) {
  const [open, setOpen] = useState();
  const label = fileLabel(path);
  const restore = (version) => run(`Restored the version of ${when(version.date)}`, async () => {
    await request('POST', './api/git/restore', { body: { path, commit: version.commit } });
    return `Restored the version of ${when(version.date)} by ${version.author}${label.includes('draft') ? '' : ' as a draft'}`;
  });
  if (!versions.length) return html`<p class="muted">No committed version of ${label} yet.</p>`;
  return html`<h3 class="history-file">${label} <span class="muted path">${path}</span></h3>
  <ol class="history" aria-label=${`History of ${label}`}>${versions.map((version, at) => html`<li>
    <div class="history-head">
      <span><strong>${version.author}</strong> · <time datetime=${version.date}>${when(version.date)}</time> · ${html`<span
        title=${version.message}>${versionTitle(version.message, version.change)}</span>`}</span>
      <span class="muted">${!version.change ? '' : version.change.created ? 'created'
        : `${version.change.fields.map((field) => field.field).join(', ') || 'no field'} changed`}</span>
    </div>
    <div class="actions">
      ${version.change && html`<button type="button" aria-expanded=${open === version.commit}
        onClick=${() => setOpen(open === version.commit ? undefined : version.commit)}>What changed</button>`}
      ${at > 0 && html`<button type="button" onClick=${() => restore(version)}>Restore this version</button>`}
    </div>
    ${open === version.commit && html`<${FieldDiff} document=${version.change} label=${`Changes of ${version.commit.slice(0, 7)}`} />`}
  </li>`)}</ol>`;
}

/**
 * A document's history (who changed what, when: `git log` of each of its files, every locale and
 * draft, with the fields each commit changed) and "Restore": that version goes back through the
 * ordinary write (a draft where the type has draft & publish), so validation, the index and
 * commit-per-write apply. Read again whenever the panel's status is (after a commit or a restore).
 */
export function DocumentHistory({ focus, status, run }) {
  const [files, setFiles] = useState();
  const [error, setError] = useState();
  useEffect(() => {
    request('GET', './api/git/document-history', { query: { document: focus } })
      .then((body) => setFiles(body.data), (failure) => setError(failure.message));
  }, [focus, status]);
  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!files) return html`<p class="loading">Loading the history…</p>`;
  if (!files.length) return html`<p class="muted">This document has no file yet.</p>`;
  return files.map((file) => html`<${FileHistory} key=${file.path} path=${file.path} versions=${file.versions} run=${run} />`);
}
