// Requests refused before they run and how: syntax errors, validation errors (unknown fields,
// arguments, types, missing sub-selections, undeclared variables), malformed bodies, the plugin's
// depth limit (10) and amount limit (100), introspection (refused in production), a mutation over
// GET, and the error shape of errors raised while resolving (`extensions.error`, `extensions.code`).
import { gql } from './gql.mjs';

const raw = (id, rawBody, extra = {}) => ({ id, method: 'POST', path: '/graphql', rawBody, ...extra });

/** `{ tags { posts { tags { … name } } } }` nested `depth` levels (each level one deeper). */
const deep = (depth) => {
  const levels = Array.from({ length: depth }, (_, i) => (i % 2 === 0 ? 'tags' : 'posts'));
  const leaf = levels.at(-1) === 'tags' ? 'name' : 'title';
  return `{ ${levels.map((l) => `${l} { `).join('')}${leaf}${' }'.repeat(depth)} }`;
};

const syntax = [
  gql('e.parse.eof', '{ tags { name '),
  gql('e.parse.unexpected', '{ tags { name } } }'),
  gql('e.parse.bad.char', '{ tags { name # } ^'),
  gql('e.parse.empty', ''),
  gql('e.parse.spaces', '   '),
  gql('e.parse.string', '{ tags(sort: "name) { name } }'),
  gql('e.parse.not.graphql', 'SELECT * FROM tags'),
];
const validation = [
  gql('e.v.unknown.field', '{ tags { nope } }'),
  gql('e.v.unknown.root', '{ nope { name } }'),
  gql('e.v.unknown.arg', '{ tags(nope: 1) { name } }'),
  gql('e.v.missing.subselection', '{ tags }'),
  gql('e.v.subselection.on.scalar', '{ tags { name { x } } }'),
  gql('e.v.missing.required.arg', '{ post { title } }'),
  gql('e.v.wrong.arg.type', '{ tags(pagination: 5) { name } }'),
  gql('e.v.undeclared.variable', '{ tag(documentId: $id) { name } }'),
  gql('e.v.unused.variable', 'query ($x: Int) { tags { name } }'),
  gql('e.v.variable.wrong.type', 'query ($x: Int) { tag(documentId: $x) { name } }'),
  gql('e.v.variable.unknown.type', 'query ($x: Nope) { tags { name } }'),
  gql('e.v.two.anonymous', '{ tags { name } } { authors { name } }'),
  gql('e.v.duplicate.operation', 'query A { tags { name } } query A { authors { name } }'),
  gql('e.v.unknown.fragment', '{ tags { ...Nope } }'),
  gql('e.v.unused.fragment', 'fragment F on Tag { name } { tags { name } }'),
  gql('e.v.fragment.wrong.type', 'fragment F on Author { name } { tags { ...F } }'),
  gql('e.v.conflicting.alias', '{ tags { x: name x: weight } }'),
  gql('e.v.unknown.directive', '{ tags @nope { name } }'),
  gql('e.v.subscription', 'subscription { tags { name } }'),
  gql('e.v.mutation.unknown', 'mutation { nope }'),
  gql('e.v.query.mutation.field', '{ createTag(data: { name: "x" }) { name } }'),
  gql('e.v.many.errors', '{ tags { nope1 nope2 } authors { nope3 } }'),
  gql('e.v.enum.unknown', '{ tags(status: DRAFTY) { name } }'),
  gql('e.v.private.field', '{ authors { note } }'),
  gql('e.v.variables.not.object', 'query ($id: ID!) { tag(documentId: $id) { name } }', { variables: ['x'] }),
  gql('e.v.operationName.not.string', '{ tags { name } }', { operationName: 5 }),
];
const bodies = [
  raw('e.body.not.json', '{ "query": '),
  raw('e.body.no.query', '{}'),
  raw('e.body.query.number', '{ "query": 5 }'),
  raw('e.body.query.null', '{ "query": null }'),
  raw('e.body.array', '[{ "query": "{ tags { name } }" }]'),
  raw('e.body.text.plain', '{ tags { name } }', { headers: { 'content-type': 'text/plain' } }),
  raw('e.body.graphql.type', '{ tags(sort: "name") { name } }', { headers: { 'content-type': 'application/graphql' } }),
  raw('e.body.form', 'query=%7B%20tags%20%7B%20name%20%7D%20%7D', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  raw('e.body.extensions', '{ "query": "{ tags(sort: \\"name\\") { name } }", "extensions": { "x": 1 } }'),
  raw('e.body.persisted.query', '{ "extensions": { "persistedQuery": { "version": 1, "sha256Hash": "abc" } } }'),
  { id: 'e.method.put', method: 'PUT', path: '/graphql', body: { query: '{ tags { name } }' } },
  { id: 'e.method.delete', method: 'DELETE', path: '/graphql' },
  { id: 'e.get.no.query', method: 'GET', path: '/graphql', headers: { 'apollo-require-preflight': 'true' } },
  { id: 'e.trailing.slash', method: 'POST', path: '/graphql/', body: { query: '{ tags(sort: "name") { name } }' } },
];
const limits = [
  ...[8, 9, 10, 11, 12, 20].map((d) => gql(`e.depth.${d}`, deep(d))),
  gql('e.depth.fragments', 'fragment P on Post { tags { posts { tags { posts { tags { posts { title } } } } } } } '
    + '{ tags { posts { tags { posts { ...P } } } } }'),
  gql('e.depth.connection', '{ tags_connection { nodes { posts_connection { nodes { tags_connection { nodes { posts_connection { nodes '
    + '{ tags { posts { title } } } } } } } } } } }'),
  gql('e.depth.introspection.typename', '{ tags { posts { tags { posts { tags { posts { tags { posts { tags { __typename } } } } } } } } } }'),
  ...[99, 100, 101, 1000].map((n) => gql(`e.amount.limit.${n}`, `{ tags(pagination: { limit: ${n} }, sort: "name") { name } }`)),
  ...[99, 100, 101, 1000].map((n) => gql(`e.amount.pageSize.${n}`, `{ tags(pagination: { pageSize: ${n} }, sort: "name") { name } }`)),
  gql('e.amount.nested', '{ posts(sort: "title") { tags(pagination: { limit: 500 }, sort: "name") { name } } }'),
  gql('e.amount.connection', '{ tags_connection(pagination: { pageSize: 500 }) { pageInfo { pageSize } } }'),
  gql('e.amount.variables', 'query ($p: PaginationArg) { tags(pagination: $p, sort: "name") { name } }', { variables: { p: { limit: 101 } } }),
  gql('e.aliases.many', `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: tags(sort: "name", pagination: { limit: 1 }) { name }`).join(' ')} }`),
];
const introspection = [
  gql('e.introspection.schema', '{ __schema { queryType { name } } }'),
  gql('e.introspection.type', '{ __type(name: "Post") { name fields { name } } }'),
  gql('e.introspection.public', '{ __schema { types { name } } }', { auth: 'none' }),
  gql('e.introspection.with.data', '{ tags(sort: "name") { name } __type(name: "Tag") { name } }'),
];
const resolving = [
  gql('e.r.forbidden.shape', '{ profiles { handle } }', { auth: 'none' }),
  gql('e.r.partial.data', '{ tags(sort: "name") { name } profiles { handle } setting { siteName } }', { auth: 'none' }),
  gql('e.r.not.found.update', 'mutation { updateTag(documentId: "nope", data: { name: "x" }) { name } }'),
  gql('e.r.nullable.error', '{ post(documentId: "@@post1") { title } profiles { handle } }', { auth: 'none' }),
  gql('e.r.non.null.list.forbidden', '{ posts(sort: "title") { title author { profile { handle } } } }', { auth: 'none' }),
];

export default [...syntax, ...validation, ...bodies, ...limits, ...introspection, ...resolving];
