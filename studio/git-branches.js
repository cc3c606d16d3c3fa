import { html } from './html.js';
import { request } from './api.js';
import { link } from './router.js';

/**
 * Branches: the served checkout never switches (every editor shares it), so the panel only lists
 * them and pushes the Published site's branch when a remote is configured. Work apart from the
 * Published site is a change request (the change requests page): a branch of its own, named in the
 * tab's address, never a switch of the server's tree. Only a credential that may do everything
 * (`mayManage`) may push; the server checks again.
 */
export function GitBranches({ status, branches, run }) {
  const others = branches.branches.filter((branch) => branch !== branches.current);
  return html`
    <div class="git-branches">
      <p>The site serves <strong>${branches.current ?? '(detached HEAD)'}</strong>${others.length
        ? html`; other branches: ${others.join(', ')}` : ''}.
        To work apart from it, use a <a href=${link('#/change-requests')}>change request</a>.</p>
      ${!status.mayManage
        ? html`<p class="muted">Pushing needs a credential that may do everything (a full-access token).</p>`
        : branches.remotes.length > 0
          ? html`<p>${branches.ahead !== null && html`<span class="muted">${branches.ahead === 0
              ? 'Up to date with its remote branch. '
              : `${branches.ahead} commit${branches.ahead === 1 ? '' : 's'} not pushed yet. `}</span>`}<button type="button"
            onClick=${() => run('Pushed', async () => {
              const { data } = await request('POST', './api/git/push', { body: {} });
              return `Pushed ${data.branch} to ${data.remote}`;
            })}>Push ${branches.current ?? ''}</button></p>`
          : html`<p class="muted">No remote is configured: pushing needs one (${'git remote add origin <url>'}).</p>`}
    </div>`;
}
