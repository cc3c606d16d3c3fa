// Reads of pages and the navbar and footer in every form: filters on each field and operator, sorts, fields,
// pagination, populate (the dynamic zone, its components, media, SEO, the parent and children links), locale and
// status, single documents, and the errors of each form.
// @ts-nocheck
import { get, q } from '../../../conformance/catalogue/helpers.mjs';
import { filterQuery } from './common.mjs';

const BASE = '/api/pages?fields[0]=title&sort=title';
const FILTERS = {
  title: [['$eq', 'Blog'], ['$eqi', 'blog'], ['$ne', 'Blog'], ['$contains', 'o'], ['$notContains', 'o'], ['$containsi', 'O'],
    ['$notContainsi', 'US'], ['$startsWith', 'P'], ['$startsWithi', 'p'], ['$endsWith', 'us'], ['$endsWithi', 'US'], ['$lt', 'H'],
    ['$lte', 'History'], ['$gt', 'N'], ['$gte', 'News'], ['$in', ['Blog', 'News']], ['$notIn', ['Blog', 'News']], ['$between', ['B', 'N']],
    ['$null', 'true'], ['$notNull', 'true']],
  breadcrumbTitle: [['$null', 'true'], ['$notNull', 'true'], ['$eq', 'Team'], ['$containsi', 'news'], ['$ne', 'About']],
  slug: [['$eq', 'home'], ['$startsWith', 'h'], ['$in', ['team', 'people']], ['$contains', '-']],
  fullPath: [['$eq', '/blog'], ['$startsWith', '/about'], ['$null', 'true'], ['$notNull', 'true'], ['$endsWith', 'team'],
    ['$contains', '/team/'], ['$in', ['/', '/blog']], ['$ne', '/']],
  id: [['$eq', '@@homeId'], ['$in', ['@@aboutId', '@@blogId']]],
  documentId: [['$eq', '@@team'], ['$ne', '@@team']],
  createdAt: [['$notNull', 'true'], ['$gt', '2000-01-01T00:00:00.000Z'], ['$lt', '2000-01-01']],
};
const filters = Object.entries(FILTERS).flatMap(([field, ops]) => ops.map(([op, value], at) =>
  get(`read.page.filter.${field}.${op}.${at}`, `${BASE}&${filterQuery(field, op, value)}`)));
const relationFilters = [
  get('read.page.filter.parent.slug', `${BASE}&filters[parent][slug][$eq]=about`),
  get('read.page.filter.parent.null', `${BASE}&filters[parent][id][$null]=true`),
  get('read.page.filter.parent.notNull', `${BASE}&filters[parent][id][$notNull]=true`),
  get('read.page.filter.parent.parent', `${BASE}&filters[parent][parent][slug][$eq]=about`),
  get('read.page.filter.children.slug', `${BASE}&filters[children][slug][$eq]=team`),
  get('read.page.filter.children.some', `${BASE}&filters[children][id][$notNull]=true`),
  get('read.page.filter.children.title', `${BASE}&filters[children][title][$containsi]=n`),
  get('read.page.filter.seo.metaTitle', `${BASE}&filters[seo][metaTitle][$eq]=${q('Our history')}`),
  get('read.page.filter.seo.twitter', `${BASE}&filters[seo][twitter][card][$eq]=summary`),
  get('read.page.filter.and', `${BASE}&filters[$and][0][slug][$startsWith]=h&filters[$and][1][fullPath][$notNull]=true`),
  get('read.page.filter.or', `${BASE}&filters[$or][0][slug][$eq]=blog&filters[$or][1][slug][$eq]=news`),
  get('read.page.filter.not', `${BASE}&filters[$not][fullPath][$startsWith]=/about`),
  get('read.page.filter.implicit-eq', `${BASE}&filters[slug]=people`),
  get('read.page.filter.unknown-field', `${BASE}&filters[nope][$eq]=1`),
  get('read.page.filter.unknown-operator', `${BASE}&filters[slug][$like]=home`),
  get('read.page.filter.dynamic-zone', `${BASE}&filters[content][title][$eq]=News`),
  get('read.page.filter.locale', `${BASE}&filters[locale][$eq]=cs`),
  get('read.page.filter.publishedAt', `${BASE}&filters[publishedAt][$notNull]=true`),
];

