import { useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';

const SITES = { 'github.com': 'GitHub', 'gitlab.com': 'GitLab', 'bitbucket.org': 'Bitbucket' };
const siteOf = (url) => SITES[new URL(url).hostname] ?? 'the hosting site';
const suggestedBranch = () => `edits/${new Date().toISOString().slice(0, 10)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * Working with the remote: pull (fetch and merge the remote branch; content files merge field by
 * field through the project's merge driver) and "Propose changes" (Decap's and TinaCMS's editorial
 * workflow: the changes go to a new branch, pushed, and the hosting site's page to open a pull
 * request is offered — no API token); the studio stays on the new branch (as TinaCMS does) until
 * "Back to <base>". Only a credential that may manage Git sees this; the server checks again.
 */
export function GitRemote({ status, branches, run }) {
  const [branch, setBranch] = useState(suggestedBranch);
  const [message, setMessage] = useState('');
  const [proposal, setProposal] = useState();
  if (!status.mayManage || branches.remotes.length === 0) return null;
  const pull = () => run('Pulled', async () => {
    const { data } = await request('POST', './api/git/pull', { body: {} });
    if (data.changed) dispatchEvent(new Event('studio:branch-switched'));
    return data.changed
      ? `Pulled ${data.changed} changed file${data.changed === 1 ? '' : 's'} from ${data.remote}/${data.branch}`
      : `Already up to date with ${data.remote}/${data.branch}`;
  });
  const propose = (event) => {
    event.preventDefault();
    run('Proposed', async () => {
      const { data } = await request('POST', './api/git/propose', { body: { branch, message } });
      setProposal(data); setMessage(''); setBranch(suggestedBranch());
      return `Proposed ${data.files.length} file${data.files.length === 1 ? '' : 's'} on ${data.branch} (pushed to ${data.remote})`;
    });
  };
  // Decap's editorial workflow leaves the editor on the main branch; the proposal waits on its own.
  const back = () => run(`Back on ${proposal.base}`, async () => {
    const { data } = await request('POST', './api/git/checkout', { body: { branch: proposal.base } });
    if (data.changed) dispatchEvent(new Event('studio:branch-switched'));
  });
  const writable = status.changes.some((change) => change.writable);
  return html`
    <section class="git-remote" aria-labelledby="git-remote-title">
      <h2 id="git-remote-title">Share</h2>
      <p><button type="button" onClick=${pull}>Pull from ${branches.remotes.includes('origin') ? 'origin' : branches.remotes[0]}</button>
        <span class="muted"> Brings in the remote's changes; edits to different fields of one document merge.</span></p>
      ${proposal && html`<p class="ok proposal">Proposed on <strong>${proposal.branch}</strong> for ${proposal.base}.
        ${proposal.pullRequestUrl
          ? html` <a href=${proposal.pullRequestUrl} target="_blank"
            rel="noopener noreferrer">Open a pull request on ${siteOf(proposal.pullRequestUrl)}</a>`
          : html` Open a pull request from it on your hosting site.`}
        ${status.branch === proposal.branch && html` <button type="button" onClick=${back}>Back to ${proposal.base}</button>`}</p>`}
      ${writable && html`<form class="propose" onSubmit=${propose}>
        <h3>Propose changes</h3>
        <p class="muted">Your uncommitted changes go to a new branch for review instead of ${status.branch ?? 'this branch'}.</p>
        <label for="propose-branch">Review branch</label>
        <input id="propose-branch" required value=${branch} onInput=${(event) => setBranch(event.currentTarget.value)} />
        <label for="propose-message">What changed, and why</label>
        <textarea id="propose-message" rows="2" required value=${message}
          onInput=${(event) => setMessage(event.currentTarget.value)}></textarea>
        <div class="actions"><button type="submit" class="primary"
          disabled=${!message.trim() || !branch.trim()}>Propose changes</button></div>
      </form>`}
    </section>`;
}
