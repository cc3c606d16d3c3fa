// Both paginations (page/pageSize and start/limit) on lists, `_connection` pageInfo and relation
// fields, the plugin's limits (defaultLimit, maxLimit, amountLimit 100), mixed and invalid forms;
// `sort` in every form (string, list, `:asc`/`:desc`, several keys, relations' and components'
// fields, unknown and private keys).
import { gql, PUBLIC } from './gql.mjs';

const tags = (id, args) => gql(`p.${id}`, `{ tags(${args}) { name } }`);
const conn = (id, args) => gql(`p.conn.${id}`,
  `{ tags_connection(${args}) { nodes { name } pageInfo { page pageSize pageCount total } } }`);

const PAGINATIONS = [
  ['page1', '{ page: 1, pageSize: 2 }'], ['page2', '{ page: 2, pageSize: 2 }'], ['page3', '{ page: 3, pageSize: 2 }'],
  ['page.only', '{ page: 2 }'], ['pageSize.only', '{ pageSize: 3 }'], ['page0', '{ page: 0, pageSize: 2 }'],
  ['page.negative', '{ page: -1, pageSize: 2 }'], ['pageSize0', '{ pageSize: 0 }'], ['pageSize.negative', '{ pageSize: -1 }'],
  ['pageSize.max', '{ pageSize: 100 }'], ['pageSize.over.max', '{ pageSize: 101 }'], ['pageSize.huge', '{ pageSize: 100000 }'],
  ['start1', '{ start: 1 }'], ['start.limit', '{ start: 1, limit: 2 }'], ['limit1', '{ limit: 1 }'], ['limit0', '{ limit: 0 }'],
  ['limit.negative', '{ limit: -1 }'], ['limit.max', '{ limit: 100 }'], ['limit.over.max', '{ limit: 101 }'],
  ['start.negative', '{ start: -1 }'], ['start.beyond', '{ start: 50 }'], ['mixed', '{ page: 1, limit: 2 }'],
  ['mixed.start.pageSize', '{ start: 1, pageSize: 2 }'], ['empty', '{}'], ['page.beyond', '{ page: 9, pageSize: 2 }'],
];

const pagination = [
  ...PAGINATIONS.map(([id, p]) => tags(id, `sort: "name", pagination: ${p}`)),
  ...PAGINATIONS.map(([id, p]) => conn(id, `sort: "name", pagination: ${p}`)),
  tags('bad.string', 'pagination: { page: "1" }'), tags('bad.float', 'pagination: { limit: 1.5 }'), tags('bad.unknown', 'pagination: { size: 1 }'),
  tags('bad.list', 'pagination: [1]'), tags('null', 'sort: "name", pagination: null'),
  gql('p.variables', 'query ($p: PaginationArg) { tags(sort: "name", pagination: $p) { name } }', { variables: { p: { start: 2, limit: 1 } } }),
  gql('p.public', '{ tags(sort: "name", pagination: { pageSize: 1 }) { name } }', PUBLIC),
  gql('p.posts.conn', '{ posts_connection(sort: "title", pagination: { pageSize: 2 }) { nodes { title } pageInfo { page pageSize pageCount total } } }'),
  gql('p.rel.tags', '{ posts(sort: "title") { title tags(sort: "name", pagination: { limit: 1 }) { name } } }'),
  gql('p.rel.tags.page', '{ posts(sort: "title") { title tags(sort: "name", pagination: { page: 2, pageSize: 1 }) { name } } }'),
  gql('p.rel.tags.start', '{ posts(sort: "title") { title tags(sort: "name", pagination: { start: 1 }) { name } } }'),
  gql('p.rel.conn', '{ posts(sort: "title") { title tags_connection(sort: "name", pagination: { pageSize: 1 }) '
    + '{ nodes { name } pageInfo { page pageSize pageCount total } } } }'),
  gql('p.rel.conn.start', '{ kitchens(sort: "title") { title picks_connection(pagination: { start: 1, limit: 1 }, sort: "name") '
    + '{ nodes { name } pageInfo { page pageSize pageCount total } } } }'),
  gql('p.rel.over.max', '{ authors(sort: "name") { name posts(pagination: { limit: 1000 }, sort: "title") { title } } }'),
  gql('p.component.items', '{ kitchens(sort: "title") { title items(pagination: { limit: 1 }) { label } } }'),
  gql('p.component.items.page', '{ kitchens(sort: "title") { title items(pagination: { page: 2, pageSize: 1 }) { label } } }'),
  gql('p.media.gallery', '{ kitchens(sort: "title") { title gallery(pagination: { limit: 1 }, sort: "name") { name } } }'),
  gql('p.media.gallery.conn', '{ kitchens(sort: "title") { title gallery_connection(sort: "name") { nodes { name } pageInfo { total } } } }'),
];

