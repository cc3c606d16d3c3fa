import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';
import { FieldDiff } from './git-fields.js';

const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One content file's history (who changed what, when: `git log` of the file, with the fields each
 * commit changed) and "Restore": that version goes back through the ordinary write (a draft where
 * the type has draft & publish), so validation, the index and commit-per-write apply.
 */
export function GitHistory({ path, label, run }) {
  const [versions, setVersions] = useState();
  const [error, setError] = useState();
  const [open, setOpen] = useState();
  const load = () => request('GET', './api/git/history', { query: { path } }).then((body) => setVersions(body.data), (failure) => setError(failure.message));
  useEffect(() => { load(); }, [path]);
  const restore = (version) => run(`Restored the version of ${when(version.date)}`, async () => {
    await request('POST', './api/git/restore', { body: { path, commit: version.commit } });
    return `Restored the version of ${when(version.date)} by ${version.author}${label.includes('published') ? ' as a draft' : ''}`;
  });
  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!versions) return html`<p class="loading">Loading the history…</p>`;
  if (!versions.length) return html`<p class="muted">No committed version of ${label} yet.</p>`;
  return html`<ol class="history" aria-label=${`History of ${label}`}>${versions.map((version, at) => html`<li>
    <div class="history-head">
      <span><strong>${version.author}</strong> · <time datetime=${version.date}>${when(version.date)}</time> · ${version.message}</span>
      <span class="muted">${version.change ? `${version.change.fields.map((field) => field.field).join(', ') || 'no field'} changed` : ''}</span>
    </div>
    <div class="actions">
      ${version.change && html`<button type="button" aria-expanded=${open === version.commit} onClick=${() => setOpen(open === version.commit ? undefined : version.commit)}>What changed</button>`}
      ${at > 0 && html`<button type="button" onClick=${() => restore(version)}>Restore this version</button>`}
    </div>
    ${open === version.commit && html`<${FieldDiff} document=${version.change} label=${`Changes of ${version.commit.slice(0, 7)}`} />`}
  </li>`)}</ol>`;
}
