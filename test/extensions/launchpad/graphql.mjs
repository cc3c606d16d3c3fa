// GraphQL cases of test/extensions/launchpad (#40): strapi/LaunchPad's schemas as the GraphQL plugin answers them,
// sent after the REST cases (the same seed, and what the REST writes left): every query form and argument per type,
// relations with their own arguments and `_connection`, components, the dynamic zones as unions (the front end's own
// page query), single types, locale and status, the Public role, a JWT and an API token, mutations and the reads after
// them, and errors. The project's route middlewares (deep populate on find/findOne) do not run for GraphQL in Strapi.
// @ts-nocheck
import { gql } from '../../conformance/graphql/catalogue/gql.mjs';

const NONE = { auth: 'none' };
const JWT = { auth: 'jwt:ann' };
const g = (id, query, extra) => gql(`gql.${id}`, query, extra);
const m = (id, query, extra) => gql(`gql.mu.${id}`, `mutation ${query}`, extra);

/** Each collection type: its list and one-document fields, a string field, a seeded value and document, D&P, i18n. */
const TYPES = [
  { list: 'articles', one: 'article', field: 'title', value: 'Launch day', doc: 'a1', dp: true, i18n: true },
  { list: 'categories', one: 'category', field: 'name', value: 'News', doc: 'c1', i18n: true },
  { list: 'faqs', one: 'faq', field: 'question', value: 'Can I cancel?', doc: 'faq2', i18n: true },
  { list: 'logos', one: 'logo', field: 'company', value: 'Acme', doc: 'logo2' },
  { list: 'pages', one: 'page', field: 'slug', value: 'home', doc: 'pg2', dp: true, i18n: true },
  { list: 'plans', one: 'plan', field: 'name', value: 'Hobby', doc: 'plan1', dp: true, i18n: true },
  { list: 'products', one: 'product', field: 'name', value: 'Rocket', doc: 'p2', dp: true, i18n: true },
  { list: 'redirections', one: 'redirection', field: 'source', value: '/old', doc: 'rd1', dp: true },
  { list: 'testimonials', one: 'testimonial', field: 'text', value: 'On time', doc: 't1', dp: true, i18n: true },
];

function typeQueries({ list, one, field, value, doc, dp, i18n }) {
  const sel = `documentId ${field}`;
  const cases = [
    g(`${list}.list`, `{ ${list}(sort: "${field}") { ${sel} createdAt updatedAt publishedAt } }`),
    g(`${list}.list.public`, `{ ${list}(sort: "${field}") { ${sel} } }`, NONE),
    g(`${list}.list.jwt`, `{ ${list}(sort: "${field}") { ${sel} } }`, JWT),
    g(`${list}.sort.desc`, `{ ${list}(sort: ["${field}:desc"]) { ${field} } }`),
    g(`${list}.sort.unknown`, `{ ${list}(sort: "nope") { ${field} } }`),
    g(`${list}.filter.eq`, `{ ${list}(filters: { ${field}: { eq: "${value}" } }) { ${sel} } }`),
    g(`${list}.filter.containsi`, `{ ${list}(filters: { ${field}: { containsi: "${value.slice(1, 3).toLowerCase()}" } }, sort: "${field}") { ${field} } }`),
    g(`${list}.filter.or.not`, `{ ${list}(filters: { or: [{ ${field}: { eq: "${value}" } }, { not: { ${field}: { startsWith: "${value[0]}" } } }] },`
      + ` sort: "${field}") { ${field} } }`),
    g(`${list}.filter.in.variables`, `query ($f: ${typeOf(one)}FiltersInput) { ${list}(filters: $f, sort: "${field}") { ${field} } }`,
      { variables: { f: { [field]: { in: [value, 'nothing'] } } } }),
    g(`${list}.page`, `{ ${list}(sort: "${field}", pagination: { page: 1, pageSize: 2 }) { ${field} } }`),
    g(`${list}.limit`, `{ ${list}(sort: "${field}", pagination: { start: 1, limit: 1 }) { ${field} } }`),
    g(`${list}.connection`, `{ ${list}_connection(sort: "${field}", pagination: { pageSize: 2 }) { nodes { ${field} } `
      + 'pageInfo { page pageSize pageCount total } } }'),
    g(`${list}.one`, `{ ${one}(documentId: "@@${doc}") { ${sel} } }`),
    g(`${list}.one.public`, `{ ${one}(documentId: "@@${doc}") { ${sel} } }`, NONE),
    g(`${list}.one.missing`, `{ ${one}(documentId: "no-such-document") { ${sel} } }`),
    g(`${list}.one.no-id`, `{ ${one} { ${sel} } }`),
  ];
  if (dp) {
    cases.push(
      g(`${list}.draft`, `{ ${list}(status: DRAFT, sort: "${field}") { ${field} publishedAt } }`),
      g(`${list}.draft.public`, `{ ${list}(status: DRAFT, sort: "${field}") { ${field} } }`, NONE),
      g(`${list}.has-published`, `{ ${list}(status: DRAFT, hasPublishedVersion: false, sort: "${field}") { ${field} } }`),
    );
  }
  if (i18n) {
    cases.push(
      g(`${list}.locale.fr`, `{ ${list}(locale: "fr", sort: "${field}") { ${field} locale } }`),
      g(`${list}.locale.all`, `{ ${list}(locale: "all", sort: "${field}") { ${field} locale } }`),
      g(`${list}.localizations`, `{ ${list}(sort: "${field}") { ${field} localizations { ${field} locale } } }`),
    );
  }
  return cases;
}

