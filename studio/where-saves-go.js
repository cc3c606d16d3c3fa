import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';
import { mayWrite, suggestedName } from './change-request-words.js';
import { refreshChangeRequests, startChangeRequest, useChangeRequests } from './change-requests.js';
import { link, navigate, onBranch } from './router.js';

/** Where the tab's saves go, in editors' words. */
export const targetName = (branch) => (branch ? `Change request: ${branch}` : 'Published site');

/**
 * *New change request*: name it (a name is suggested), and the tab goes to the same page on it, a
 * branch made from the Published site's newest version. Leaving a form with unsaved edits asks first
 * (unsaved-guard.js): refused, the change request is made and the form stays where it was. The header
 * says it started ('studio:change-request-started'); `label` is the button's words.
 */
export function NewChangeRequest({ label = 'New change request', id = 'change-request' }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState();
  const opener = useRef();
  const field = useRef();
  useEffect(() => { if (open) field.current?.focus(); }, [open]);
  const close = () => { setOpen(false); setError(undefined); opener.current?.focus(); };
  const start = async (event) => {
    event.preventDefault();
    setBusy(true); setError(undefined);
    try {
      const made = await startChangeRequest(name.trim());
      setOpen(false);
      await refreshChangeRequests(); // the header knows it before the tab goes to it
      dispatchEvent(new CustomEvent('studio:change-request-started', { detail: { name: made.name } }));
      navigate(onBranch(made.name));
    } catch (failure) {
      setError(failure.message);
    } finally { setBusy(false); }
  };
  if (!open) {
    return html`<button type="button" ref=${opener} aria-expanded="false"
      onClick=${() => { setName(suggestedName()); setOpen(true); }}>${label}</button>`;
  }
  return html`<form class="new-change-request" aria-label="New change request" onSubmit=${start}
    onKeyDown=${(event) => { if (event.key === 'Escape') close(); }}>
    <label for=${`${id}-name`}>Name of the change request</label>
    <input id=${`${id}-name`} ref=${field} required value=${name} aria-describedby=${`${id}-hint`}
      aria-invalid=${error ? 'true' : undefined} onInput=${(event) => setName(event.currentTarget.value)} />
    <p id=${`${id}-hint`} class="muted">Starts from the Published site as it is now; your saves go to it until it is merged.</p>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <div class="actions"><button type="submit" class="primary" disabled=${busy || !name.trim()}>Start</button>
      <button type="button" onClick=${close}>Cancel</button></div>
  </form>`;
}

/**
 * The header every page shows: where this tab's saves go ("Published site", or "Change request:
 * <name>"), the way back to the Published site from a change request (the same page), the change
 * requests' page, and *New change request* for a credential that may write content. Nothing about
 * change requests is offered where the server has none (not a git repository).
 */
export function WhereSavesGo({ route, models }) {
  const { list, failed } = useChangeRequests();
  // What a new change request said, shown on the page it leads to (the next visit) and gone after it.
  const [said, setSaid] = useState();
  useEffect(() => { if (said && route.visit > said.visit + 1) setSaid(undefined); }, [route.visit]);
  const visit = useRef();
  visit.current = route.visit;
  useEffect(() => {
    const started = (event) => setSaid({
      text: `Change request “${event.detail.name}” started: your saves go to it.`, visit: visit.current,
    });
    addEventListener('studio:change-request-started', started);
    return () => removeEventListener('studio:change-request-started', started);
  }, []);
  const open = list?.changeRequests?.length;
  const gone = route.branch && list && !list.changeRequests.some((one) => one.name === route.branch);
  return html`<section class="saves-go" aria-label="Where saves go">
    <p class="saves-target"><span class="muted">Saves go to</span> <strong>${targetName(route.branch)}</strong></p>
    ${route.branch && html`<a href=${onBranch(undefined)}>Go to the Published site</a>`}
    ${gone && html`<p class="error" role="alert">The change request “${route.branch}” does not exist (merged and deleted, or never
      started): nothing can be saved to it.</p>`}
    ${!failed && html`<a href=${link('#/change-requests')} aria-current=${route.section === 'change-requests' ? 'page' : undefined}
      >Change requests${open ? ` (${open})` : ''}</a>`}
    ${!failed && list && mayWrite(models) && html`<${NewChangeRequest} />`}
    ${said && html`<p class="ok" role="status">${said.text}</p>`}
  </section>`;
}
