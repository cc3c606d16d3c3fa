// Every query form on every type: the list, the `_connection` form (nodes and pageInfo), one document
// by documentId (found, missing, a draft-only one), single types, the plugins' types, operation
// names, variables, aliases, fragments, `__typename`, several root fields in one request, GET.
import { gql, gqlGet, PUBLIC } from './gql.mjs';
import { SINGLES, TYPES } from './types.mjs';

const PREFLIGHT = { headers: { 'apollo-require-preflight': 'true' } };

const perType = TYPES.flatMap(({ list, one, fields, sort, doc }) => [
  gql(`q.${list}.list`, `{ ${list}(sort: "${sort}") { ${fields} } }`),
  gql(`q.${list}.list.default`, `{ ${list} { documentId } }`),
  gql(`q.${list}.list.public`, `{ ${list}(sort: "${sort}") { documentId } }`, PUBLIC),
  gql(`q.${list}.connection`, `{ ${list}_connection(sort: "${sort}") { nodes { ${fields} } pageInfo { page pageSize pageCount total } } }`),
  gql(`q.${list}.connection.pageInfo.only`, `{ ${list}_connection { pageInfo { total pageCount } } }`),
  gql(`q.${list}.connection.nodes.only`, `{ ${list}_connection(sort: "${sort}") { nodes { documentId } } }`),
  gql(`q.${list}.connection.public`, `{ ${list}_connection(sort: "${sort}") { nodes { documentId } pageInfo { total } } }`, PUBLIC),
  gql(`q.${one}.one`, `{ ${one}(documentId: "@@${doc}") { ${fields} } }`),
  gql(`q.${one}.one.missing`, `{ ${one}(documentId: "no-such-document") { documentId } }`),
  gql(`q.${one}.one.public`, `{ ${one}(documentId: "@@${doc}") { documentId } }`, PUBLIC),
  gql(`q.${one}.one.no.id`, `{ ${one} { documentId } }`),
  gql(`q.${one}.one.typename`, `{ ${one}(documentId: "@@${doc}") { __typename documentId } }`),
  gql(`q.${list}.variables`, `query List($sort: [String]) { ${list}(sort: $sort) { documentId } }`, { variables: { sort: [`${sort}:desc`] } }),
  gqlGet(`q.${list}.get`, `{ ${list}(sort: "${sort}") { documentId } }`, PREFLIGHT),
]);

const singles = SINGLES.flatMap(({ one, fields }) => [
  gql(`q.${one}.single`, `{ ${one} { ${fields} } }`),
  gql(`q.${one}.single.public`, `{ ${one} { documentId } }`, PUBLIC),
  gql(`q.${one}.single.draft`, `{ ${one}(status: DRAFT) { documentId } }`),
  gql(`q.${one}.single.typename`, `{ ${one} { __typename } }`),
]);

const plugins = [
  gql('q.uploadFiles', '{ uploadFiles(sort: "name") { documentId name alternativeText caption width height formats hash ext mime size url '
    + 'previewUrl provider provider_metadata focalPoint createdAt updatedAt publishedAt } }'),
  gql('q.uploadFiles.public', '{ uploadFiles(sort: "name") { name } }', PUBLIC),
  gql('q.uploadFiles.connection', '{ uploadFiles_connection(sort: "name") { nodes { name mime } pageInfo { total page pageSize pageCount } } }'),
  gql('q.uploadFile.one', '{ uploadFile(documentId: "@@img1Doc") { name mime size url } }'),
  gql('q.uploadFile.one.public', '{ uploadFile(documentId: "@@file1Doc") { name } }', PUBLIC),
  gql('q.uploadFile.missing', '{ uploadFile(documentId: "nothing-here") { name } }'),
  gql('q.uploadFile.related', '{ uploadFile(documentId: "@@img1Doc") { name related { __typename } } }'),
  gql('q.i18NLocales', '{ i18NLocales(sort: "code") { documentId name code createdAt updatedAt publishedAt } }'),
  gql('q.i18NLocales.public', '{ i18NLocales(sort: "code") { code name } }', PUBLIC),
  gql('q.i18NLocales.connection', '{ i18NLocales_connection(sort: "code") { nodes { code } pageInfo { total } } }'),
  gql('q.usersPermissionsRoles', '{ usersPermissionsRoles(sort: "name") { name description type } }'),
  gql('q.usersPermissionsRoles.public', '{ usersPermissionsRoles { name } }', PUBLIC),
  gql('q.usersPermissionsUsers', '{ usersPermissionsUsers { username } }'),
  gql('q.usersPermissionsUsers.public', '{ usersPermissionsUsers { username } }', PUBLIC),
  gql('q.reviewWorkflows', '{ reviewWorkflowsWorkflows { name } }'),
  gql('q.reviewWorkflowStages', '{ reviewWorkflowsWorkflowStages { name } }'),
  gql('q.me.token', '{ me { id username } }'),
  gql('q.me.public', '{ me { id username } }', PUBLIC),
];