const SORTABLE = ['title', 'slug', 'fullPath', 'breadcrumbTitle', 'createdAt'];
const sorts = [
  ...SORTABLE.flatMap((field) => ['asc', 'desc'].map((dir) =>
    get(`read.page.sort.${field}.${dir}`, `/api/pages?fields[0]=title&fields[1]=${field}&sort=${field}:${dir}`))),
  get('read.page.sort.two', '/api/pages?fields[0]=title&sort[0]=breadcrumbTitle:desc&sort[1]=title'),
  get('read.page.sort.comma', `/api/pages?fields[0]=title&sort=${q('fullPath:desc,title')}`),
  get('read.page.sort.parent', `/api/pages?fields[0]=title&sort[0]=${q('parent.title')}&sort[1]=title`),
  get('read.page.sort.unknown', '/api/pages?fields[0]=title&sort=nope'),
  get('read.page.sort.bad-direction', '/api/pages?fields[0]=title&sort=title:up'),
  get('read.page.sort.component', '/api/pages?fields[0]=title&sort=seo'),
  get('read.page.sort.dynamic-zone', '/api/pages?fields[0]=title&sort=content'),
];
const fields = [
  ...['title', 'breadcrumbTitle', 'slug', 'fullPath', 'createdAt', 'publishedAt', 'locale'].map((field) =>
    get(`read.page.fields.${field}`, `/api/pages?sort=title&fields[0]=${field}`)),
  get('read.page.fields.comma', `/api/pages?sort=title&fields=${q('title,fullPath')}`),
  get('read.page.fields.all', '/api/pages?sort=title'),
  get('read.page.fields.component', '/api/pages?sort=title&fields[0]=seo'),
  get('read.page.fields.relation', '/api/pages?sort=title&fields[0]=parent'),
  get('read.page.fields.unknown', '/api/pages?sort=title&fields[0]=nope'),
  get('read.page.fields.star', '/api/pages?sort=title&fields[0]=*'),
];
const pagination = [
  ...[[1, 3], [2, 3], [3, 3], [4, 3], [1, 100], [1, 1]].map(([page, size]) =>
    get(`read.page.page.${page}.${size}`, `${BASE}&pagination[page]=${page}&pagination[pageSize]=${size}`)),
  ...[[0, 2], [3, 3], [8, 10], [0, -1]].map(([start, limit]) =>
    get(`read.page.offset.${start}.${limit}`, `${BASE}&pagination[start]=${start}&pagination[limit]=${limit}`)),
  get('read.page.page.without-count', `${BASE}&pagination[pageSize]=2&pagination[withCount]=false`),
  get('read.page.page.zero', `${BASE}&pagination[page]=0`),
  get('read.page.page.text', `${BASE}&pagination[page]=first`),
  get('read.page.page.size-zero', `${BASE}&pagination[pageSize]=0`),
  get('read.page.page.mixed', `${BASE}&pagination[page]=1&pagination[limit]=2`),
  get('read.page.page.over-max', `${BASE}&pagination[pageSize]=500`),
];
const ONE = '/api/pages?filters[slug][$eq]=home&fields[0]=title';
const populate = [
  get('read.page.populate.star', '/api/pages?filters[slug][$eq]=team&populate=*'),
  get('read.page.populate.home-star', `${ONE}&populate=*`),
  get('read.page.populate.content', `${ONE}&populate[0]=content`),
  get('read.page.populate.content-star', `${ONE}&populate[content][populate]=*`),
  get('read.page.populate.content-on', `${ONE}&populate[content][on][sections.hero][populate]=*&populate[content][on][sections.faq][populate]=*`),
  get('read.page.populate.content-on-fields', `${ONE}&populate[content][on][sections.hero][fields][0]=bgColor`),
  get('read.page.populate.content-on-deep', `${ONE}&populate[content][on][sections.carousel][populate][images][populate][image][populate]=media`),
  get('read.page.populate.content-on-unknown', `${ONE}&populate[content][on][sections.nope][populate]=*`),
  get('read.page.populate.content-on-feature-grid', `${ONE}&populate[content][on][sections.feature-grid][populate][items][populate]=*`
    + '&populate[content][on][sections.feature-grid][populate][gridCol]=true'),
  get('read.page.populate.seo', `${ONE}&populate[seo][populate]=*`),
  get('read.page.populate.seo-list', `${ONE}&populate[0]=seo&populate[1]=seo.twitter&populate[2]=seo.metaImage`),
  get('read.page.populate.seo-fields', `${ONE}&populate[seo][fields][0]=metaTitle`),
  get('read.page.populate.parent', '/api/pages?fields[0]=title&sort=title&populate[parent][fields][0]=title'),
  get('read.page.populate.children', '/api/pages?fields[0]=title&sort=title&populate[children][fields][0]=title&populate[children][sort]=title'),
  get('read.page.populate.children-filtered', '/api/pages?fields[0]=title&filters[slug][$eq]=about'
    + '&populate[children][filters][slug][$eq]=team'),
  get('read.page.populate.nested-parent', '/api/pages?fields[0]=title&filters[slug][$eq]=people'
    + '&populate[parent][populate][parent][fields][0]=fullPath'),
  get('read.page.populate.nested-children', '/api/pages?fields[0]=title&filters[slug][$eq]=about&populate[children][populate]=children'),
  get('read.page.populate.count', '/api/pages?fields[0]=title&sort=title&populate[children][count]=true'),
  get('read.page.populate.unknown', `${ONE}&populate=nope`),
  get('read.page.populate.string-list', `${ONE}&populate=${q('seo,parent')}`),
  get('read.page.populate.localizations', `${ONE}&populate=localizations`),
];
const localeStatus = [
  get('read.page.locale.cs', `${BASE}&locale=cs`),
  get('read.page.locale.en', `${BASE}&locale=en`),
  get('read.page.locale.all', `${BASE}&locale=all`),
  get('read.page.locale.unknown', `${BASE}&locale=de`),
  get('read.page.locale.cs-populate', '/api/pages?locale=cs&fields[0]=title&sort=title&populate[parent][fields][0]=title'),
  get('read.page.status.draft', `${BASE}&status=draft`),
  get('read.page.status.published', `${BASE}&status=published`),
  get('read.page.status.unknown', `${BASE}&status=archived`),
  get('read.page.status.draft-cs', `${BASE}&status=draft&locale=cs`),
  get('read.page.findOne', '/api/pages/@@about?populate=*'),
  get('read.page.findOne.cs', '/api/pages/@@about?locale=cs&fields[0]=title'),
  get('read.page.findOne.cs-missing', '/api/pages/@@blog?locale=cs'),
  get('read.page.findOne.draft', '/api/pages/@@draft'),
  get('read.page.findOne.draft-status', '/api/pages/@@draft?status=draft&fields[0]=title'),
  get('read.page.findOne.unknown', '/api/pages/nosuchdocument0000000000'),
  get('read.page.findOne.numeric', '/api/pages/@@aboutId'),
  get('read.page.findOne.fields', '/api/pages/@@team?fields[0]=fullPath&populate[parent][fields][0]=fullPath'),
];
const singles = [
  get('read.navbar', '/api/navbar'),
  get('read.navbar.populate-star', '/api/navbar?populate=*'),
  get('read.navbar.populate-deep', '/api/navbar?populate[links]=true&populate[logoImage][populate][image][populate]=media'
    + '&populate[logoImage][populate][link]=true'),
  get('read.navbar.cs', '/api/navbar?locale=cs&populate=*'),
  get('read.navbar.de', '/api/navbar?locale=de'),
  get('read.navbar.fields', '/api/navbar?fields[0]=locale'),
  get('read.navbar.status-draft', '/api/navbar?status=draft'),
  get('read.footer', '/api/footer'),
  get('read.footer.populate-star', '/api/footer?populate=*'),
  get('read.footer.populate-sections', '/api/footer?populate[sections][populate]=links&populate[gridCols]=true'),
  get('read.footer.populate-logo', '/api/footer?populate[logoImage][populate][image][populate][media][fields][0]=name'),
  get('read.footer.cs', '/api/footer?locale=cs&populate=*'),
  get('read.footer.fields', '/api/footer?fields[0]=copyRight'),
  get('read.footer.sort', '/api/footer?sort=copyRight'),
  get('read.footer.pagination', '/api/footer?pagination[page]=2'),
  get('read.footer.filters', '/api/footer?filters[copyRight][$eq]=x'),
];

export const READS = [...filters, ...relationFilters, ...sorts, ...fields, ...pagination, ...populate, ...localeStatus, ...singles];
