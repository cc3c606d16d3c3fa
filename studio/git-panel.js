import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';
import { GitBranches } from './git-branches.js';
import { Diff } from './git-diff.js';
import { FieldDiff, headline, versionLabel } from './git-fields.js';
import { DocumentHistory } from './git-history.js';
import { GitRemote } from './git-remote.js';
import { branchOf, link } from './router.js';

const STATE_LABELS = { modified: 'modified', new: 'new', deleted: 'deleted', renamed: 'renamed', conflicted: 'conflict' };

/** What changed in one file: old → new per field for a document (the raw diff folded away), git's diff otherwise. */
function Change({ path, text, document }) {
  if (!document) return html`<${Diff} path=${path} text=${text} />`;
  return html`<article class="change-detail" aria-label=${`Changes of ${headline(document)}`}>
    <h3>${document.type} · ${document.title} <span class="muted">(${versionLabel(document)})</span></h3>
    <${FieldDiff} document=${document} label=${`Field changes of ${document.title}`} />
    <details><summary>Raw diff of ${path}</summary><${Diff} path=${path} text=${text} /></details>
  </article>`;
}

/**
 * The Git panel: the current branch, the changed files of content/, schemas/ and public/uploads
 * the credential may read, each content file named as a document ("Article · Pizza napoletana —
 * title, body changed", as the server tells it), its old → new fields against HEAD, a commit of the changes it may write (the
 * server makes the signed-in user its author), and branches. Everything is a studio route under
 * `./api/git/`; the server decides what this credential may see and do.
 *
 * `focus` (`articles/<documentId>`, from `#/git?document=…`) narrows the panel to one document's
 * files (every locale and draft) and shows each one's changes against HEAD and its history, with restore.
 */
