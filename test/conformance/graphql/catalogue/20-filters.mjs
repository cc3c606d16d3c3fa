// `filters` with every operator on every scalar kind (String, ID, Int, Long, Float, Boolean, Date,
// Time, DateTime, JSON), field-level and type-level `and`/`or`/`not`, through relations (one and
// many, nested) and components (single, repeatable, nested), in variables and literals, and the
// values the argument types refuse.
import { gql, PUBLIC } from './gql.mjs';

/** A GraphQL literal for a scalar or a list of scalars. */
const lit = (value) => (Array.isArray(value) ? `[${value.map(lit).join(', ')}]` : JSON.stringify(value));
const kitchens = (id, filters, extra) => gql(`f.${id}`, `{ kitchens(filters: ${filters}, sort: "title") { title } }`, extra);
const posts = (id, filters, extra) => gql(`f.posts.${id}`, `{ posts(filters: ${filters}, sort: "title") { title } }`, extra);
const op = (field, operator, value) => kitchens(`${field}.${operator}.${String(value).replace(/%/g, 'pct').replace(/[^\w-]/g, '_').slice(0, 24)}`,
  `{ ${field}: { ${operator}: ${lit(value)} } }`);

const STRING_OPS = [
  ['eq', 'Full kitchen'], ['eq', 'full kitchen'], ['eqi', 'FULL KITCHEN'], ['ne', 'beta'], ['nei', 'BETA'], ['startsWith', 'Ga'],
  ['startsWith', 'ga'], ['endsWith', 'ray'], ['contains', 'eta'], ['contains', 'ET'], ['notContains', 'a'], ['containsi', 'ALPH'],
  ['notContainsi', 'KITCHEN'], ['gt', 'Gamma'], ['gte', 'beta'], ['lt', 'beta'], ['lte', 'beta'], ['null', true], ['null', false],
  ['notNull', true], ['notNull', false], ['in', ['beta', 'ALPHA']], ['in', []], ['notIn', ['beta']], ['between', ['ALPHA', 'Gamma ray']],
];
const strings = [
  ...STRING_OPS.map(([o, v]) => op('name', o, v)),
  ...[['eq', 'AB-1'], ['containsi', 'cd'], ['null', true], ['startsWith', 'CD']].map(([o, v]) => op('code', o, v)),
  ...[['contains', 'coffee'], ['containsi', 'COFFEE'], ['contains', '%'], ['contains', '_'], ['endsWith', 'literal']].map(([o, v]) => op('text', o, v)),
  ...[['eq', 'red'], ['in', ['red', 'green']], ['ne', 'red'], ['eq', 'purple']].map(([o, v]) => op('color', o, v)),
  ...[['endsWith', '.org'], ['eq', 'a@example.com']].map(([o, v]) => op('email', o, v)),
  ...[['eq', 'full'], ['in', ['sparse', 'third']]].map(([o, v]) => op('slug', o, v)),
  ...[['contains', 'Heading'], ['null', false]].map(([o, v]) => op('rich', o, v)),
  op('short', 'null', true), op('secret', 'eq', 'hunter22'), op('secret', 'null', false),
];
const numbers = [
  ...[['eq', 10], ['ne', 0], ['gt', 0], ['gte', 0], ['lt', 10], ['lte', 10], ['in', [0, 500]], ['notIn', [0]], ['between', [1, 499]],
    ['null', true], ['notNull', true]].map(([o, v]) => op('count', o, v)),
  ...[['eq', '12'], ['gt', '0'], ['lt', '0'], ['eq', 9007199254740991], ['gte', '12'], ['in', ['12', '-5']], ['between', ['-10', '100']]]
    .map(([o, v]) => op('big', o, v)),
  ...[['eq', 1.5], ['lt', 0], ['gte', 0], ['between', [-3, 1]], ['in', [0, 1.5]], ['ne', 0], ['null', true]].map(([o, v]) => op('ratio', o, v)),
  ...[['eq', 19.99], ['gt', 0.5], ['lte', 0.5], ['eq', 0]].map(([o, v]) => op('price', o, v)),
];
const others = [
  ...[['eq', true], ['eq', false], ['ne', true], ['null', true], ['notNull', true], ['in', [true]]].map(([o, v]) => op('active', o, v)),
  ...[['eq', '2024-02-29'], ['gt', '2024-01-01'], ['lt', '2024-01-01'], ['between', ['2023-01-01', '2024-01-31']], ['null', true],
    ['in', ['2024-02-29', '2023-12-31']]].map(([o, v]) => op('day', o, v)),
  ...[['eq', '13:45:30.000'], ['eq', '13:45:30'], ['gt', '07:00:00'], ['lt', '08:00'], ['null', true]].map(([o, v]) => op('clock', o, v)),
  ...[['eq', '2024-03-01T10:00:00.000Z'], ['gt', '2024-01-01T00:00:00Z'], ['lt', '2024-01-01'], ['between', ['2023-01-01T00:00:00Z',
    '2025-01-01T00:00:00Z']], ['null', true], ['notNull', true]].map(([o, v]) => op('at', o, v)),
  ...[['null', true], ['notNull', true], ['contains', 'string'], ['eq', 'just a string']].map(([o, v]) => op('meta', o, v)),
  kitchens('createdAt.notNull', '{ createdAt: { notNull: true } }'),
  kitchens('updatedAt.gt', '{ updatedAt: { gt: "2000-01-01T00:00:00.000Z" } }'),
  kitchens('publishedAt.notNull', '{ publishedAt: { notNull: true } }'),
  kitchens('documentId.eq', '{ documentId: { eq: "@@k1" } }'),
  kitchens('documentId.in', '{ documentId: { in: ["@@k1", "@@k3"] } }'),
  kitchens('documentId.ne', '{ documentId: { ne: "@@k1" } }'),
  kitchens('documentId.null', '{ documentId: { null: true } }'),
];

