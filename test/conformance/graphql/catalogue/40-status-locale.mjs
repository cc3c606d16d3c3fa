// `status` (PUBLISHED default, DRAFT) on lists, `_connection`, one document and single types, with
// and without draft & publish, `hasPublishedVersion` and `publicationFilter`; `locale` on localized
// types (a locale, `all`, unknown, a non-localized type refusing the argument), `localizations`.
import { gql, PUBLIC } from './gql.mjs';

const STATUS = [['published', 'status: PUBLISHED'], ['draft', 'status: DRAFT'], ['none', '']];
const status = [
  ...STATUS.map(([id, s]) => gql(`st.posts.${id}`, `{ posts(${s} sort: "title") { title publishedAt } }`)),
  ...STATUS.map(([id, s]) => gql(`st.pages.${id}`, `{ pages(${s} sort: "order") { title publishedAt } }`)),
  ...STATUS.map(([id, s]) => gql(`st.tags.${id}`, `{ tags(${s} sort: "name") { name publishedAt } }`)),
  ...STATUS.map(([id, s]) => gql(`st.posts.conn.${id}`, `{ posts_connection(${s} sort: "title") { nodes { title } pageInfo { total } } }`)),
  gql('st.post.draft.only', '{ post(documentId: "@@post4") { title } }'),
  gql('st.post.draft.only.draft', '{ post(documentId: "@@post4", status: DRAFT) { title publishedAt } }'),
  gql('st.post.modified.published', '{ post(documentId: "@@post5") { title } }'),
  gql('st.post.modified.draft', '{ post(documentId: "@@post5", status: DRAFT) { title } }'),
  gql('st.page.draft.only', '{ page(documentId: "@@pg3") { title } }'),
  gql('st.page.draft.only.draft', '{ page(documentId: "@@pg3", status: DRAFT) { title } }'),
  gql('st.draft.public', '{ posts(status: DRAFT, sort: "title") { title } }', PUBLIC),
  gql('st.draft.public.one', '{ post(documentId: "@@post4", status: DRAFT) { title } }', PUBLIC),
  gql('st.bad.value', '{ posts(status: ARCHIVED) { title } }'),
  gql('st.bad.string', '{ posts(status: "draft") { title } }'),
  gql('st.variables', 'query ($s: PublicationStatus) { posts(status: $s, sort: "title") { title } }', { variables: { s: 'DRAFT' } }),
  gql('st.variables.lowercase', 'query ($s: PublicationStatus) { posts(status: $s) { title } }', { variables: { s: 'draft' } }),
  gql('st.hasPublishedVersion.true', '{ posts(status: DRAFT, hasPublishedVersion: true, sort: "title") { title } }'),
  gql('st.hasPublishedVersion.false', '{ posts(status: DRAFT, hasPublishedVersion: false, sort: "title") { title } }'),
  gql('st.publicationFilter.never', '{ posts(status: DRAFT, publicationFilter: NEVER_PUBLISHED, sort: "title") { title } }'),
  gql('st.publicationFilter.modified', '{ posts(status: DRAFT, publicationFilter: MODIFIED, sort: "title") { title } }'),
  gql('st.publicationFilter.published', '{ posts(publicationFilter: HAS_PUBLISHED_VERSION, sort: "title") { title } }'),
  gql('st.rel.draft', '{ posts(status: DRAFT, sort: "title") { title author { name } tags { name } } }'),
  gql('st.homepage.draft.fr', '{ homepage(status: DRAFT, locale: "fr") { headline } }'),
  gql('st.homepage.published.fr', '{ homepage(locale: "fr") { headline } }'),
  gql('st.setting.draft', '{ setting(status: DRAFT) { siteName publishedAt } }'),
];
const publicationFilterValues = ['NEVER_PUBLISHED', 'NEVER_PUBLISHED_DOCUMENT', 'HAS_PUBLISHED_VERSION', 'HAS_PUBLISHED_VERSION_DOCUMENT',
  'MODIFIED', 'MODIFIED_DOCUMENT', 'UNMODIFIED', 'UNMODIFIED_DOCUMENT', 'PUBLISHED_WITHOUT_DRAFT'];

const LOCALES = [['en', '"en"'], ['fr', '"fr"'], ['de', '"de"'], ['all', '"*"'], ['unknown', '"xx"'], ['empty', '""']];
const locale = [
  ...LOCALES.map(([id, l]) => gql(`l.posts.${id}`, `{ posts(locale: ${l}, sort: "title") { title locale } }`)),
  ...LOCALES.map(([id, l]) => gql(`l.terms.${id}`, `{ terms(locale: ${l}, sort: "word") { word locale } }`)),
  ...LOCALES.map(([id, l]) => gql(`l.post1.${id}`, `{ post(documentId: "@@post1", locale: ${l}) { title locale } }`)),
  gql('l.posts.de.draft', '{ posts(locale: "de", status: DRAFT) { title locale } }'),
  gql('l.posts.conn.fr', '{ posts_connection(locale: "fr", sort: "title") { nodes { title } pageInfo { total } } }'),
  gql('l.homepage.fr', '{ homepage(locale: "fr") { headline locale } }'),
  gql('l.homepage.en', '{ homepage(locale: "en") { headline locale } }'),
  gql('l.tags.refused', '{ tags(locale: "fr") { name } }'),
  gql('l.tag.refused', '{ tag(documentId: "@@t1", locale: "fr") { name } }'),
  gql('l.bad.number', '{ posts(locale: 5) { title } }'),
  gql('l.variables', 'query ($l: I18NLocaleCode) { posts(locale: $l, sort: "title") { title } }', { variables: { l: 'fr' } }),
  gql('l.variables.number', 'query ($l: I18NLocaleCode) { posts(locale: $l) { title } }', { variables: { l: 3 } }),
  gql('l.public.fr', '{ posts(locale: "fr", sort: "title") { title } }', PUBLIC),
  gql('l.localizations', '{ posts(sort: "title") { title locale localizations(sort: "locale") { title locale } } }'),
  gql('l.localizations.fr', '{ posts(locale: "fr", sort: "title") { title localizations { title locale } } }'),
  gql('l.localizations.conn', '{ post(documentId: "@@post1") { localizations_connection { nodes { locale } pageInfo { total } } } }'),
  gql('l.localizations.filter', '{ post(documentId: "@@post1") { localizations(filters: { locale: { eq: "fr" } }) { title } } }'),
  gql('l.localizations.terms', '{ terms(sort: "word") { word localizations { word locale } } }'),
  gql('l.localizations.homepage', '{ homepage { headline localizations { headline locale } } }'),
  gql('l.localizations.draft', '{ posts(status: DRAFT, sort: "title") { title localizations { title locale publishedAt } } }'),
  gql('l.filter.locale.field', '{ posts(filters: { locale: { eq: "fr" } }, sort: "title") { title } }'),
  gql('l.rel.fr', '{ posts(locale: "fr", sort: "title") { title author { name } tags { name } } }'),
];

export default [
  ...status,
  ...publicationFilterValues.map((v) => gql(`st.publicationFilter.all.${v}`, `{ posts(status: DRAFT, publicationFilter: ${v}, sort: "title") { title } }`)),
  ...locale,
];
