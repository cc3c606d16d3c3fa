// Reads of courses, categories, sections, modules, ratings and course statuses in every form: filters on each field
// and operator, through relations and components, sorts, field selections, pagination, populate in every form,
// status (draft and published) and locale on types without i18n, and the v4 response format.
// @ts-nocheck
import { get, q } from '../../../conformance/catalogue/helpers.mjs';
import { V4, filterQuery } from './common.mjs';

const COURSE_FILTERS = {
  title: [['$eq', 'Intro to Strapi'], ['$eqi', 'intro to strapi'], ['$ne', 'Intro to Strapi'], ['$contains', 'Content'],
    ['$notContains', 'Strapi'], ['$containsi', 'STRAPI'], ['$notContainsi', 'strapi'], ['$startsWith', 'S'], ['$startsWithi', 's'],
    ['$endsWith', 'Basics'], ['$endsWithi', 'BASICS'], ['$lt', 'D'], ['$lte', 'Intro to Strapi'], ['$gt', 'D'], ['$gte', 'Intro'],
    ['$in', ['Intro to Strapi', 'Contract Basics']], ['$notIn', ['Intro to Strapi']], ['$between', ['B', 'J']]],
  slug: [['$eq', 'selling-with-stories'], ['$contains', 'content'], ['$startsWith', 'in'], ['$in', ['contract-basics', 'nope']]],
  synopsis: [['$null', 'true'], ['$notNull', 'true'], ['$containsi', 'HERE'], ['$eq', 'For modellers'], ['$ne', 'Start here']],
  id: [['$eq', '@@k2Id'], ['$gt', '@@k2Id'], ['$in', ['@@k1Id', '@@k4Id']], ['$lte', '@@k2Id'], ['$ne', '@@k1Id']],
  documentId: [['$eq', '@@k3'], ['$in', ['@@k1', '@@k4']], ['$ne', '@@k1']],
};
const courseFilters = Object.entries(COURSE_FILTERS).flatMap(([field, ops]) => ops.map(([op, value], at) =>
  get(`read.course.filter.${field}.${op}.${at}`, `/api/courses?fields[0]=title&sort=title&${filterQuery(field, op, value)}`)));

const RATING_FILTERS = {
  value: [['$eq', '4'], ['$ne', '4'], ['$lt', '3'], ['$lte', '3'], ['$gt', '3'], ['$gte', '3'], ['$in', ['1', '5']],
    ['$notIn', ['1', '5']], ['$between', ['2', '4']], ['$eq', 'four'], ['$null', 'true']],
  comment: [['$null', 'true'], ['$notNull', 'true'], ['$containsi', 'T'], ['$startsWith', 'G']],
};
const ratingFilters = Object.entries(RATING_FILTERS).flatMap(([field, ops]) => ops.map(([op, value], at) =>
  get(`read.rating.filter.${field}.${op}.${at}`, `/api/ratings?fields[0]=value&fields[1]=comment&sort=value&${filterQuery(field, op, value)}`)));

const STATUS_FILTERS = {
  progress: [['$eq', '40'], ['$gt', '10'], ['$lt', '50'], ['$between', ['10', '75']], ['$in', ['0', '75']], ['$null', 'true']],
  isFavourite: [['$eq', 'true'], ['$eq', 'false'], ['$ne', 'true'], ['$null', 'true'], ['$notNull', 'true'], ['$eq', 'maybe']],
};
const statusFilters = Object.entries(STATUS_FILTERS).flatMap(([field, ops]) => ops.map(([op, value], at) =>
  get(`read.course-status.filter.${field}.${op}.${at}`, `/api/course-statuses?fields[0]=progress&sort=progress&${filterQuery(field, op, value)}`)));

