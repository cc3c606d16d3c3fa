// Each caller's view: the applications find controller (a signed-in user sees only their own), each role on each
// type and on the users routes, single documents, the v4 format, status and locale on types without either.
// @ts-nocheck
import { get } from '../../../conformance/catalogue/helpers.mjs';
import { ANN, BOB, NONE, V4, filterQuery } from './common.mjs';

const APPLICATION_FILTERS = {
  applicationStatus: [['$eq', 'Pending'], ['$ne', 'Pending'], ['$in', ['Accepted', 'Rejected']], ['$null', 'true']],
  skills: [['$containsi', 'sql'], ['$startsWith', 'C'], ['$notNull', 'true']],
  interestReason: [['$null', 'true'], ['$eq', 'Remote']],
};
const applicationFilters = Object.entries(APPLICATION_FILTERS).flatMap(([field, ops]) => ops.flatMap(([op, value], at) =>
  [['token', {}], ['ann', ANN], ['bob', BOB]].map(([who, auth]) => get(`controller.application.filter.${field}.${op}.${at}.${who}`,
    `/api/applications?fields[0]=skills&sort=skills&${filterQuery(field, op, value)}`, auth))));

// The applications find controller: a signed-in user sees only their own (its filter merged into the query's),
// a token sees all, the Public role (granted find) has no auth strategy to read.
const APPLICATION_QUERIES = [
  ['all', 'sort=skills&fields[0]=skills&fields[1]=applicationStatus'],
  ['filtered', 'sort=skills&fields[0]=skills&filters[applicationStatus][$eq]=Pending'],
  ['other-user', 'sort=skills&fields[0]=skills&filters[user][id][$eq]=@@bob'],
  ['populate-user', 'sort=skills&fields[0]=skills&populate[user][fields][0]=username'],
  ['populate-job', 'sort=skills&fields[0]=skills&populate[job][fields][0]=jobTitle'],
  ['paged', 'sort=skills&fields[0]=skills&pagination[pageSize]=1&pagination[page]=2'],
  ['or', 'sort=skills&fields[0]=skills&filters[$or][0][skills][$eq]=CSS&filters[$or][1][skills][$eq]=Figma'],
];
const AS = [['token', {}], ['ann', ANN], ['bob', BOB], ['cat', { auth: 'jwt:cat' }], ['public', NONE]];
const applicationViews = APPLICATION_QUERIES.flatMap(([name, query]) => AS.map(([who, auth]) =>
  get(`controller.application.find.${name}.${who}`, `/api/applications?${query}`, auth)));

const oneViews = [
  ...AS.flatMap(([who, auth]) => [
    get(`auth.application.findOne.ann.${who}`, '/api/applications/@@a1?fields[0]=skills', auth),
    get(`auth.user-detail.find.${who}`, '/api/user-details?sort=firstName&fields[0]=firstName', auth),
    get(`auth.user-detail.findOne.${who}`, '/api/user-details/@@d1?fields[0]=firstName', auth),
    get(`auth.job.find.${who}`, '/api/jobs?sort=jobTitle&fields[0]=jobTitle&pagination[pageSize]=2', auth),
    get(`auth.job.findOne.${who}`, '/api/jobs/@@j5?fields[0]=jobTitle', auth),
    get(`auth.company.find.${who}`, '/api/companies?sort=companyName&fields[0]=companyName', auth),
    get(`auth.company.findOne.${who}`, '/api/companies/@@initech', auth),
    get(`auth.users.me.${who}`, '/api/users/me', auth),
    get(`auth.users.me.populate.${who}`, '/api/users/me?populate=*', auth),
  ]),
  get('auth.bad-jwt', '/api/jobs?fields[0]=jobTitle', { auth: 'none', headers: { authorization: 'Bearer not-a-token' } }),
  get('auth.users.find.populate', '/api/users?sort=username&populate[applications][fields][0]=skills&populate[user_detail][fields][0]=firstName'),
  get('auth.users.findOne.populate', '/api/users/@@ann?populate=*'),
  get('auth.users.filter.detail', '/api/users?filters[user_detail][firstName][$eq]=Bob'),
];

const singles = [
  ...['j1', 'j3', 'j7'].map((key) => get(`read.job.one.${key}`, `/api/jobs/@@${key}`)),
  ...['acme', 'globex', 'initech', 'umbrella'].map((key) => get(`read.company.one.${key}`, `/api/companies/@@${key}`)),
  get('read.job.one.missing', '/api/jobs/doesnotexist1234567890ab'),
  get('read.job.one.numeric-id', '/api/jobs/@@j1Id'),
  get('read.job.one.fields', '/api/jobs/@@j2?fields[0]=workplace&fields[1]=seniority'),
  get('read.job.one.filters-ignored', '/api/jobs/@@j2?filters[jobTitle][$eq]=nope'),
  get('read.job.one.v4', '/api/jobs/@@j1?populate=company', V4),
  get('read.job.find.v4', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&pagination[pageSize]=2', V4),
  get('read.company.find.v4', '/api/companies?sort=companyName&populate=*', V4),
  get('read.application.find.v4.ann', '/api/applications?sort=skills&fields[0]=skills&populate=job', { ...ANN, ...V4 }),
  get('read.application.one', '/api/applications/@@a5?populate=*'),
  get('read.user-detail.one', '/api/user-details/@@d1?populate=*'),
  get('read.job.status.draft', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&status=draft'),
  get('read.job.status.published', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&status=published'),
  get('read.job.status.bad', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&status=nope'),
  get('read.job.locale', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&locale=fr'),
  get('read.job.one.locale', '/api/jobs/@@j1?fields[0]=jobTitle&locale=fr'),
  get('read.job.one.status.draft', '/api/jobs/@@j1?fields[0]=jobTitle&status=draft'),
  get('read.job.unknown-param', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&foo=bar'),
  get('read.job.search-param', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&_q=Engineer'),
  get('read.unknown-type', '/api/vacancies'),
  get('read.singular-path', '/api/job'),
];

export const VIEWS = [...applicationFilters, ...applicationViews, ...oneViews, ...singles];
