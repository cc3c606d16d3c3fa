// Requests to a project with its own back-end code (test/extensions/project/src): a lifecycle that sets a
// slug, a wrapped core find, a route middleware adding a header, a custom route with a policy, a core
// router with `only`, and the error answers of throwing project code. Recorded from the real Strapi 5.54
// (record.mjs) and replayed against this server (replay.test.ts).
// @ts-nocheck
import { get, post, put, del } from '../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const LISTED = { recordHeaders: ['x-articles-listed'] };

export const CASES = [
  post('lifecycle.slug.create', '/api/articles', { data: { title: 'Hello World' } }, { capture: { a1: 'data.documentId' } }),
  post('lifecycle.slug.second', '/api/articles', { data: { title: 'Coffee & Tea, Again' } }, { capture: { a2: 'data.documentId' } }),
  post('lifecycle.throws.application-error', '/api/articles', { data: { title: 'forbidden' } }),
  post('lifecycle.validation.before-hook', '/api/articles', { data: { slug: 'no-title' } }),
  get('wrapped.find', '/api/articles?sort=title', { ...NONE, ...LISTED }),
  get('wrapped.find.token', '/api/articles?sort=title&fields[0]=slug', LISTED),
  get('wrapped.find.bad-query', '/api/articles?filters[nope][$eq]=1', { ...NONE, ...LISTED }),
  get('core.findOne', '/api/articles/@@a1', { ...NONE, ...LISTED }),
  put('only.update.absent', '/api/articles/@@a1', { data: { title: 'x' } }),
  del('only.delete.absent', '/api/articles/@@a1'),
  post('custom.like.policy-fails', '/api/articles/@@a1/like', undefined, NONE),
  post('custom.like', '/api/articles/@@a1/like', undefined, { ...NONE, headers: { 'X-Like': 'yes' } }),
  post('custom.like.again', '/api/articles/@@a1/like', undefined, { ...NONE, headers: { 'X-Like': 'yes' } }),
  post('custom.like.not-found', '/api/articles/nope/like', undefined, { ...NONE, headers: { 'X-Like': 'yes' } }),
  get('custom.like.get-is-unknown', '/api/articles/@@a1/like', NONE),
  get('core.findOne.after-like', '/api/articles/@@a1?fields[0]=likes'),
  get('likes.written-by-controller', '/api/likes?fields[0]=article'),
  get('likes.public-forbidden', '/api/likes', NONE),
  get('custom.throws.plain-error', '/api/articles-broken', NONE),
  get('custom.bad-request', '/api/articles-check', NONE),
  get('custom.status.and-query', '/api/articles-check?name=x&filters[a][$eq]=1&filters[b][0]=2', NONE),
  post('note.create.untrimmed', '/api/notes', { data: { text: '  hello  ', author: 'ann' } }, { capture: { n1: 'data.documentId' } }),
  put('note.update.lifecycle-trims', '/api/notes/@@n1', { data: { text: '  trimmed  ' } }, { recordHeaders: ['x-inline'] }),
  post('note.create.policy-object-handler', '/api/notes', { data: { text: 'blocked' } }),
  get('note.find.auth-false', '/api/notes?fields[0]=text', NONE),
  get('note.find.policy-error-message', '/api/notes', { ...NONE, headers: { 'X-Mine': 'no' } }),
  get('note.findOne.query-replaced', '/api/notes/@@n1?fields[0]=author'),
  get('note.findOne.public-forbidden', '/api/notes/@@n1', NONE),
  del('note.except.delete', '/api/notes/@@n1'),
  get('note.whoami.token', '/api/notes-whoami'),
  get('note.whoami.public-forbidden', '/api/notes-whoami', NONE),
  post('user.register', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt' } }),
  get('note.whoami.user', '/api/notes-whoami', { auth: 'jwt:ann' }),
  get('note.findOne.user-forbidden', '/api/notes/@@n1', { auth: 'jwt:ann' }),
  get('note.core-service.find', '/api/notes-service', NONE),
  get('note.documents.after-find-many', '/api/notes-seen', NONE),
  get('note.body.string', '/api/notes-text', NONE),
  get('note.ctx.forbidden', '/api/notes-forbidden', NONE),
  get('note.ctx.unauthorized', '/api/notes-unauthorized', NONE),
  get('note.ctx.throw', '/api/notes-teapot', NONE),
  get('note.middleware.throws', '/api/notes-throws-in-middleware', { ...NONE, ...LISTED }),
];