const OTHER_FILTERS = [
  ['categories', 'name', [['$eq', 'Sales'], ['$ne', 'Sales'], ['$in', ['Design', 'Legal']], ['$containsi', 'ING'], ['$lt', 'L']]],
  ['categories', 'description', [['$null', 'true'], ['$notNull', 'true'], ['$contains', 'and']]],
  ['modules', 'title', [['$eq', 'Welcome'], ['$startsWith', 'C'], ['$endsWithi', 'S'], ['$notIn', ['Welcome', 'Wrap-up']], ['$gte', 'R']]],
  ['modules', 'description', [['$null', 'true'], ['$containsi', 'blocks']]],
  ['sections', 'name', [['$eq', 'Closing'], ['$containsi', 'modelling'], ['$notContainsi', 'modelling']]],
  ['sections', 'description', [['$null', 'false'], ['$eq', 'Deeper']]],
];
const MAIN = { categories: 'name', modules: 'title', sections: 'name', courses: 'title', ratings: 'value' };
const otherFilters = OTHER_FILTERS.flatMap(([plural, field, ops]) => ops.map(([op, value], at) =>
  get(`read.${plural}.filter.${field}.${op}.${at}`, `/api/${plural}?fields[0]=${field}&sort=${MAIN[plural]}&${filterQuery(field, op, value)}`)));
const sectionModuleFilters = [
  ['modules.title', 'filters[modules][title][$eq]=Welcome'],
  ['modules.null', 'filters[modules][id][$null]=true'],
  ['modules.count-like', 'filters[modules][title][$in][0]=Components&filters[modules][title][$in][1]=Relations'],
].map(([name, query]) => get(`read.section.filter.${name}`, `/api/sections?fields[0]=name&sort=name&${query}`));

const deepFilters = [
  ['course.categories', 'filters[categories][name][$eq]=Design'],
  ['course.categories.in', 'filters[categories][name][$in][0]=Sales&filters[categories][name][$in][1]=Legal'],
  ['course.categories.id', 'filters[categories][id][$eq]=@@c2Id'],
  ['course.categories.documentId', 'filters[categories][documentId][$eq]=@@c5'],
  ['course.sections.modules', 'filters[sections][modules][title][$containsi]=relations'],
  ['course.ratings.value', 'filters[ratings][value][$gte]=4'],
  ['course.ratings.null', 'filters[ratings][id][$null]=true'],
  ['course.ratings.user', 'filters[ratings][user][username][$eq]=ann'],
  ['course.thumbnail.name', 'filters[thumbnail][name][$eq]=thumbnail.png'],
  ['course.thumbnail.null', 'filters[thumbnail][id][$null]=true'],
  ['course.or', 'filters[$or][0][slug][$eq]=intro-to-strapi&filters[$or][1][categories][name][$eq]=Sales'],
  ['course.and', 'filters[$and][0][title][$containsi]=s&filters[$and][1][synopsis][$notNull]=true'],
  ['course.not', 'filters[$not][title][$startsWith]=I'],
  ['course.unknown-field', 'filters[nope][$eq]=1'],
  ['course.unknown-operator', 'filters[title][$like]=Intro'],
  ['course.blocks', 'filters[description][$null]=true'],
  ['course.authors', 'filters[authors][id][$null]=true'],
  ['course.implicit-eq', 'filters[slug]=contract-basics'],
  ['course.category.direct-value', 'filters[categories]=@@c1Id'],
].map(([name, query]) => get(`read.filter.${name}`, `/api/courses?fields[0]=title&sort=title&${query}`));

const componentFilters = [
  ['section', 'filters[sections][section][name][$eq]=Modelling'],
  ['module.progress', 'filters[sections][modules][progress][$eq]=100'],
  ['module.module', 'filters[sections][modules][module][title][$eq]=Components'],
  ['course.title', 'filters[course][title][$eq]=Intro to Strapi'],
  ['user.username', 'filters[user][username][$eq]=bob'],
  ['user.null', 'filters[user][id][$null]=true'],
  ['user.id', 'filters[user][id][$eq]=@@ann'],
].map(([name, query]) => get(`read.course-status.filter.${name}`, `/api/course-statuses?fields[0]=progress&sort=progress&${query}`));

