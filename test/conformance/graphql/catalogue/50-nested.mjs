// Nested selections: relations (one, many, both sides, self) with their own filters, sort and
// pagination and their `_connection` fields; components (single, repeatable, nested) with their
// arguments; dynamic zones as unions (`__typename`, inline fragments); media as UploadFile (single,
// multiple, in a component); every scalar's serialisation; private and password fields.
import { gql, PUBLIC } from './gql.mjs';

const FILE = 'name mime ext size width height url hash alternativeText caption formats provider';
const nested = [
  gql('n.post.author', '{ post(documentId: "@@post1") { title author { name age bio avatar { name } } } }'),
  gql('n.post.tags', '{ post(documentId: "@@post1") { title tags { name weight } } }'),
  gql('n.post.tags.filtered', '{ post(documentId: "@@post1") { tags(filters: { name: { eq: "beta" } }) { name } } }'),
  gql('n.post.tags.conn', '{ post(documentId: "@@post1") { tags_connection { nodes { name } pageInfo { page pageSize pageCount total } } } }'),
  gql('n.post.tags.conn.filtered', '{ post(documentId: "@@post1") { tags_connection(filters: { weight: { gt: 1 } }) { nodes { name } pageInfo { total } } } }'),
  gql('n.author.posts', '{ authors(sort: "name") { name posts(sort: "title") { title } } }'),
  gql('n.author.posts.conn', '{ authors(sort: "name") { name posts_connection(sort: "title") { nodes { title } pageInfo { total } } } }'),
  gql('n.author.posts.draft', '{ author(documentId: "@@a3") { name posts { title } } }'),
  gql('n.author.mentor', '{ authors(sort: "name") { name mentor { name mentor { name } } } }'),
  gql('n.author.profile', '{ authors(sort: "name") { name profile { handle author { name } } } }'),
  gql('n.profile.author', '{ profiles(sort: "handle") { handle author { name } } }'),
  gql('n.tag.posts', '{ tags(sort: "name") { name posts(sort: "title") { title } } }'),
  gql('n.tag.posts.filtered', '{ tags(sort: "name") { name posts(filters: { views: { gte: 10 } }, sort: "title") { title views } } }'),
  gql('n.tag.posts.conn', '{ tags(sort: "name") { name posts_connection { pageInfo { total } } } }'),
  gql('n.page.parent', '{ pages(sort: "order") { title parent { title } } }'),
  gql('n.page.links', '{ pages(sort: "order") { title links { title } links_connection { pageInfo { total } } } }'),
  gql('n.page.parent.draft', '{ pages(status: DRAFT, sort: "order") { title parent { title } } }'),
  gql('n.kitchen.owner.picks', '{ kitchens(sort: "title") { title owner { name } picks(sort: "name") { name } } }'),
  gql('n.homepage.featured', '{ homepage { headline featured(sort: "title") { title } featured_connection { pageInfo { total } } } }'),
  gql('n.homepage.hero', '{ homepage { hero { id body by } } }'),
  gql('n.deep.three', '{ posts(sort: "title") { title author { name posts(sort: "title") { title tags(sort: "name") { name } } } } }'),
  gql('n.deep.cycle', '{ tags(sort: "name") { name posts(sort: "title") { title tags(sort: "name") { name } } } }'),
  gql('n.rel.public', '{ posts(sort: "title") { title author { name } tags { name } } }', PUBLIC),
  gql('n.rel.forbidden.target', '{ authors(sort: "name") { name profile { handle } } }', PUBLIC),
  gql('n.rel.private.field', '{ authors(sort: "name") { name note } }'),
  gql('n.rel.typename', '{ post(documentId: "@@post1") { __typename author { __typename } tags { __typename } } }'),
  gql('n.rel.bad.arg', '{ post(documentId: "@@post1") { author(sort: "name") { name } } }'),
  gql('n.rel.bad.filter', '{ post(documentId: "@@post1") { tags(filters: { nope: { eq: 1 } }) { name } } }'),
  gql('n.role.users', '{ usersPermissionsRoles(sort: "name") { name users { username } } }'),
];

const components = [
  gql('c.seo', '{ posts(sort: "title") { title seo { id metaTitle metaDescription } } }'),
  gql('c.seo.socials', '{ posts(sort: "title") { title seo { socials { id network url } } } }'),
  gql('c.seo.image', '{ kitchens(sort: "title") { title seo { image { name mime } } } }'),
  gql('c.items', '{ kitchens(sort: "title") { title items { id label qty price } } }'),
  gql('c.items.filtered', '{ kitchens(sort: "title") { title items(filters: { qty: { gte: 2 } }) { label } } }'),
  gql('c.items.sorted', '{ kitchens(sort: "title") { title items(sort: "qty:desc") { label qty } } }'),
  gql('c.typename', '{ kitchens(sort: "title") { seo { __typename socials { __typename } } items { __typename } } }'),
  gql('c.public', '{ posts(sort: "title") { seo { metaTitle } } }', PUBLIC),
  gql('c.bad.field', '{ kitchens { seo { nope } } }'),
  gql('c.seo.socials.args', '{ kitchens { seo { socials(filters: { network: { eq: "x" } }) { network } } } }'),
];