const forms = [
  gql('q.form.named', 'query Tags { tags(sort: "name") { name } }'),
  gql('q.form.operationName', 'query A { tags(sort: "name") { name } } query B { authors(sort: "name") { name } }', { operationName: 'B' }),
  gql('q.form.operationName.missing', 'query A { tags { name } } query B { authors { name } }'),
  gql('q.form.operationName.unknown', 'query A { tags { name } }', { operationName: 'Z' }),
  gql('q.form.alias', '{ first: tags(sort: "name", pagination: { limit: 1 }) { name } last: tags(sort: "name:desc", pagination: { limit: 1 }) { name } }'),
  gql('q.form.alias.field', '{ tags(sort: "name") { label: name w: weight } }'),
  gql('q.form.fragment', 'fragment T on Tag { name weight } { tags(sort: "name") { ...T } }'),
  gql('q.form.inline.fragment', '{ tags(sort: "name") { ... on Tag { name } } }'),
  gql('q.form.typename.root', '{ __typename }'),
  gql('q.form.typename.list', '{ tags(sort: "name") { __typename name } }'),
  gql('q.form.many.roots', '{ tags(sort: "name") { name } authors(sort: "name") { name } setting { siteName } }'),
  gql('q.form.skip', 'query ($s: Boolean!) { tags(sort: "name") { name weight @skip(if: $s) } }', { variables: { s: true } }),
  gql('q.form.include', 'query ($i: Boolean!) { tags(sort: "name") { name weight @include(if: $i) } }', { variables: { i: false } }),
  gql('q.form.variables.filters', 'query ($f: TagFiltersInput) { tags(filters: $f, sort: "name") { name } }',
    { variables: { f: { name: { startsWith: 'a' } } } }),
  gql('q.form.variables.pagination', 'query ($p: PaginationArg) { tags(pagination: $p, sort: "name") { name } }',
    { variables: { p: { page: 2, pageSize: 2 } } }),
  gql('q.form.variables.documentId', 'query ($id: ID!) { post(documentId: $id) { title } }', { variables: { id: '@@post1' } }),
  gql('q.form.variables.default', 'query ($s: [String] = ["name:desc"]) { tags(sort: $s) { name } }'),
  gql('q.form.variables.null', 'query ($f: TagFiltersInput) { tags(filters: $f, sort: "name") { name } }', { variables: { f: null } }),
  gql('q.form.variables.string.json', 'query ($id: ID!) { tag(documentId: $id) { name } }', { variables: '{"id":"@@t2"}' }),
  gqlGet('q.form.get.variables', 'query ($id: ID!) { tag(documentId: $id) { name } }', { variables: { id: '@@t1' }, ...PREFLIGHT }),
  gqlGet('q.form.get.content.type', '{ tags(sort: "name") { name } }', { headers: { 'content-type': 'application/json' } }),
  gqlGet('q.form.get.csrf', '{ tags(sort: "name") { name } }'),
  gqlGet('q.form.get.mutation', 'mutation { createTag(data: { name: "via-get" }) { name } }', PREFLIGHT),
  gqlGet('q.form.get.public', '{ tags(sort: "name") { name } }', { auth: 'none', ...PREFLIGHT }),
];

export default [...perType, ...singles, ...plugins, ...forms];