function typeOf(one) { return one[0].toUpperCase() + one.slice(1); }

const SEO = 'seo { metaTitle metaDescription keywords metaRobots structuredData metaImage { name mime } }';
const BUTTON = 'text URL target variant';
/** The front end's page query (LaunchPad's `fetchContentType('pages', …)` asks the same through REST populate). */
const PAGE_ZONE = `dynamic_zone {
  __typename
  ... on ComponentDynamicZoneHero { heading sub_heading CTAs { ${BUTTON} } }
  ... on ComponentDynamicZoneFeatures { heading globe_card { title span } ray_card { title before_ray_items { item_1 item_2 } after_ray_items { item_3 } span }
    graph_card { title highlighted_text top_items { number text } } social_media_card { Title span logos { company image { name } } } }
  ... on ComponentDynamicZoneTestimonials { heading testimonials { text user { firstname lastname job image { name } } } }
  ... on ComponentDynamicZoneHowItWorks { heading steps { title description } }
  ... on ComponentDynamicZoneBrands { heading logos { company } }
  ... on ComponentDynamicZonePricing { heading plans { name price featured CTA { ${BUTTON} } perks { text } product { name } } }
  ... on ComponentDynamicZoneLaunches { heading launches { mission_number title } }
  ... on ComponentDynamicZoneCta { heading CTAs { ${BUTTON} } }
  ... on ComponentDynamicZoneFormNextToSection { heading form { inputs { type name placeholder } } section { heading users { firstname image { name } } }
    social_media_icon_links { image { name } link { text URL target } } }
  ... on ComponentDynamicZoneFaq { heading faqs { question answer } }
}`;

