// The studio's only way to the server: the public REST API (and GET ./api/schemas), with the credential as a Bearer header.
import { branchOf } from './router.js';

const KEY = 'cms-studio-token';

/** The REST prefix, written into the page by the server. */
export const prefix = document.body.dataset.apiPrefix || '/api';

/**
 * The credential, never in a cookie (no CSRF), kept as Strapi's admin keeps its JWT: in localStorage
 * when the editor ticks "Keep me signed in" (every tab of this browser shares it, until sign-out),
 * else in sessionStorage (this tab only, gone when it closes). Sign-out forgets it in both.
 */
export const session = {
  get token() { return sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY); },
  set token(value) { session.keep(value, false); },
  /** Hold `value` (null: forget it), in every tab when `remember`. */
  keep(value, remember) {
    sessionStorage.removeItem(KEY);
    localStorage.removeItem(KEY);
    if (value) (remember ? localStorage : sessionStorage).setItem(KEY, value);
  },
};

/** An error answer of the API: Strapi's envelope `{ error: { status, name, message, details } }`. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message ?? `The server answered ${status}`);
    this.status = status;
    this.details = body?.error?.details ?? {};
  }

  /** Field path → message, from `details.errors[].path`: `title`, `seo.metaTitle`, `blocks.1.body`. */
  get fieldErrors() {
    const errors = {};
    for (const problem of this.details.errors ?? []) {
      const field = problem.path?.length ? problem.path.join('.') : undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = problem.message;
    }
    return errors;
  }
}

/** `{ pagination: { page: 2 } }` → `pagination[page]=2`: Strapi's bracket query string. */
export function toSearch(query, params = new URLSearchParams(), base = '') {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const name = base ? `${base}[${key}]` : key;
    if (typeof value === 'object') toSearch(value, params, name);
    else params.append(name, String(value));
  }
  return params;
}

/**
 * The newest commit a write of this tab was saved in (replicas), per branch ('' for the Published site):
 * sent back so any replica answers at least that. A change request's commit is never asked of the base.
 */
const seenCommits = new Map();

/**
 * Call the API; resolves to the parsed body (null for 204), rejects with an ApiError.
 * A FormData body goes as multipart, anything else as JSON.
 */
export async function request(method, path, options = {}) {
  return (await requestVersioned(method, path, options)).body;
}

/**
 * As `request`, with the document's version the answer names (`Document-Version`, for a later
 * `If-Match`: a write over a newer version is refused with 412 instead of reverting it).
 * `ifNoneMatch: '*'` writes a version only while none exists (a new locale).
 * `branch`: the change request read or written (`Cms-Branch`); by default the one the tab's address is
 * on, none (the Published site) without one. The answer says which one it came from (`branch`), so a
 * form can tell a version of its own branch from another's.
 */
export async function requestVersioned(method, path, options = {}) {
  const { query, body, token = session.token, ifMatch, ifNoneMatch, branch = branchOf() } = options;
  const url = new URL(path, document.baseURI);
  url.search = toSearch(query).toString();
  const headers = { accept: 'application/json' };
  if (branch) headers['cms-branch'] = branch;
  if (ifMatch) headers['if-match'] = ifMatch;
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  if (token) headers.authorization = `Bearer ${token}`;
  const seen = seenCommits.get(branch ?? '');
  if (seen) headers['x-cms-commit'] = seen;
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: body === undefined || multipart ? body : JSON.stringify(body) });
  if (response.headers.get('x-cms-commit')) seenCommits.set(branch ?? '', response.headers.get('x-cms-commit'));
  // A write went through: views that show the document elsewhere (the preview) refresh.
  const wrote = () => dispatchEvent(new CustomEvent('studio:wrote', { detail: { method, path: url.pathname, branch } }));
  if (response.status === 204) {
    wrote();
    return { body: null, version: null, branch };
  }
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, payload);
  if (method !== 'GET') wrote();
  return { body: payload, version: response.headers.get('document-version'), branch };
}

/** The content types this credential may read, with locales and the REST prefix. */
// The base's: a tab on a change request that no longer exists still signs in (and is told so by the header).
export const loadSchemas = (token) => request('GET', './api/schemas', { token, branch: null });

/** REST paths of one document: a collection type's `/articles/:id`, a single type's `/global`. */
export function documentPath(model, documentId) {
  return model.kind === 'singleType'
    ? `${prefix}/${model.singularName}`
    : `${prefix}/${model.pluralName}/${encodeURIComponent(documentId)}`;
}

/** The `_cms` publish route of a document (single types have no documentId in it). */
export function transitionPath(model, documentId, action) {
  return model.kind === 'singleType'
    ? `${prefix}/_cms/${model.singularName}/${action}`
    : `${prefix}/_cms/${model.pluralName}/${encodeURIComponent(documentId)}/${action}`;
}
