import { useState } from 'preact/hooks';
import { html } from './html.js';
import { ApiError } from './api.js';
import { AskingButton } from './confirm-bar.js';
import {
  changeRequestsChanged, deleteChangeRequest, mergeChangeRequest, proposeChangeRequest, useChangeRequests,
} from './change-requests.js';
import { conflictWords, fieldNames, mayMerge, mayWrite, siteOf } from './change-request-words.js';
import { usePageTitle } from './page-title.js';
import { href, link, navigate, onBranch } from './router.js';

const CHANGE_WORDS = { added: 'added', changed: 'changed', deleted: 'deleted' };
const plural = (count, one) => `${count} ${one}${count === 1 ? '' : 's'}`;


/** One document a change request changes: "Article · Pizza napoletana — changed: title, body", linked to it on that branch. */
function ChangedDocument({ name, document }) {
  const fields = fieldNames(document.fields);
  const words = `${document.type} · ${document.title}`;
  // A document the change request deletes is still on the Published site: it is shown there.
  const to = href(document.apiName, document.documentId, { locale: document.locale ?? undefined },
    document.change === 'deleted' ? null : name);
  const where = [document.locale, document.draft ? 'draft' : 'published'].filter(Boolean).join(' · ');
  // Spaces between the parts are written out: htm drops whitespace that holds a line break.
  return html`<li><a href=${to}>${words}</a>${' '}<span class=${`state state-${document.change}`}
    >${CHANGE_WORDS[document.change] ?? document.change}</span>${' '}<span class="muted">${where}${fields.length
      ? ` — ${fields.join(', ')}` : ''}</span></li>`;
}

/**
 * One open change request: what it changes, and Propose, Merge and Delete for whom may. Saves not
 * merged are lost with the branch: only a credential that may do everything deletes one that has some.
 */
function ChangeRequest({ changeRequest, models, mayManage, route, run }) {
  const { name, documents, ahead, behind } = changeRequest;
  const id = `cr-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const merging = mayMerge(changeRequest, models, mayManage);
  const remove = () => run(name, `Deleted “${name}”`, async () => {
    await deleteChangeRequest(name);
    if (route.branch === name) navigate(onBranch(undefined));
  });
  return html`<li><article class="change-request" aria-labelledby=${id}>
    <h2 id=${id}><a href=${link('#/', name)}>${name}</a>${route.branch === name && html` <span class="muted">(this tab)</span>`}</h2>
    <p class="muted">${ahead ? `${plural(ahead, 'save')} not on the Published site yet` : 'Nothing left to merge'}${behind
      ? ` · the Published site has ${plural(behind, 'newer commit')}` : ''}${changeRequest.pushed ? ' · proposed' : ''}</p>
    ${documents.length
      ? html`<ul class="changed-documents" aria-label=${`Documents changed in ${name}`}>${documents.map((document) => html`
        <${ChangedDocument} name=${name} document=${document} />`)}</ul>`
      : html`<p class="muted">No document differs from the Published site.</p>`}
    <div class="actions">
      ${mayWrite(models) && html`<button type="button" onClick=${() => run(name, 'Proposed', () => proposeChangeRequest(name))}
        >Propose</button>`}
      ${merging && ahead > 0 && html`<button type="button" class="primary"
        onClick=${() => run(name, 'Merged', () => mergeChangeRequest(name))}>Merge into the Published site</button>`}
      ${mayWrite(models) && (ahead === 0 || mayManage) && html`<${AskingButton} text="Delete" className="danger"
        label=${`Confirm delete of ${name}`} ask=${ahead > 0} onClick=${remove} safe="Keep it"
        question=${`Delete “${name}” with ${plural(ahead, 'save')} not merged?`} choices=${[['Delete for good', remove, 'danger']]} />`}
    </div>
  </article></li>`;
}

/** What the last action said: merged, proposed (with the host's page to open the pull request), refused (with the conflicts). */
function Outcome({ outcome, models, list }) {
  if (!outcome) return null;
  if (outcome.error) {
    const changeRequest = list.changeRequests.find((one) => one.name === outcome.name) ?? { documents: [] };
    return html`<div class="error" role="alert"><p>${outcome.error}</p>${outcome.conflicts?.length > 0 && html`<ul
      aria-label="Conflicts">${outcome.conflicts.map((conflict) => html`<li>${conflictWords(conflict, changeRequest, models)}</li>`)}</ul>
      <p>Nothing was merged. Edit those fields on the change request to settle them, then merge again.</p>`}</div>`;
  }
  const { data } = outcome;
  return html`<p class="ok" role="status">${outcome.ok === 'Proposed'
    ? html`Proposed “${outcome.name}”: pushed to ${data.remote}. ${data.pullRequestUrl
      ? html`<a href=${data.pullRequestUrl} target="_blank" rel="noopener noreferrer"
        >Open a pull request on ${siteOf(data.pullRequestUrl)}</a>`
      : 'Open a pull request from it on your hosting site.'}`
    : outcome.ok === 'Merged'
      ? `Merged “${outcome.name}” into the Published site${data.changed !== undefined ? ` (${plural(data.changed?.length
        ?? data.changed, 'file')} changed)` : ''}. It can be deleted now.`
      : outcome.ok}</p>`;
}

/**
 * The change requests page (`#/change-requests`, on any branch): a new one, and each open one with
 * the documents it changes in editors' words, each linked to that document on its branch; *Propose*
 * (that branch alone is pushed, and the host's compare page offered), *Merge* for a credential that
 * may publish what it changes, *Delete* (asked first while it holds saves not merged).
 */
export function ChangeRequestsPage({ models, route }) {
  usePageTitle('Change requests');
  const { list, mayManage, failed } = useChangeRequests({ fresh: true });
  const [outcome, setOutcome] = useState();
  async function run(name, label, action) {
    setOutcome(undefined);
    try {
      const data = await action();
      setOutcome({ ok: label, name, data: data ?? {} });
      if (label === 'Merged') dispatchEvent(new Event('studio:pulled'));
    } catch (failure) {
      const conflicts = failure instanceof ApiError ? failure.details.conflicts : undefined;
      setOutcome({ error: failure.message, name, conflicts });
    } finally { changeRequestsChanged(); }
  }
  if (!list) {
    return html`<section><h1>Change requests</h1>${failed
      ? html`<p class="error" role="alert">${failed}</p>` : html`<p class="loading">Loading…</p>`}</section>`;
  }
  return html`<section class="change-requests">
    <header class="page-head"><h1>Change requests</h1></header>
    <p class="muted">A change request keeps edits apart from the Published site (${list.base}) until it is merged.
      <em>New change request</em>, above, starts one.</p>
    <${Outcome} outcome=${outcome} models=${models} list=${list} />
    ${list.changeRequests.length === 0
      ? html`<p class="muted">No open change requests.</p>`
      : html`<ul class="change-request-list">${list.changeRequests.map((changeRequest) => html`<${ChangeRequest}
        key=${changeRequest.name} changeRequest=${changeRequest} models=${models} mayManage=${mayManage} route=${route} run=${run} />`)}
      </ul>`}
  </section>`;
}