const NESTED = [
  g('page.home.zone', `{ pages(filters: { slug: { eq: "home" } }) { slug ${SEO} ${PAGE_ZONE} } }`),
  g('page.home.zone.public', `{ pages(filters: { slug: { eq: "home" } }) { slug ${PAGE_ZONE} } }`, NONE),
  g('page.home.zone.fr', `{ pages(locale: "fr", filters: { slug: { eq: "accueil" } }) { slug locale ${PAGE_ZONE} } }`),
  g('page.zone.typename-only', '{ pages(sort: "slug") { slug dynamic_zone { __typename } } }'),
  g('page.zone.no-typename', '{ pages(sort: "slug") { slug dynamic_zone { ... on ComponentDynamicZoneCta { heading } } } }'),
  g('page.zone.ids', '{ pages(sort: "slug") { dynamic_zone { ... on ComponentDynamicZoneCta { id heading CTAs { id text } } } } }'),
  g('page.one.zone', `{ page(documentId: "@@pg1") { slug ${PAGE_ZONE} } }`),
  g('article.relations', '{ articles(sort: "title") { title categories(sort: "name") { name product { name } } image { name mime width height } } }'),
  g('article.relations.filtered', '{ articles(sort: "title") { title categories(filters: { name: { eq: "Guides" } }) { name } } }'),
  g('article.relations.paged', '{ articles(sort: "title") { title categories(sort: "name:desc", pagination: { limit: 1 }) { name } } }'),
  g('article.relations.connection', '{ articles(sort: "title") { title categories_connection(sort: "name") { nodes { name } pageInfo { total } } } }'),
  g('article.filter.relation', '{ articles(filters: { categories: { name: { eq: "Guides" } } }, sort: "title") { title } }'),
  g('article.filter.component', `{ articles(filters: { seo: { metaRobots: { eq: "index" } } }, sort: "title") { title ${SEO} } }`),
  g('article.content.blocks', '{ articles(filters: { slug: { eq: "launch-day" } }) { title content } }'),
  g('article.zone', '{ articles(sort: "title") { title dynamic_zone { __typename ... on ComponentDynamicZoneRelatedArticles { heading articles { title } }'
    + ` ... on ComponentDynamicZoneCta { heading CTAs { ${BUTTON} } } } } }`),
  g('article.zone.public', '{ articles(sort: "title") { title dynamic_zone { __typename ... on ComponentDynamicZoneRelatedArticles { articles { title } } } } }',
    NONE),
  g('product.images', '{ products(sort: "name") { name images { name mime } images_connection { pageInfo { total } } perks { text } } }'),
  g('product.plans', '{ products(sort: "name") { name plans(sort: "name") { name price CTA { text } } categories(sort: "name") { name } } }'),
  g('product.perks.filtered', '{ products(sort: "name") { name perks(filters: { text: { eq: "Fast" } }) { text } } }'),
  g('product.filter.perks', '{ products(filters: { perks: { text: { eq: "Roomy" } } }) { name } }'),
  g('plan.product', '{ plans(sort: "name") { name product { name plans(sort: "name") { name } } perks { text } additional_perks { text } } }'),
  g('plan.filter.product', '{ plans(filters: { product: { name: { eq: "Rocket" } } }, sort: "name") { name } }'),
  g('category.articles', '{ categories(sort: "name") { name articles(sort: "title") { title } articles_connection { pageInfo { total } } } }'),
  g('category.articles.draft', '{ categories(sort: "name", status: DRAFT) { name articles(sort: "title") { title publishedAt } } }'),
  g('testimonial.user', '{ testimonials(sort: "text") { text user { firstname lastname job image { name } } } }'),
  g('logo.image', '{ logos(sort: "company") { company image { name mime size url } } }'),
  g('logo.image.jwt', '{ logos(sort: "company") { company } }', JWT),
  g('media.files', '{ uploadFiles(sort: "name") { name mime ext width height } }'),
  g('media.files.public', '{ uploadFiles(sort: "name") { name } }', NONE),
];

const SINGLES = [
  g('global', `{ global { admin_title add_to_cart your_cart buy_now ${SEO} navbar { logo { company } left_navbar_items { text URL } right_navbar_items { text URL } }`
    + ' footer { logo { company } description copyright internal_links { text URL } policy_links { text URL } social_media_links { text URL target } } } }'),
  g('global.public', '{ global { admin_title navbar { left_navbar_items { text } } } }', NONE),
  g('global.fr', '{ global(locale: "fr") { admin_title locale navbar { left_navbar_items { text } } } }'),
  g('global.draft', '{ global(status: DRAFT) { admin_title publishedAt } }'),
  g('global.localizations', '{ global { admin_title localizations { admin_title locale } } }'),
  g('blog-page', '{ blogPage { heading sub_heading dynamic_zone { __typename ... on ComponentDynamicZoneRelatedArticles { heading articles { title } } } } }'),
  g('blog-page.public', '{ blogPage { heading } }', NONE),
  g('product-page', '{ productPage { heading featured_heading dynamic_zone { __typename ... on ComponentDynamicZoneRelatedProducts { heading products { name } } } } }'),
  g('product-page.public', '{ productPage { heading } }', NONE),
];

