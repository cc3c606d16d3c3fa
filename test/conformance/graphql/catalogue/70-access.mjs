// The same access as REST, per caller: no credentials (Public role), a full-access, a read-only and a
// custom API token, a users-permissions JWT (Authenticated role), and credentials that are refused
// (unknown token, malformed JWT, Basic). Each asks reads, nested relations (the target's own
// permission), single types, the plugins' types and writes (on a missing document, so only access decides).
import { gql } from './gql.mjs';

/** The custom token's scopes, created on both servers before the cases run. */
export const CUSTOM_SCOPES = ['api::post.post.find', 'api::post.post.findOne', 'api::tag.tag.find', 'api::tag.tag.create',
  'api::author.author.findOne', 'api::homepage.homepage.find'];

const CALLERS = [
  ['public', { auth: 'none' }], ['full', { auth: 'token' }], ['readonly', { auth: 'token:read-only' }], ['custom', { auth: 'token:custom' }],
  ['jwt', { auth: 'jwt:bea' }], ['unknown.token', { auth: 'none', headers: { Authorization: 'Bearer not-a-real-token' } }],
  ['bad.jwt', { auth: 'none', headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl' } }],
  ['basic', { auth: 'none', headers: { Authorization: 'Basic dXNlcjpwYXNz' } }],
];

const OPERATIONS = [
  ['posts', '{ posts(sort: "title") { title } }'],
  ['post', '{ post(documentId: "@@post1") { title } }'],
  ['posts.conn', '{ posts_connection(sort: "title") { pageInfo { total } } }'],
  ['posts.nested', '{ posts(sort: "title") { title author { name } tags(sort: "name") { name } } }'],
  ['tags', '{ tags(sort: "name") { name } }'],
  ['profiles', '{ profiles(sort: "handle") { handle } }'],
  ['author', '{ author(documentId: "@@a1") { name } }'],
  ['pages', '{ pages(sort: "order") { title } }'],
  ['page', '{ page(documentId: "@@pg1") { title } }'],
  ['homepage', '{ homepage { headline } }'],
  ['setting', '{ setting { siteName } }'],
  ['uploadFiles', '{ uploadFiles(sort: "name") { name } }'],
  ['i18NLocales', '{ i18NLocales(sort: "code") { code } }'],
  ['two.roots', '{ tags(sort: "name") { name } profiles { handle } }'],
  ['createTag', 'mutation ($n: String!) { createTag(data: { name: $n }) { name } }'],
  ['updateTag.missing', 'mutation { updateTag(documentId: "missing-doc", data: { weight: 3 }) { name } }'],
  ['deleteTag.missing', 'mutation { deleteTag(documentId: "missing-doc") { documentId } }'],
  ['createProfile', 'mutation ($n: String!) { createProfile(data: { handle: $n }) { handle } }'],
  ['updateSetting', 'mutation { updateSetting(data: { siteName: "Site" }) { siteName } }'],
  ['deletePost.missing', 'mutation { deletePost(documentId: "missing-doc") { documentId } }'],
];

export default CALLERS.flatMap(([who, auth]) => OPERATIONS.map(([what, query]) =>
  gql(`ac.${who}.${what}`, query, { ...auth, ...(query.includes('$n') ? { variables: { n: `by-${who}` } } : {}) })));