const zones = [
  gql('z.typename', '{ posts(sort: "title") { title sections { __typename } } }'),
  gql('z.fragments', '{ posts(sort: "title") { title sections { __typename ... on ComponentSharedQuote { id body by } '
    + '... on ComponentSharedItem { id label qty price } } } }'),
  gql('z.kitchen', '{ kitchens(sort: "title") { title zone { __typename ... on ComponentSharedItem { label qty } ... on ComponentSharedQuote { body } } } }'),
  gql('z.one.fragment', '{ kitchen(documentId: "@@k1") { zone { ... on ComponentSharedQuote { body } } } }'),
  gql('z.error.fragment', '{ kitchen(documentId: "@@k1") { zone { __typename ... on Error { code message } } } }'),
  gql('z.no.subselection', '{ kitchen(documentId: "@@k1") { zone } }'),
  gql('z.field.without.fragment', '{ kitchen(documentId: "@@k1") { zone { body } } }'),
  gql('z.wrong.fragment', '{ kitchen(documentId: "@@k1") { zone { ... on Tag { name } } } }'),
  gql('z.public', '{ posts(sort: "title") { sections { __typename } } }', PUBLIC),
];

const media = [
  gql('m.cover', `{ posts(sort: "title") { title cover { ${FILE} } } }`),
  gql('m.kitchen.cover.gallery', `{ kitchens(sort: "title") { title cover { ${FILE} } gallery(sort: "name") { name mime } } }`),
  gql('m.gallery.conn', '{ kitchen(documentId: "@@k1") { gallery_connection { nodes { name } pageInfo { page pageSize pageCount total } } } }'),
  gql('m.gallery.filtered', '{ kitchen(documentId: "@@k1") { gallery(filters: { mime: { contains: "image" } }) { name } } }'),
  gql('m.avatar', '{ authors(sort: "name") { name avatar { name url documentId createdAt } } }'),
  gql('m.related', '{ uploadFiles(sort: "name") { name related { __typename ... on Post { title } ... on Author { name } ... on Kitchen { title } } } }'),
  gql('m.cover.public', '{ posts(sort: "title") { cover { name url } } }', PUBLIC),
  gql('m.uploadFiles.filters', '{ uploadFiles(filters: { mime: { startsWith: "image/" } }, sort: "name") { name } }'),
  gql('m.uploadFiles.filter.ext', '{ uploadFiles(filters: { ext: { eq: ".txt" } }, sort: "name") { name ext } }'),
  gql('m.uploadFiles.sort.size', '{ uploadFiles(sort: "size:desc") { name size } }'),
];

const scalars = [
  gql('sc.kitchen.all', '{ kitchens(sort: "title") { title big ratio price active day clock at meta blocks rich color count email slug code } }'),
  gql('sc.kitchen.secret', '{ kitchens(sort: "title") { title secret } }'),
  gql('sc.kitchen.private', '{ kitchens { internal } }'),
  gql('sc.datetime', '{ tags(sort: "name") { createdAt updatedAt publishedAt } }'),
  gql('sc.long.variable', 'query ($b: Long) { kitchens(filters: { big: { eq: $b } }) { title big } }', { variables: { b: '9007199254740991' } }),
  gql('sc.long.variable.number', 'query ($b: Long) { kitchens(filters: { big: { eq: $b } }) { title big } }', { variables: { b: 12 } }),
  gql('sc.date.variable', 'query ($d: Date) { kitchens(filters: { day: { eq: $d } }) { title } }', { variables: { d: '2024-02-29' } }),
  gql('sc.date.variable.bad', 'query ($d: Date) { kitchens(filters: { day: { eq: $d } }) { title } }', { variables: { d: '29/02/2024' } }),
  gql('sc.time.variable', 'query ($t: Time) { kitchens(filters: { clock: { eq: $t } }) { title } }', { variables: { t: '08:00:00' } }),
  gql('sc.time.variable.bad', 'query ($t: Time) { kitchens(filters: { clock: { eq: $t } }) { title } }', { variables: { t: 'noon' } }),
  gql('sc.datetime.variable', 'query ($a: DateTime) { kitchens(filters: { at: { lt: $a } }) { title } }', { variables: { a: '2024-01-01T00:00:00Z' } }),
  gql('sc.datetime.variable.bad', 'query ($a: DateTime) { kitchens(filters: { at: { lt: $a } }) { title } }', { variables: { a: 'soon' } }),
  gql('sc.json.variable', 'query ($j: JSON) { kitchens(filters: { meta: { eq: $j } }) { title } }', { variables: { j: 'just a string' } }),
  gql('sc.json.literal.object', '{ kitchens(filters: { meta: { eq: { a: 1 } } }) { title } }'),
  gql('sc.enum', '{ setting { theme } kitchens(sort: "title") { color } }'),
  gql('sc.id.number', '{ tag(documentId: 5) { name } }'),
  gql('sc.id.variable.number', 'query ($id: ID!) { tag(documentId: $id) { name } }', { variables: { id: 5 } }),
  gql('sc.id.variable.missing', 'query ($id: ID!) { tag(documentId: $id) { name } }'),
  gql('sc.id.variable.null', 'query ($id: ID!) { tag(documentId: $id) { name } }', { variables: { id: null } }),
];

export default [...nested, ...components, ...zones, ...media, ...scalars];