const logic = [
  kitchens('field.and', '{ name: { and: ["beta", "beta"] } }'),
  kitchens('field.or', '{ name: { or: ["beta", "ALPHA"] } }'),
  kitchens('field.not', '{ name: { not: { eq: "beta" } } }'),
  kitchens('field.not.null', '{ short: { not: { null: true } } }'),
  kitchens('field.two.ops', '{ count: { gt: 0, lt: 100 } }'),
  kitchens('and', '{ and: [{ count: { gte: 0 } }, { active: { eq: true } }] }'),
  kitchens('or', '{ or: [{ color: { eq: "red" } }, { color: { eq: "blue" } }] }'),
  kitchens('not', '{ not: { color: { eq: "red" } } }'),
  kitchens('not.or', '{ not: { or: [{ color: { eq: "red" } }, { color: { null: true } }] } }'),
  kitchens('and.or.nested', '{ and: [{ or: [{ count: { eq: 0 } }, { count: { eq: 500 } }] }, { active: { notNull: true } }] }'),
  kitchens('and.empty', '{ and: [] }'),
  kitchens('or.empty', '{ or: [] }'),
  kitchens('not.empty', '{ not: {} }'),
  kitchens('empty', '{}'),
  kitchens('two.fields', '{ active: { eq: true }, color: { eq: "green" } }'),
  kitchens('or.with.field', '{ title: { ne: "Full" }, or: [{ count: { eq: 0 } }, { count: { eq: 10 } }] }'),
  kitchens('not.not', '{ not: { not: { color: { eq: "red" } } } }'),
];

const relations = [
  kitchens('rel.k.owner.name', '{ owner: { name: { eq: "Ann" } } }'),
  kitchens('rel.k.owner.null', '{ owner: { documentId: { null: true } } }'),
  kitchens('rel.k.owner.nested', '{ owner: { profile: { handle: { eq: "ann" } } } }'),
  kitchens('rel.k.picks.name', '{ picks: { name: { eq: "alpha" } } }'),
  kitchens('rel.k.picks.in', '{ picks: { name: { in: ["beta", "Delta"] } } }'),
  kitchens('rel.k.picks.or', '{ or: [{ picks: { name: { eq: "beta" } } }, { owner: { name: { eq: "Bob" } } }] }'),
  kitchens('rel.k.picks.not', '{ not: { picks: { name: { eq: "alpha" } } } }'),
  kitchens('rel.k.picks.and', '{ picks: { and: [{ weight: { gte: 1 } }, { weight: { lte: 10 } }] } }'),
  kitchens('rel.k.owner.mentor', '{ owner: { mentor: { name: { eq: "Ann" } } } }'),
  posts('rel.p.author.name', '{ author: { name: { eq: "Ann" } } }'),
  posts('rel.p.author.age', '{ author: { age: { gt: 40 } } }'),
  posts('rel.p.tags.name', '{ tags: { name: { eq: "beta" } } }'),
  posts('rel.p.tags.weight', '{ tags: { weight: { gte: 2 } } }'),
  posts('rel.p.tags.posts', '{ tags: { posts: { title: { eq: "Tea time" } } } }'),
  posts('rel.p.author.or', '{ author: { or: [{ name: { eq: "Ann" } }, { name: { eq: "Bob" } }] } }'),
  posts('rel.p.author.not', '{ author: { not: { name: { eq: "Ann" } } } }'),
  posts('rel.p.author.documentId', '{ author: { documentId: { eq: "@@a2" } } }'),
  posts('rel.p.localizations', '{ localizations: { locale: { eq: "fr" } } }'),
  posts('rel.p.author.private', '{ author: { note: { eq: "secret-note" } } }'),
  gql('f.rel.authors.posts', '{ authors(filters: { posts: { title: { contains: "o" } } }, sort: "name") { name } }'),
  gql('f.rel.tags.posts.null', '{ tags(filters: { posts: { documentId: { null: true } } }, sort: "name") { name } }'),
  gql('f.rel.pages.parent', '{ pages(filters: { parent: { title: { eq: "Home" } } }, sort: "order") { title } }'),
  gql('f.rel.pages.links', '{ pages(filters: { links: { slug: { eq: "coffee-brewing" } } }, sort: "order") { title } }'),
  gql('f.rel.profiles.author', '{ profiles(filters: { author: { name: { eq: "Ann" } } }) { handle } }'),
];