const ERRORS = [
  g('error.parse', '{ articles { title '),
  g('error.unknown-field', '{ articles { nope } }'),
  g('error.unknown-type', '{ spaceships { name } }'),
  g('error.wrong-arg', '{ articles(pagination: { pageSize: "ten" }) { title } }'),
  g('error.enum', '{ articles(status: LIVE) { title } }'),
  g('error.filter.unknown', '{ articles(filters: { nope: { eq: 1 } }) { title } }'),
  g('error.filter.operator', '{ articles(filters: { title: { like: "x" } }) { title } }'),
  g('error.pagination.mixed', '{ articles(pagination: { page: 1, limit: 2 }) { title } }'),
  g('error.pagination.negative', '{ articles(pagination: { pageSize: -1 }) { title } }'),
  g('error.zone.bad-fragment', '{ pages { dynamic_zone { ... on Article { title } } } }'),
  g('error.locale.unknown', '{ articles(locale: "de") { title } }'),
  g('error.depth', '{ categories { articles { categories { articles { categories { articles { categories { articles { categories { articles { title } } } } } } } } } } }'),
  g('error.forbidden.logo.public', '{ logos { company } }', NONE),
  g('error.forbidden.redirection.one', '{ redirection(documentId: "@@rd1") { source } }', NONE),
  g('error.no-query', '', {}),
  g('error.bad-token', '{ articles { title } }', { auth: 'none', headers: { authorization: 'Bearer not-a-token' } }),
  g('error.variables.missing', 'query ($id: ID!) { article(documentId: $id) { title } }'),
  g('error.introspection', '{ __schema { queryType { name } } }'),
];