export function GitPanel({ focus }) {
  const [status, setStatus] = useState();
  const [branches, setBranches] = useState();
  const [selected, setSelected] = useState();
  const [diff, setDiff] = useState();
  const [commitMessage, setCommitMessage] = useState('');
  const [notice, setNotice] = useState();
  const [busy, setBusy] = useState(false);
  const [focused, setFocused] = useState();
  const [left, setLeft] = useState(() => new Set()); // writable files the editor unticked: not in this commit
  const mine = (change) => !focus || change.path.startsWith(`content/${focus}.`);

  const load = () => Promise.all([request('GET', './api/git/status'), request('GET', './api/git/branches')]).then(([next, list]) => {
    setStatus(next.data); setBranches(list.data);
  }, (failure) => setNotice({ error: failure.message }));
  useEffect(() => { load(); }, []);
  // A document's files are few: all their diffs at once.
  useEffect(() => {
    if (!focus || !status) return;
    const files = status.changes.filter(mine);
    Promise.all(files.map((change) => request('GET', './api/git/diff', { query: { path: change.path } }).then((body) => body.data)))
      .then((pairs) => setFocused(pairs), (failure) => setNotice({ error: failure.message }));
  }, [focus, status]);

  /** One action, then the panel reads status again; the server's refusal (git's own words) is shown as is. */
  async function run(label, action) {
    setBusy(true); setNotice(undefined);
    try {
      const said = await action();
      setNotice({ ok: typeof said === 'string' ? said : label });
      setSelected(undefined); setDiff(undefined);
    } catch (failure) {
      setNotice({ error: failure.message });
    } finally {
      setBusy(false);
      await load();
    }
  }

  function show(path) {
    setSelected(path); setDiff(undefined);
    request('GET', './api/git/diff', { query: { path } })
      .then((body) => setDiff(body.data), (failure) => setNotice({ error: failure.message }));
  }

  const writable = status ? status.changes.filter((change) => change.writable) : [];
  const commit = (event) => {
    event.preventDefault();
    run('Committed', async () => {
      const paths = left.size ? writable.filter((change) => !left.has(change.path))
        .flatMap((change) => (change.from ? [change.path, change.from] : [change.path])) : undefined;
      const { data } = await request('POST', './api/git/commit', { body: { message: commitMessage, paths } });
      setCommitMessage(''); setLeft(new Set());
      return `Committed ${data.files.length} file${data.files.length === 1 ? '' : 's'} as ${data.commit.slice(0, 7)} `
        + `(author ${data.author.name})`;
    });
  };

  if (!status || !branches) {
    return html`<section><h1>Git</h1>${notice?.error ? html`<p class="error"
      role="alert">${notice.error}</p>` : html`<p class="loading">Loading…</p>`}</section>`;
  }
  const changes = status.changes.filter(mine);
  const chosen = writable.filter((change) => !left.has(change.path));
  const toggle = (path) => setLeft((current) => {
    const next = new Set(current);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    return next;
  });
  return html`
    <section class="git-panel">
      <header class="page-head">
        <h1>Git</h1>
        <p>Branch <strong class="branch" aria-label="Current branch">${status.branch ?? '(detached HEAD)'}</strong></p>
      </header>
      ${branchOf() && html`<p class="notice">This tab is on the change request <strong>${branchOf()}</strong>: each save there is
        already a commit on its branch. What it changes, and Propose and Merge, are on the
        <a href=${link('#/change-requests')}>change requests</a> page.</p>`}
      ${notice?.error && html`<p class="error" role="alert">${notice.error}</p>`}
      ${notice?.ok && html`<p class="ok" role="status">${notice.ok}</p>`}
      <h2>${focus ? html`Changes of ${focus} <a class="muted" href=${link('#/git')}>(all changes)</a>` : 'Changes'}</h2>
      ${changes.length === 0
        ? html`<p class="muted">${focus
          ? 'This document has no uncommitted change.'
          : 'No uncommitted changes in content/, schemas/ or public/uploads.'}</p>`
        : html`<ul class="changes" aria-label="Changed files">${changes.map((change) => html`<li>
            ${status.mayCommit && change.writable && html`<input type="checkbox" aria-label=${`Include ${change.path}`}
              checked=${!left.has(change.path)} onChange=${() => toggle(change.path)} />`}
            <button type="button" class="link change-name" aria-pressed=${selected === change.path}
              onClick=${() => show(change.path)}>${change.document ? headline(change.document, change.state) : change.path}</button>
            ${change.document
              && html`<span class="muted change-where">${versionLabel(change.document)} · <span class="path">${change.path}</span></span>`}
            <span class=${`state state-${change.state}`}>${STATE_LABELS[change.state]}</span>
            ${!change.writable && html`<span class="muted"
              title="You may read this file but not commit it"> read-only</span>`}</li>`)}</ul>`}
      ${focus && focused?.map((one) => html`<${Change} path=${one.path} text=${one.diff} document=${one.document} />`)}
      ${selected && (diff === undefined ? html`<p class="loading">Loading the diff…</p>` : html`<${Change} path=${selected}
        text=${diff.diff} document=${diff.document} />`)}
      ${focus && html`<h2>History</h2><${DocumentHistory} focus=${focus} status=${status} run=${run} />`}
      ${status.mayCommit && html`<form class="commit" onSubmit=${commit}>
        <label for="commit-message">Commit message</label>
        <textarea id="commit-message" rows="3" required value=${commitMessage}
          onInput=${(event) => setCommitMessage(event.currentTarget.value)}
          placeholder="What changed, and why"></textarea>
        <div class="actions"><button type="submit" class="primary"
          disabled=${busy || chosen.length === 0 || !commitMessage.trim()}>
          Commit ${chosen.length} file${chosen.length === 1 ? '' : 's'}</button></div>
      </form>`}
      <${GitRemote} status=${status} branches=${branches} run=${run} />
      <h2>Branches</h2>
      <${GitBranches} status=${status} branches=${branches} run=${run} />
    </section>`;
}
