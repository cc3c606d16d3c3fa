import { useState } from 'preact/hooks';
import { html } from './html.js';
import { request } from './api.js';

/**
 * Branches: switch (refused by the server while changes are uncommitted, unless "carry" is ticked),
 * create from HEAD, and push the current branch when a remote is configured. Only a credential that
 * may do everything (`mayManage`) sees the controls; the server checks again.
 */
export function GitBranches({ status, branches, run }) {
  const [target, setTarget] = useState('');
  const [carry, setCarry] = useState(false);
  const [name, setName] = useState('');
  if (!status.mayManage) {
    return html`<p class="muted">
      Switching, creating and pushing branches needs a credential that may do everything (a full-access token).</p>`;
  }
  const others = branches.branches.filter((branch) => branch !== branches.current);
  const switchTo = (event) => {
    event.preventDefault();
    const branch = target || others[0];
    if (!branch) return;
    run(`Switched to ${branch}`, async () => {
      const { data } = await request('POST', './api/git/checkout', { body: { branch, carry } });
      if (data.changed) dispatchEvent(new Event('studio:branch-switched'));
    });
  };
  const create = (event) => {
    event.preventDefault();
    run(`Created and switched to ${name}`, async () => { await request('POST', './api/git/branches', { body: { name } }); setName(''); });
  };
  return html`
    <div class="git-branches">
      ${others.length > 0 && html`<form class="inline" onSubmit=${switchTo}>
        <label>Switch to <select aria-label="Branch to switch to" value=${target || others[0]}
          onChange=${(event) => setTarget(event.currentTarget.value)}>
          ${others.map((branch) => html`<option value=${branch}>${branch}</option>`)}</select></label>
        <label class="check"><input type="checkbox" checked=${carry}
          onChange=${(event) => setCarry(event.currentTarget.checked)} /> carry my uncommitted changes</label>
        <button type="submit">Switch</button>
      </form>`}
      <form class="inline" onSubmit=${create}>
        <label>New branch <input aria-label="New branch name" value=${name} required placeholder="edits/spring"
          onInput=${(event) => setName(event.currentTarget.value)} /></label>
        <button type="submit">Create and switch</button>
      </form>
      ${branches.remotes.length > 0
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
