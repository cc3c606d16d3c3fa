import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { loadSchemas, session } from './api.js';
import { DocumentForm } from './document-form.js';
import { DocumentList } from './document-list.js';
import { ChangeRequestPrompt } from './change-request-prompt.js';
import { forgetChangeRequests } from './change-requests.js';
import { ChangeRequestsPage } from './change-requests-page.js';
import { GitPanel } from './git-panel.js';
import { PreviewPane } from './preview-pane.js';
import { usePageTitle } from './page-title.js';
import { link, parseHash } from './router.js';
import { SignIn } from './sign-in.js';
import { mayFollowHash, mayLeave, releaseGuard } from './unsaved-guard.js';
import { WhereSavesGo } from './where-saves-go.js';

/** Each address followed is a new visit: a form is drawn afresh per visit, and kept within one (see 'studio:created'). */
let visits = 0;
const visit = () => ({ ...parseHash(), visit: ++visits });

function Home({ models }) {
  usePageTitle('Content');
  return html`<section><h1>Content</h1><ul class="type-cards">
    ${models.map((model) => html`<li><a
        href=${link(`#/t/${model.kind === 'singleType' ? model.singularName : model.pluralName}`)}>${model.displayName}</a>
      <span class="muted">${model.kind === 'singleType' ? 'Single type' : 'Collection'}</span></li>`)}
  </ul></section>`;
}

function GitPage({ focus }) {
  usePageTitle('Git');
  return html`<${GitPanel} focus=${focus} />`;
}

function Main({ schemas, route }) {
  const model = schemas.data.find(
    (candidate) => candidate.pluralName === route.type || (candidate.kind === 'singleType' && candidate.singularName === route.type),
  );
  if (route.section === 'git') return html`<${GitPage} key=${route.params.document ?? ''} focus=${route.params.document} />`;
  if (route.section === 'change-requests') return html`<${ChangeRequestsPage} models=${schemas.data} route=${route} />`;
  if (route.section !== 't') return html`<${Home} models=${schemas.data} />`;
  if (!model) return html`<p class="error">No content type "${route.type}" that you may read.</p>`;
  const locale = model.localized ? route.params.locale || schemas.meta.defaultLocale : undefined;
  if (model.kind === 'singleType' || route.documentId) {
    const documentId = route.documentId === 'new' ? undefined : route.documentId;
    // The form is fixed to the branch it opened on (`branch`): another one is another visit, so another form.
    return html`${!route.branch && html`<${ChangeRequestPrompt} models=${schemas.data} model=${model} documentId=${documentId}
        locale=${locale} />`}<div class="edit-view">
      <${DocumentForm} key=${`${model.uid}/${route.visit}/${locale}`} model=${model} meta=${schemas.meta}
        documentId=${documentId} locale=${locale} branch=${route.branch ?? null} />
      <${PreviewPane} key=${`preview/${route.branch ?? ''}/${model.uid}/${route.documentId}/${locale}`} model=${model}
        documentId=${documentId} locale=${locale} branch=${route.branch ?? null} />
    </div>`;
  }
  return html`<${DocumentList} key=${model.uid} model=${model} meta=${schemas.meta} params=${{ ...route.params, locale }} />`;
}

function App() {
  const [token, setToken] = useState(session.token);
  const [schemas, setSchemas] = useState();
  const [notice, setNotice] = useState();
  const [route, setRoute] = useState(() => visit());

  useEffect(() => {
    // A form with unsaved edits is asked first (unsaved-guard.js): refused, the address goes back.
    const follow = () => mayFollowHash() && setRoute(visit());
    // A new document's form took its address in place: the same visit, so the form (and what is typed in it) stays.
    const created = () => setRoute((now) => ({ ...parseHash(), visit: now.visit }));
    addEventListener('hashchange', follow);
    addEventListener('studio:created', created);
    return () => { removeEventListener('hashchange', follow); removeEventListener('studio:created', created); };
  }, []);

  // A credential kept from earlier in this tab is checked again; an expired one signs out.
  useEffect(() => {
    if (!token || schemas) return;
    loadSchemas(token).then(
      setSchemas,
      (error) => signOut(error.status === 401 ? 'Your session has ended: sign in again.' : error.message),
    );
  }, [token]);

  // Another branch may hold other schemas: the Git panel announces a switch, the types are read again.
  useEffect(() => {
    if (!token) return undefined;
    const reread = () => loadSchemas(token).then(setSchemas, () => {});
    addEventListener('studio:branch-switched', reread);
    return () => removeEventListener('studio:branch-switched', reread);
  }, [token]);

  function signOut(message) {
    releaseGuard();
    forgetChangeRequests();
    session.token = null;
    setToken(null);
    setSchemas(undefined);
    setNotice(message);
  }

  if (!token) {
    return html`<${SignIn} notice=${notice} onSignedIn=${(next, loaded, remember) => {
      session.keep(next, remember);
      setSchemas(loaded);
      setToken(next);
    }} />`;
  }
  if (!schemas) return html`<p class="loading">Loading…</p>`;
  return html`
    <div class="layout">
      <nav class="sidebar" aria-label="Content types">
        <a class="brand" href=${link('#/')}>Studio</a>
        <ul>${schemas.data.map((model) => {
          const name = model.kind === 'singleType' ? model.singularName : model.pluralName;
          return html`<li><a href=${link(`#/t/${name}`)}
            aria-current=${route.type === name ? 'page' : undefined}>${model.displayName}</a></li>`;
        })}</ul>
        <a href=${link('#/git')} aria-current=${route.section === 'git' ? 'page' : undefined}>Git</a>
        <div class="account">${schemas.meta.user && html`<span class="muted">${schemas.meta.user}</span>`}
          <button type="button" onClick=${() => mayLeave() && signOut()}>Sign out</button></div>
      </nav>
      <main class="content">
        <${WhereSavesGo} route=${route} models=${schemas.data} />
        <${Main} key=${route.branch ?? ''} schemas=${schemas} route=${route} />
      </main>
    </div>`;
}

const mount = document.getElementById('studio');
mount.textContent = ''; // the "Loading…" line shown until the modules arrive
render(html`<${App} />`, mount);