const COURSE_FIELDS = ['title', 'slug', 'synopsis', 'description', 'createdAt', 'publishedAt'];
const sorts = [
  ...['title', 'slug', 'synopsis', 'createdAt', 'id'].flatMap((field) => ['asc', 'desc'].map((dir) =>
    get(`read.course.sort.${field}.${dir}`, `/api/courses?fields[0]=title&sort=${field}:${dir}`))),
  get('read.course.sort.two', '/api/courses?fields[0]=title&sort[0]=synopsis:desc&sort[1]=title'),
  get('read.course.sort.comma', `/api/courses?fields[0]=title&sort=${q('synopsis,title:desc')}`),
  get('read.course.sort.unknown', '/api/courses?fields[0]=title&sort=nope'),
  get('read.course.sort.bad-direction', '/api/courses?fields[0]=title&sort=title:up'),
  get('read.course.sort.relation', '/api/courses?fields[0]=title&sort=categories'),
  get('read.course.sort.blocks', '/api/courses?fields[0]=title&sort=description'),
  get('read.rating.sort.value', '/api/ratings?fields[0]=value&sort[0]=value:desc'),
  get('read.rating.sort.course', `/api/ratings?fields[0]=value&sort[0]=${q('course.title')}&sort[1]=value`),
  get('read.module.sort.title', '/api/modules?fields[0]=title&sort=title:desc'),
  get('read.category.sort.description', '/api/categories?fields[0]=name&sort[0]=description&sort[1]=name'),
  get('read.section.sort.name', '/api/sections?fields[0]=name&sort=name'),
  get('read.course-status.sort.progress', '/api/course-statuses?fields[0]=progress&sort=progress:desc'),
  get('read.course-status.sort.favourite', '/api/course-statuses?fields[0]=progress&sort[0]=isFavourite:desc&sort[1]=progress'),
];

const fields = [
  ...COURSE_FIELDS.map((field) => get(`read.course.fields.${field}`, `/api/courses?sort=title&fields[0]=${field}`)),
  get('read.course.fields.comma', `/api/courses?sort=title&fields=${q('title,slug')}`),
  get('read.course.fields.none', '/api/courses?sort=title'),
  get('read.course.fields.relation', '/api/courses?sort=title&fields[0]=categories'),
  get('read.course.fields.media', '/api/courses?sort=title&fields[0]=thumbnail'),
  get('read.course.fields.unknown', '/api/courses?sort=title&fields[0]=nope'),
  get('read.course.fields.star', '/api/courses?sort=title&fields[0]=*'),
  get('read.course-status.fields.component', '/api/course-statuses?sort=progress&fields[0]=sections'),
  get('read.course-status.fields.boolean', '/api/course-statuses?sort=progress&fields[0]=isFavourite'),
  get('read.category.all', '/api/categories?sort=name'),
  get('read.module.all', '/api/modules?sort=title'),
  get('read.section.all', '/api/sections?sort=name'),
  get('read.rating.all', '/api/ratings?sort=value'),
  get('read.course-status.all', '/api/course-statuses?sort=progress'),
];

const pagination = [
  ...[[1, 2], [2, 2], [3, 2], [1, 100], [1, 1]].map(([page, size]) =>
    get(`read.module.page.${page}.${size}`, `/api/modules?fields[0]=title&sort=title&pagination[page]=${page}&pagination[pageSize]=${size}`)),
  ...[[0, 2], [2, 2], [5, 10], [0, -1]].map(([start, limit]) =>
    get(`read.module.offset.${start}.${limit}`, `/api/modules?fields[0]=title&sort=title&pagination[start]=${start}&pagination[limit]=${limit}`)),
  get('read.module.page.with-count-false', '/api/modules?fields[0]=title&sort=title&pagination[pageSize]=2&pagination[withCount]=false'),
  get('read.module.page.zero', '/api/modules?fields[0]=title&pagination[page]=0'),
  get('read.module.page.text', '/api/modules?fields[0]=title&pagination[page]=x'),
  get('read.module.page.size-zero', '/api/modules?fields[0]=title&pagination[pageSize]=0'),
  get('read.module.page.mixed', '/api/modules?fields[0]=title&pagination[page]=1&pagination[start]=2'),
  get('read.course.page.2', '/api/courses?fields[0]=title&sort=title&pagination[page]=2&pagination[pageSize]=3'),
];

