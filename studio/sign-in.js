import { useState } from 'preact/hooks';
import { html } from './html.js';
import { loadSchemas, prefix, request } from './api.js';
import { usePageTitle } from './page-title.js';

/**
 * Sign in with an API token (pasted) or a users-permissions account (`POST <prefix>/auth/local`).
 * Either way the studio then holds a Bearer credential and can do exactly what it allows; "Keep me
 * signed in" shares it with every tab of the browser (api.js `session`).
 */
export function SignIn({ onSignedIn, notice }) {
  usePageTitle('Sign in');
  const [mode, setMode] = useState('token');
  const [error, setError] = useState(notice);
  const [busy, setBusy] = useState(false);

  async function submit(event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const token = mode === 'token'
        ? String(form.get('token')).trim()
        : (await request(
          'POST', `${prefix}/auth/local`, { token: null, body: { identifier: form.get('identifier'), password: form.get('password') } },
        )).jwt;
      const schemas = await loadSchemas(token);
      if (!schemas.data.length) throw new Error('This credential may not read any content type.');
      onSignedIn(token, schemas, form.get('remember') === 'on');
    } catch (failure) {
      setError(failure.status === 401 ? 'That credential is not valid.' : failure.message);
    } finally {
      setBusy(false);
    }
  }

  return html`
    <form class="sign-in" onSubmit=${submit}>
      <h1>Sign in to the studio</h1>
      <div class="tabs" role="tablist">
        <button type="button" role="tab" aria-selected=${mode === 'token'} onClick=${() => setMode('token')}>API token</button>
        <button type="button" role="tab" aria-selected=${mode === 'account'} onClick=${() => setMode('account')}>Account</button>
      </div>
      ${mode === 'token'
        ? html`<label>API token<input name="token" type="password" autocomplete="off" required /></label>
               <p class="hint">Create one with <code>cms token create --name editor --type full-access</code>.</p>`
        : html`<label>Email or username<input name="identifier" autocomplete="username" required /></label>
               <label>Password<input name="password" type="password" autocomplete="current-password" required /></label>`}
      <label class="check"><input name="remember" type="checkbox" /> Keep me signed in on this browser (every tab)</label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button class="primary" type="submit" disabled=${busy}>${busy ? 'Signing in…' : 'Sign in'}</button>
    </form>`;
}