const SORTS = [
  ['name', '"name"'], ['name.asc', '"name:asc"'], ['name.desc', '"name:desc"'], ['name.DESC', '"name:DESC"'], ['list', '["weight:desc", "name"]'],
  ['weight', '"weight"'], ['weight.desc.name', '["weight:desc", "name:asc"]'], ['comma', '"weight:desc,name"'], ['createdAt', '"createdAt"'],
['empty.list', '[]'], ['empty.string', '""'], ['unknown', '"nope"'], ['bad.direction', '"name:sideways"'],
['null.list', '[null]'],
];

const sort = [
  ...SORTS.map(([id, s]) => gql(`s.tags.${id}`, `{ tags(sort: ${s}) { name weight } }`)),
  gql('s.kitchens.count', '{ kitchens(sort: "count:desc") { title count } }'),
  gql('s.kitchens.big', '{ kitchens(sort: ["big", "title"]) { title big } }'),
  gql('s.kitchens.ratio', '{ kitchens(sort: "ratio") { title ratio } }'),
  gql('s.kitchens.day', '{ kitchens(sort: ["day:desc", "title"]) { title day } }'),
  gql('s.kitchens.clock', '{ kitchens(sort: ["clock", "title"]) { title clock } }'),
  gql('s.kitchens.at', '{ kitchens(sort: ["at:desc", "title"]) { title at } }'),
  gql('s.kitchens.active', '{ kitchens(sort: ["active", "title"]) { title active } }'),
  gql('s.kitchens.color', '{ kitchens(sort: ["color:desc", "title"]) { title color } }'),
  gql('s.kitchens.private', '{ kitchens(sort: "internal") { title } }'),
  gql('s.kitchens.password', '{ kitchens(sort: "secret") { title } }'),
  gql('s.kitchens.relation', '{ kitchens(sort: ["owner.name", "title"]) { title } }'),
  gql('s.kitchens.relation.object', '{ kitchens(sort: "owner") { title } }'),
  gql('s.kitchens.component', '{ kitchens(sort: ["seo.metaTitle", "title"]) { title } }'),
  gql('s.posts.author.name', '{ posts(sort: ["author.name:desc", "title"]) { title } }'),
  gql('s.posts.rating', '{ posts(sort: "rating:desc") { title rating } }'),
  gql('s.posts.variables', 'query ($s: [String]) { posts(sort: $s) { title } }', { variables: { s: ['views:desc'] } }),
  gql('s.posts.variables.string', 'query ($s: [String]) { posts(sort: $s) { title } }', { variables: { s: 'views' } }),
  gql('s.bad.number', '{ tags(sort: 5) { name } }'),
  gql('s.bad.object', '{ tags(sort: { name: "asc" }) { name } }'),
  gql('s.connection', '{ tags_connection(sort: "name:desc") { nodes { name } } }'),
  gql('s.rel.tags.desc', '{ posts(sort: "title") { title tags(sort: "name:desc") { name } } }'),
  gql('s.rel.tags.weight', '{ kitchens(sort: "title") { title picks(sort: ["weight:desc"]) { name weight } } }'),
  gql('s.component.items', '{ kitchens(sort: "title") { title items(sort: "label:desc") { label } } }'),
  gql('s.public', '{ tags(sort: "name:desc") { name } }', PUBLIC),
];

export default [...pagination, ...sort];