const populate = [
  get('read.course.populate.star', '/api/courses?sort=title&populate=*'),
  get('read.course.one.populate.star', '/api/courses/@@k1?populate=*'),
  get('read.course.populate.categories', '/api/courses?sort=title&fields[0]=title&populate=categories'),
  get('read.course.populate.categories.fields', '/api/courses?sort=title&fields[0]=title&populate[categories][fields][0]=name'),
  get('read.course.populate.categories.filtered', '/api/courses?sort=title&fields[0]=title&populate[categories][filters][name][$eq]=Sales'),
  get('read.course.populate.categories.sorted', '/api/courses/@@k3?fields[0]=title&populate[categories][sort]=name:desc'),
  get('read.course.populate.sections.modules', '/api/courses/@@k1?fields[0]=title&populate[sections][populate]=modules'),
  get('read.course.populate.sections.modules.fields',
    '/api/courses?sort=title&fields[0]=title&populate[sections][fields][0]=name&populate[sections][populate][modules][fields][0]=title'),
  get('read.course.populate.sections.star', '/api/courses/@@k2?fields[0]=title&populate[sections][populate]=*'),
  get('read.course.populate.ratings', '/api/courses?sort=title&fields[0]=title&populate=ratings'),
  get('read.course.populate.ratings.user', '/api/courses/@@k1?fields[0]=title&populate[ratings][populate][user][fields][0]=username'),
  get('read.course.populate.ratings.sorted', '/api/courses/@@k1?fields[0]=title&populate[ratings][sort]=value&populate[ratings][fields][0]=value'),
  get('read.course.populate.ratings.count', '/api/courses?sort=title&fields[0]=title&populate[ratings][count]=true'),
  get('read.course.populate.categories.count', '/api/courses?sort=title&fields[0]=title&populate[categories][count]=true'),
  get('read.course.populate.thumbnail', '/api/courses?sort=title&fields[0]=title&populate=thumbnail'),
  get('read.course.populate.thumbnail.fields', '/api/courses/@@k1?fields[0]=title&populate[thumbnail][fields][0]=name&populate[thumbnail][fields][1]=mime'),
  get('read.course.populate.authors', '/api/courses?sort=title&fields[0]=title&populate=authors'),
  get('read.course.populate.list', '/api/courses?sort=title&fields[0]=title&populate[0]=categories&populate[1]=sections'),
  get('read.course.populate.comma', `/api/courses?sort=title&fields[0]=title&populate=${q('categories,ratings')}`),
  get('read.course.populate.nested-dot', `/api/courses/@@k1?fields[0]=title&populate=${q('sections.modules')}`),
  get('read.course.populate.unknown', '/api/courses?sort=title&fields[0]=title&populate=nope'),
  get('read.course.populate.scalar', '/api/courses?sort=title&fields[0]=title&populate=title'),
  get('read.course.populate.false', '/api/courses/@@k1?fields[0]=title&populate[categories]=false'),
  get('read.course.populate.deep-star', '/api/courses/@@k1?fields[0]=title&populate[ratings][populate]=*'),
  get('read.rating.populate.course', '/api/ratings?sort=value&fields[0]=value&populate[course][fields][0]=title'),
  get('read.rating.populate.user', '/api/ratings?sort=value&fields[0]=value&populate=user'),
  get('read.rating.populate.star', '/api/ratings?sort=value&populate=*'),
  get('read.section.populate.modules', '/api/sections?sort=name&fields[0]=name&populate=modules'),
  get('read.section.populate.modules.filtered', '/api/sections?sort=name&fields[0]=name&populate[modules][filters][title][$startsWith]=D'),
  get('read.section.populate.star', '/api/sections?sort=name&populate=*'),
  get('read.course-status.populate.star', '/api/course-statuses?sort=progress&populate=*'),
  get('read.course-status.populate.sections', '/api/course-statuses?sort=progress&fields[0]=progress&populate=sections'),
  get('read.course-status.populate.sections.deep',
    '/api/course-statuses?sort=progress&fields[0]=progress&populate[sections][populate][section][fields][0]=name&populate[sections][populate][modules][populate][module][fields][0]=title'),
  get('read.course-status.populate.sections.star', '/api/course-statuses/@@cs1?fields[0]=progress&populate[sections][populate]=*'),
  get('read.course-status.populate.sections.modules', '/api/course-statuses/@@cs1?fields[0]=progress&populate[sections][populate]=modules'),
  get('read.course-status.populate.course.user', '/api/course-statuses?sort=progress&fields[0]=progress&populate[0]=course&populate[1]=user'),
  get('read.course-status.populate.user.fields', '/api/course-statuses?sort=progress&fields[0]=progress&populate[user][fields][0]=username'),
  get('read.course-status.populate.course.nested',
    '/api/course-statuses/@@cs1?fields[0]=progress&populate[course][fields][0]=title&populate[course][populate][categories][fields][0]=name'),
];

