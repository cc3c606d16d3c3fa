import { useEffect, useState } from 'preact/hooks';
import { request } from './api.js';

// Change requests: branches of the site, each an editor's edits waiting for review, kept apart from
// the Published site (the base branch the server serves) until merged. The server's routes are under
// ./api/git/change-requests (core/http/studio-git-routes.ts); they speak of the base, so none of these
// requests names a branch (`Cms-Branch`), whichever change request the tab is on.

const ROUTE = './api/git/change-requests';
const onBase = { branch: null };

/** `{ base, mayManage, changeRequests: [{ name, head, ahead, behind, pushed, documents: [{ type, apiName, documentId, … }] }] }`. */
export const listChangeRequests = () => request('GET', ROUTE, onBase).then((body) => body.data);

export const startChangeRequest = (name) => request('POST', ROUTE, { ...onBase, body: { name } }).then((body) => body.data);

/** Push that branch alone: `{ name, remote, pullRequestUrl }` (the host's compare page, when it is known). */
export const proposeChangeRequest = (name) => request('POST', `${ROUTE}/propose`, { ...onBase, body: { name } })
  .then((body) => body.data);

/** Merge it into the base: `{ name, base, commit, changed }`; a conflict is a 409 whose `details.conflicts` name the fields. */
export const mergeChangeRequest = (name) => request('POST', `${ROUTE}/merge`, { ...onBase, body: { name } }).then((body) => body.data);

/** Delete the branch (merged, or given up). */
export const deleteChangeRequest = (name) => request('POST', `${ROUTE}/delete`, { ...onBase, body: { name } }).then((body) => body.data);

/** Say that the list changed (started, merged, deleted, a save on a branch): every view of it reads it again. */
export const changeRequestsChanged = () => dispatchEvent(new Event('studio:change-requests'));

// One reading shared by every view that shows the change requests (the header, the page, the form's prompt).
let known = {};
let reading;
let answered = true;
const views = new Set();
const show = (next) => { known = { ...known, ...next }; for (const view of views) view(known); };
function read() {
  answered = false;
  // Whether this credential may do everything comes with the list (the same check as the Git status's, without its `git status`).
  const now = listChangeRequests().then(({ mayManage, ...list }) => ({ list, mayManage, failed: undefined }),
    (failure) => ({ failed: failure.message }))
    .then((next) => { if (reading === now) { answered = true; show(next); } });
  reading = now;
  return now;
}
addEventListener('studio:change-requests', () => { if (views.size) read(); });

/** Read the change requests again now (every view shows the answer); resolves once they show it. */
export const refreshChangeRequests = () => read();

/** Signed out: what one credential was told is not shown to the next. */
export const forgetChangeRequests = () => { known = {}; reading = undefined; answered = true; };

/**
 * The open change requests: `{ list, mayManage, failed }`, read when the first view opens and again
 * whenever they change. `list` is undefined while reading, and stays so when the site has no change
 * requests to offer (not a git repository, or the credential may not read them): `failed` then holds
 * the server's words. `mayManage` (whether this credential may do everything) is undefined until the
 * list is answered. With `{ fresh: true }` (a page about them) the view reads them again as it opens,
 * unless a reading is under way already (it started no earlier than the view: one request, not two).
 */
export function useChangeRequests({ fresh = false } = {}) {
  const [state, setState] = useState(known);
  useEffect(() => {
    views.add(setState);
    if (!reading || (fresh && answered)) read();
    else setState(known);
    return () => { views.delete(setState); };
  }, []);
  return state;
}
