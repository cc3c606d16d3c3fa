import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';
import { sameBranch } from './form-check.js';
import { previewOn } from './router.js';

/**
 * The document's front-end page beside its form, as Strapi 5's preview shows it: the server builds
 * the URL from `preview` in cms.config.json (with the draft secret), this frames it and reloads it
 * after every write the studio makes (api.js announces each one). Draft and published versions
 * have a switch where the type has draft & publish. On a narrow screen it sits below the form,
 * behind a "Show preview" toggle. Nothing is drawn when the type has no preview.
 * On a change request (`branch`) the page shown is that branch's: its URL carries `cms-branch=<name>`
 * (the front end sends it back as the `Cms-Branch` header when it reads the API).
 */
export function PreviewPane({ model, documentId, locale, branch = null }) {
  const [status, setStatus] = useState('draft');
  const [url, setUrl] = useState();
  const [shown, setShown] = useState(false);
  const [loads, setLoads] = useState(0);
  const type = model.kind === 'singleType' ? model.singularName : model.pluralName;
  const viewed = model.draftAndPublish ? status : 'published';

  useEffect(() => {
    if (!documentId && model.kind !== 'singleType') return undefined;
    let current = true;
    request('GET', './api/preview', { query: { type, documentId, locale, status: viewed }, branch })
      .then((body) => current && setUrl(previewOn(body.data?.url, branch)), () => current && setUrl(null));
    return () => { current = false; };
  }, [viewed]);
  useEffect(() => {
    // A write on another branch (a request pinned elsewhere) does not change this page.
    const reload = (event) => { if (sameBranch(event.detail ? event.detail.branch : branch, branch)) setLoads((count) => count + 1); };
    // After every write the studio makes, and when an open form finds the document changed elsewhere.
    const events = ['studio:wrote', 'studio:changed-elsewhere'];
    for (const event of events) addEventListener(event, reload);
    return () => { for (const event of events) removeEventListener(event, reload); };
  }, []);

  if (!url) return null;
  return html`<aside class=${`preview-pane${shown ? ' shown' : ''}`} aria-label="Preview">
    <div class="preview-head">
      <button type="button" class="preview-pane-toggle" aria-expanded=${shown}
        onClick=${() => setShown(!shown)}>${shown ? 'Hide preview' : 'Show preview'}</button>
      <h2>Preview</h2>
      ${model.draftAndPublish && html`<div class="tabs" role="group" aria-label="Version to preview">
        ${['draft', 'published'].map((one) => html`<button type="button" aria-pressed=${status === one}
          onClick=${() => setStatus(one)}>${one === 'draft' ? 'Draft' : 'Published'}</button>`)}
      </div>`}
      <a href=${url} target="_blank" rel="noopener noreferrer">Open in a new tab</a>
    </div>
    <iframe key=${`${url}#${loads}`} src=${url} title=${`Preview of this ${model.displayName.toLowerCase()} (${viewed})`}
      data-loads=${loads}></iframe>
  </aside>`;
}