const status = [
  ...['courses', 'categories', 'modules', 'sections', 'ratings'].flatMap((plural) => [
    get(`read.${plural}.status.draft`, `/api/${plural}?status=draft&fields[0]=${MAIN[plural]}&fields[1]=publishedAt&sort=${MAIN[plural]}`),
    get(`read.${plural}.status.published`, `/api/${plural}?status=published&fields[0]=${MAIN[plural]}&fields[1]=publishedAt&sort=${MAIN[plural]}`),
  ]),
  get('read.course.status.draft.title', '/api/courses?status=draft&fields[0]=title&sort=title'),
  get('read.course.status.bad', '/api/courses?status=archived&fields[0]=title'),
  get('read.course.one.draft-only', '/api/courses/@@k5'),
  get('read.course.one.draft-only.status', '/api/courses/@@k5?status=draft&fields[0]=title'),
  get('read.course.one.published.status-draft', '/api/courses/@@k1?status=draft&fields[0]=title'),
  get('read.course.locale', '/api/courses?locale=fr&fields[0]=title&sort=title'),
  get('read.course.one.locale', '/api/courses/@@k1?locale=en&fields[0]=title'),
  get('read.course-status.status.draft', '/api/course-statuses?status=draft&fields[0]=progress&sort=progress'),
  get('read.course.populate.sections.status-draft', '/api/courses/@@k1?status=draft&fields[0]=title&populate=sections'),
  get('read.course.v4', '/api/courses?sort=title&fields[0]=title&pagination[pageSize]=2', V4),
  get('read.course.one.v4', '/api/courses/@@k1?fields[0]=title&populate[categories][fields][0]=name', V4),
  get('read.course-status.v4', '/api/course-statuses/@@cs1?populate[sections][populate]=*', V4),
  get('read.course.one.unknown', '/api/courses/nope'),
  get('read.course.one.numeric', '/api/courses/@@k1Id'),
  get('read.course.one.blocks', '/api/courses/@@k1?fields[0]=description'),
  get('read.unknown-collection', '/api/lessons'),
  get('read.mux-token.absent', '/api/mux-token'),
];

export const READS = [...courseFilters, ...ratingFilters, ...statusFilters, ...otherFilters, ...sectionModuleFilters, ...deepFilters, ...componentFilters, ...sorts, ...fields,
  ...pagination, ...populate, ...status];
