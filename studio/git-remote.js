import { html } from './html.js';
import { request } from './api.js';
import { link } from './router.js';

/**
 * Working with the remote: pull (fetch and merge the remote branch; content files merge field by
 * field through the project's merge driver). Proposing edits for review is a change request's
 * *Propose* (change-requests-page.js): that branch alone is pushed, never the served tree's changes.
 * Only a credential that may manage Git sees this; the server checks again.
 */
export function GitRemote({ status, branches, run }) {
  if (!status.mayManage || branches.remotes.length === 0) return null;
  const pull = () => run('Pulled', async () => {
    const { data } = await request('POST', './api/git/pull', { body: {} });
    if (data.changed) dispatchEvent(new Event('studio:branch-switched'));
    return data.changed
      ? `Pulled ${data.changed} changed file${data.changed === 1 ? '' : 's'} from ${data.remote}/${data.branch}`
      : `Already up to date with ${data.remote}/${data.branch}`;
  });
  return html`
    <section class="git-remote" aria-labelledby="git-remote-title">
      <h2 id="git-remote-title">Share</h2>
      <p><button type="button" onClick=${pull}>Pull from ${branches.remotes.includes('origin') ? 'origin' : branches.remotes[0]}</button>
        <span class="muted"> Brings in the remote's changes; edits to different fields of one document merge.</span></p>
      <p class="muted">To propose edits for review, start a <a href=${link('#/change-requests')}>change request</a> and propose it.</p>
    </section>`;
}
