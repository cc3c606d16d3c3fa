// Hash routes, so the server serves one page and deep links survive a reload:
//   #/                      the content types
//   #/t/articles?page=2&q=  a list          #/t/articles/<documentId>?locale=fr  a document
//   #/t/articles/new        a new document  #/t/global                           a single type
//   #/git                   the Git panel   #/change-requests                    the change requests
// Any of them after `#/cr/<name>` is the same page on the change request (branch) `<name>`: what the
// tab reads and saves goes to that branch (api.js sends `Cms-Branch`), so two tabs may be on two.
// A name holding `/` (`edits/spring`) is one encoded segment: `#/cr/edits%2Fspring/t/articles`.

const CHANGE_REQUEST = /^\/cr\/([^/?]+)/;

/** The change request a hash is on (undefined: the Published site, the base branch). */
export function branchOf(hash = globalThis.location?.hash ?? '') {
  const found = CHANGE_REQUEST.exec(hash.replace(/^#/, ''));
  return found ? decodeURIComponent(found[1]) : undefined;
}

/** The hash without its `#/cr/<name>` part: the page, whichever branch it is on (`#/t/articles?page=2`). */
export function pageOf(hash = globalThis.location?.hash ?? '') {
  const rest = hash.replace(/^#/, '').replace(CHANGE_REQUEST, '');
  return `#${rest.startsWith('/') ? rest : `/${rest}`}`;
}

/** `{ branch, section, type, documentId, params }` of a hash. */
export function parseHash(hash = globalThis.location?.hash ?? '') {
  const branch = branchOf(hash);
  const [path, search = ''] = pageOf(hash).replace(/^#/, '').split('?');
  const [, section, type, documentId] = path.split('/').map(decodeURIComponent);
  return { branch, section: section || '', type, documentId, params: Object.fromEntries(new URLSearchParams(search)) };
}

/** A page's hash (`#/git`, `#/t/articles`) on a branch: by default (undefined) the one this tab is on; null for the Published site. */
export function link(page, branch = branchOf()) {
  const path = page.replace(/^#/, '');
  return branch ? `#/cr/${encodeURIComponent(branch)}${path === '/' ? '' : path}` : `#${path}`;
}

/** The page this tab shows, on another branch (undefined: the Published site). */
export const onBranch = (branch, hash = globalThis.location?.hash ?? '') => link(pageOf(hash), branch ?? null);

export function href(type, documentId, params = {}, branch = branchOf()) {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')).toString();
  return link(`#/t/${encodeURIComponent(type)}${documentId ? `/${encodeURIComponent(documentId)}` : ''}${search ? `?${search}` : ''}`,
    branch);
}

export const navigate = (to) => { location.hash = to; };

/**
 * A preview URL of a page on a change request: `cms-branch=<name>` added (the front end sends it back
 * as the `Cms-Branch` header when it reads the API), unless the server put it there already.
 */
export function previewOn(url, branch) {
  if (!url || !branch) return url ?? null;
  const at = new URL(url, globalThis.document?.baseURI ?? 'http://localhost/');
  if (!at.searchParams.has('cms-branch')) at.searchParams.set('cms-branch', branch);
  return at.href;
}