const cap = (name, path) => ({ capture: { [name]: path } });
const MUTATIONS = [
  m('faq.create', '{ createFaq(data: { question: "Is it loud?", answer: "Very." }) { documentId question answer locale } }', cap('gfaq', 'data.createFaq.documentId')),
  m('faq.create.fr', '{ createFaq(locale: "fr", data: { question: "Est-ce bruyant ?" }) { question locale } }'),
  m('faq.create.jwt', '{ createFaq(data: { question: "From ann" }) { documentId question } }', { ...JWT, ...cap('gfaqJwt', 'data.createFaq.documentId') }),
  m('faq.create.public', '{ createFaq(data: { question: "From nobody" }) { question } }', NONE),
  m('faq.create.wrong-type', '{ createFaq(data: { question: 5 }) { question } }'),
  m('faq.create.unknown-field', '{ createFaq(data: { question: "x", colour: "red" }) { question } }'),
  g('mu.faq.read.after', '{ faqs(sort: "question") { question answer } }'),
  m('faq.update', '{ updateFaq(documentId: "@@gfaq", data: { answer: "Quite." }) { question answer } }'),
  m('faq.update.jwt', '{ updateFaq(documentId: "@@gfaqJwt", data: { answer: "by ann" }) { question answer } }', JWT),
  m('faq.update.missing', '{ updateFaq(documentId: "no-such-faq", data: { answer: "x" }) { question } }'),
  g('mu.faq.one.after', '{ faq(documentId: "@@gfaq") { question answer } }'),
  m('faq.delete.jwt', '{ deleteFaq(documentId: "@@gfaq") { documentId } }', JWT),
  m('faq.delete', '{ deleteFaq(documentId: "@@gfaq") { documentId } }'),
  m('faq.delete.again', '{ deleteFaq(documentId: "@@gfaq") { documentId } }'),
  g('mu.faq.read.after-delete', '{ faqs(sort: "question") { question } }'),
  m('category.create', '{ createCategory(data: { name: "Missions", product: "@@p2", articles: ["@@a1", "@@a4"] }) { documentId name product { name }'
    + ' articles(sort: "title") { title } } }', cap('gcat', 'data.createCategory.documentId')),
  m('category.create.bad-relation', '{ createCategory(data: { name: "Orphans", product: "no-such-product" }) { name } }'),
  m('category.update.relations', '{ updateCategory(documentId: "@@gcat", data: { articles: ["@@a2"] }) { name articles { title } } }'),
  g('mu.category.after', '{ categories(filters: { name: { eq: "Missions" } }) { name product { name } articles { title } } }'),
  m('category.delete', '{ deleteCategory(documentId: "@@gcat") { documentId } }'),
  m('product.create.draft', '{ createProduct(status: DRAFT, data: { name: "Lander", price: 7, slug: "lander", perks: [{ text: "Soft" }] }) '
    + '{ documentId name price publishedAt perks { text } } }', cap('gprod', 'data.createProduct.documentId')),
  m('product.create.zone', '{ createProduct(data: { name: "Capsule", slug: "capsule", dynamic_zone: [{ __typename: "ComponentDynamicZoneCta", heading: "Ride",'
    + ' CTAs: [{ text: "Go", URL: "/go", variant: "primary" }] }] }) { name dynamic_zone { __typename ... on ComponentDynamicZoneCta { heading CTAs { text variant } } } } }'),
  m('product.create.zone.component-key', '{ createProduct(data: { name: "Keyed", slug: "keyed", dynamic_zone: [{ __component: "dynamic-zone.cta" }] })'
    + ' { name } }'),
  m('product.create.zone.unknown', '{ createProduct(data: { name: "Bad", slug: "bad", dynamic_zone: [{ __typename: "ComponentSharedNope" }] }) { name } }'),
  m('product.create.enum.bad', '{ createProduct(data: { name: "Enum", slug: "enum", dynamic_zone: [{ __typename: "ComponentDynamicZoneCta",'
    + ' CTAs: [{ text: "x", variant: "loud" }] }] }) { name } }'),
  g('mu.product.draft.after', '{ products(status: DRAFT, sort: "name") { name publishedAt } }'),
  g('mu.product.published.after', '{ products(sort: "name") { name } }'),
  m('product.update.published', '{ updateProduct(documentId: "@@gprod", status: PUBLISHED, data: { price: 8 }) { name price publishedAt } }'),
  g('mu.product.after-publish', '{ products(filters: { name: { eq: "Lander" } }) { name price } }'),
  m('product.delete', '{ deleteProduct(documentId: "@@gprod") { documentId } }'),
  m('page.create.zone', `{ createPage(data: { slug: "launch", dynamic_zone: [{ __typename: "ComponentDynamicZoneLaunches", heading: "Next",
    launches: [{ mission_number: "M9", title: "Ninth" }] }, { __typename: "ComponentDynamicZoneFaq", heading: "Q", faqs: ["@@faq1"] }] })
    { documentId slug dynamic_zone { __typename ... on ComponentDynamicZoneLaunches { heading launches { mission_number } } ... on ComponentDynamicZoneFaq { faqs { question } } } } }`,
  cap('gpage', 'data.createPage.documentId')),
  m('page.create.required', '{ createPage(data: { seo: { metaTitle: "x" } }) { slug } }'),
  m('page.delete', '{ deletePage(documentId: "@@gpage") { documentId } }'),
  m('global.update', '{ updateGlobal(data: { buy_now: "Buy it" }) { admin_title buy_now } }'),
  m('global.update.fr', '{ updateGlobal(locale: "fr", data: { buy_now: "Acheter" }) { admin_title buy_now locale } }'),
  m('global.update.public', '{ updateGlobal(data: { buy_now: "nobody" }) { buy_now } }', NONE),
  g('mu.global.after', '{ global { buy_now localizations { buy_now } } }'),
  m('logo.create.jwt', '{ createLogo(data: { company: "Hooli", image: "@@img1" }) { company } }', JWT),
  m('logo.create.no-image', '{ createLogo(data: { company: "Hooli" }) { company } }'),
  m('redirection.create', '{ createRedirection(data: { source: "/a", destination: "/b" }) { source destination } }'),
  m('upload.update', '{ updateUploadFile(id: "@@img2", info: { alternativeText: "wide one" }) { name alternativeText } }'),
  g('mu.upload.after', '{ uploadFiles(filters: { name: { eq: "wide.png" } }) { name alternativeText } }'),
];

const USERS = [
  m('login', '{ login(input: { identifier: "ann", password: "correct-horse" }) { jwt user { username email confirmed blocked role { name type } } } }'),
  m('login.wrong', '{ login(input: { identifier: "ann", password: "nope" }) { jwt } }'),
  g('me', '{ me { username email role { name } } }', JWT),
  g('me.public', '{ me { username } }', NONE),
  m('register', '{ register(input: { username: "bob", email: "bob@example.com", password: "battery-staple" }) { user { username role { type } } } }', NONE),
  m('register.taken', '{ register(input: { username: "ann", email: "ann@example.com", password: "battery-staple" }) { jwt } }', NONE),
];

export const GRAPHQL = [...TYPES.flatMap(typeQueries), ...NESTED, ...SINGLES, ...ERRORS, ...MUTATIONS, ...USERS];