const components = [
  kitchens('comp.k.seo.metaTitle', '{ seo: { metaTitle: { eq: "Kitchen" } } }'),
  kitchens('comp.k.seo.socials', '{ seo: { socials: { network: { eq: "mastodon" } } } }'),
  kitchens('comp.k.items.label', '{ items: { label: { eq: "y" } } }'),
  kitchens('comp.k.items.qty', '{ items: { qty: { gte: 3 } } }'),
  kitchens('comp.k.items.price.null', '{ items: { price: { null: true } } }'),
  kitchens('comp.k.items.or', '{ items: { or: [{ label: { eq: "only" } }, { label: { eq: "x" } }] } }'),
  kitchens('comp.k.items.not', '{ not: { items: { label: { eq: "x" } } } }'),
  kitchens('comp.k.seo.and', '{ seo: { and: [{ metaTitle: { startsWith: "K" } }, { metaDescription: { null: true } }] } }'),
  posts('comp.p.seo.metaTitle', '{ seo: { metaTitle: { eq: "Pizza" } } }'),
  posts('comp.p.seo.socials.url', '{ seo: { socials: { url: { contains: "ann" } } } }'),
  posts('comp.p.seo.not', '{ seo: { not: { metaTitle: { eq: "Coffee" } } } }'),
  posts('comp.p.seo.or.rel', '{ or: [{ seo: { metaTitle: { eq: "Pizza" } } }, { author: { name: { eq: "Bob" } } }] }'),
];

const postFields = [
  ...[['eq', 'Tea time'], ['containsi', 'PIZZA'], ['in', ['Tea time', 'Coffee brewing']], ['notContains', 'e']].map(([o, v]) =>
    posts(`title.${o}`, `{ title: { ${o}: ${lit(v)} } }`)),
  ...[['gt', 5], ['lte', 10], ['null', true]].map(([o, v]) => posts(`views.${o}`, `{ views: { ${o}: ${lit(v)} } }`)),
  ...[['gte', 3.25], ['eq', 3]].map(([o, v]) => posts(`rating.${o}`, `{ rating: { ${o}: ${lit(v)} } }`)),
  posts('day.lt', '{ day: { lt: "2024-02-01" } }'),
  posts('locale.eq', '{ locale: { eq: "fr" } }'),
  posts('public', '{ title: { contains: "e" } }', PUBLIC),
  gql('f.posts.variables.typed', 'query ($f: PostFiltersInput) { posts(filters: $f, sort: "title") { title } }',
    { variables: { f: { or: [{ views: { gt: 50 } }, { tags: { name: { eq: 'beta' } } }] } } }),
];

const refused = [
  kitchens('bad.unknown.field', '{ nope: { eq: 1 } }'),
  kitchens('bad.unknown.operator', '{ name: { like: "x" } }'),
  kitchens('bad.int.string', '{ count: { eq: "ten" } }'),
  kitchens('bad.int.float', '{ count: { eq: 1.5 } }'),
  kitchens('bad.boolean.string', '{ active: { eq: "yes" } }'),
  kitchens('bad.null.string', '{ name: { null: "true" } }'),
  kitchens('bad.in.scalar', '{ name: { in: "beta" } }'),
  kitchens('bad.date', '{ day: { eq: "not-a-date" } }'),
  kitchens('bad.datetime', '{ at: { eq: "yesterday" } }'),
  kitchens('bad.time', '{ clock: { eq: "25:99" } }'),
  kitchens('bad.long', '{ big: { eq: "abc" } }'),
  kitchens('bad.float.string', '{ ratio: { eq: "x" } }'),
  kitchens('bad.not.list', '{ not: [{ color: { eq: "red" } }] }'),
  kitchens('bad.and.object', '{ and: { color: { eq: "red" } } }'),
  kitchens('bad.private.field', '{ internal: { eq: "hidden" } }'),
  kitchens('bad.zone', '{ zone: { label: { eq: "z" } } }'),
  kitchens('bad.media', '{ cover: { name: { eq: "x" } } }'),
  gql('f.bad.variables.type', 'query ($f: TagFiltersInput) { tags(filters: $f) { name } }', { variables: { f: { name: { eq: 5 } } } }),
  gql('f.bad.variables.unknown', 'query ($f: TagFiltersInput) { tags(filters: $f) { name } }', { variables: { f: { nope: { eq: 'x' } } } }),
  gql('f.bad.variables.not.object', 'query ($f: TagFiltersInput) { tags(filters: $f) { name } }', { variables: { f: 'name' } }),
];

export default [...strings, ...numbers, ...others, ...logic, ...relations, ...components, ...postFields, ...refused];
