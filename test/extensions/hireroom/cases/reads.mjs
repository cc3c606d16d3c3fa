// Reads of companies and jobs in every form: filters on each field and operator, sorts, field selections,
// pagination, populate, filters through relations and components, and the same as the Public role and a signed-in user.
// @ts-nocheck
import { get, q } from '../../../conformance/catalogue/helpers.mjs';
import { ANN, NONE, filterQuery } from './common.mjs';

// Filters on each scalar field of a job, in each operator that applies, with values that match some but not all.
const JOB_FILTERS = {
  jobTitle: [['$eq', 'Intern'], ['$eqi', 'intern'], ['$ne', 'Intern'], ['$contains', 'Engineer'], ['$notContains', 'Engineer'],
    ['$containsi', 'engineer'], ['$notContainsi', 'ENGINEER'], ['$startsWith', 'D'], ['$startsWithi', 'd'], ['$endsWith', 'Engineer'],
    ['$endsWithi', 'ENGINEER'], ['$lt', 'E'], ['$lte', 'Data Analyst'], ['$gt', 'E'], ['$gte', 'Intern'], ['$null', 'true'],
    ['$notNull', 'true'], ['$between', ['B', 'E']]],
  salaryRange: [['$eq', '200k'], ['$contains', 'k-'], ['$startsWith', '1'], ['$in', ['20k', '300k']], ['$notIn', ['20k', '300k']]],
  jobType: [['$eq', 'Full-time'], ['$ne', 'Full-time'], ['$in', ['Contract', 'Part-time']], ['$notIn', ['Full-time']], ['$eq', 'Freelance'],
    ['$null', 'true'], ['$notNull', 'false']],
  workplace: [['$eq', 'Remote'], ['$eqi', 'remote'], ['$in', ['Hybrid', 'Remote']], ['$containsi', 'SITE']],
  seniority: [['$eq', 'Entry-Level'], ['$ne', 'Senior'], ['$in', ['Manager', 'Director', 'Executive']], ['$gt', 'M'], ['$startsWith', 'E']],
  id: [['$eq', '@@j3Id'], ['$gt', '@@j4Id'], ['$in', ['@@j1Id', '@@j8Id']], ['$lte', '@@j2Id']],
};
const jobFilters = Object.entries(JOB_FILTERS).flatMap(([field, ops]) => ops.map(([op, value], at) =>
  get(`read.job.filter.${field}.${op}.${at}`, `/api/jobs?fields[0]=jobTitle&sort=jobTitle&${filterQuery(field, op, value)}`)));

const JOB_FIELDS = ['jobTitle', 'salaryRange', 'jobType', 'workplace', 'seniority', 'createdAt'];
const jobSorts = [
  ...JOB_FIELDS.flatMap((field) => ['asc', 'desc'].map((dir) =>
    get(`read.job.sort.${field}.${dir}`, `/api/jobs?fields[0]=jobTitle&fields[1]=${field}&sort=${field}:${dir}`))),
  get('read.job.sort.two', '/api/jobs?fields[0]=jobTitle&sort[0]=jobType:desc&sort[1]=jobTitle'),
  get('read.job.sort.comma', `/api/jobs?fields[0]=jobTitle&sort=${q('seniority,jobTitle:desc')}`),
  get('read.job.sort.relation', `/api/jobs?fields[0]=jobTitle&sort[0]=${q('company.companyName')}&sort[1]=jobTitle`),
  get('read.job.sort.id-desc', '/api/jobs?fields[0]=jobTitle&sort=id:desc'),
  get('read.job.sort.unknown', '/api/jobs?fields[0]=jobTitle&sort=nope'),
  get('read.job.sort.bad-direction', '/api/jobs?fields[0]=jobTitle&sort=jobTitle:sideways'),
  get('read.job.sort.component', '/api/jobs?fields[0]=jobTitle&sort=benefits'),
  get('read.company.sort.name', '/api/companies?fields[0]=companyName&sort=companyName:desc'),
  get('read.company.sort.website', '/api/companies?fields[0]=companyName&sort[0]=companyWebsite&sort[1]=companyName'),
];

const jobFields = [
  ...JOB_FIELDS.map((field) => get(`read.job.fields.${field}`, `/api/jobs?sort=jobTitle&fields[0]=${field}`)),
  get('read.job.fields.comma', `/api/jobs?sort=jobTitle&fields=${q('jobTitle,workplace')}`),
  get('read.job.fields.none', '/api/jobs?sort=jobTitle'),
  get('read.job.fields.component', '/api/jobs?sort=jobTitle&fields[0]=benefits'),
  get('read.job.fields.relation', '/api/jobs?sort=jobTitle&fields[0]=company'),
  get('read.job.fields.unknown', '/api/jobs?sort=jobTitle&fields[0]=nope'),
  get('read.job.fields.documentId', '/api/jobs?sort=jobTitle&fields[0]=documentId'),
  get('read.job.fields.star', '/api/jobs?sort=jobTitle&fields[0]=*'),
  get('read.company.fields.website', '/api/companies?sort=companyName&fields[0]=companyWebsite'),
];

const pagination = [
  ...[[1, 3], [2, 3], [3, 3], [4, 3], [1, 100], [1, 1]].map(([page, size]) =>
    get(`read.job.page.${page}.${size}`, `/api/jobs?fields[0]=jobTitle&sort=jobTitle&pagination[page]=${page}&pagination[pageSize]=${size}`)),
  ...[[0, 2], [2, 2], [6, 10], [0, -1], [20, 5]].map(([start, limit]) =>
    get(`read.job.offset.${start}.${limit}`, `/api/jobs?fields[0]=jobTitle&sort=jobTitle&pagination[start]=${start}&pagination[limit]=${limit}`)),
  get('read.job.page.with-count-false', '/api/jobs?fields[0]=jobTitle&sort=jobTitle&pagination[pageSize]=2&pagination[withCount]=false'),
  get('read.job.page.zero', '/api/jobs?fields[0]=jobTitle&pagination[page]=0'),
  get('read.job.page.text', '/api/jobs?fields[0]=jobTitle&pagination[page]=two'),
  get('read.job.page.size-zero', '/api/jobs?fields[0]=jobTitle&pagination[pageSize]=0'),
  get('read.job.page.mixed', '/api/jobs?fields[0]=jobTitle&pagination[page]=1&pagination[limit]=2'),
  get('read.job.page.negative-start', '/api/jobs?fields[0]=jobTitle&pagination[start]=-1'),
  get('read.job.page.over-max', '/api/jobs?fields[0]=jobTitle&sort=jobTitle&pagination[pageSize]=1000'),
  get('read.company.page.2', '/api/companies?fields[0]=companyName&sort=companyName&pagination[page]=2&pagination[pageSize]=2'),
];

const populate = [
  get('read.job.populate.star', '/api/jobs?sort=jobTitle&populate=*'),
  get('read.job.one.populate.star', '/api/jobs/@@j1?populate=*'),
  get('read.job.populate.company', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate=company'),
  get('read.job.populate.company.fields', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate[company][fields][0]=companyName'),
  get('read.job.populate.company.logo', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate[company][populate]=logo'),
  get('read.job.populate.company.star', '/api/jobs/@@j2?fields[0]=jobTitle&populate[company][populate]=*'),
  get('read.job.populate.company.about', '/api/jobs/@@j6?fields[0]=jobTitle&populate[company][populate][about]=true'),
  get('read.job.populate.company.jobs', '/api/jobs/@@j3?fields[0]=jobTitle&populate[company][populate][jobs][fields][0]=jobTitle'),
  get('read.job.populate.components', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate[0]=benefits&populate[1]=aboutRole'),
  get('read.job.populate.components.comma', `/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate=${q('benefits,whatWeDo,waysToWork')}`),
  get('read.job.populate.component.fields', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate[benefits][fields][0]=text'),
  get('read.job.populate.component.true', '/api/jobs/@@j1?fields[0]=jobTitle&populate[benefits]=true'),
  get('read.job.populate.component.false', '/api/jobs/@@j1?fields[0]=jobTitle&populate[benefits]=false'),
  get('read.job.populate.applications', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate=applications'),
  get('read.job.populate.applications.fields', '/api/jobs/@@j1?fields[0]=jobTitle&populate[applications][fields][0]=applicationStatus'),
  get('read.job.populate.applications.sort', '/api/jobs/@@j1?fields[0]=jobTitle&populate[applications][sort]=applicationStatus:desc'),
  get('read.job.populate.applications.filter',
    '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate[applications][filters][applicationStatus][$eq]=Pending'),
  get('read.job.populate.applications.count', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate[applications][count]=true'),
  get('read.job.populate.applications.user', '/api/jobs/@@j1?fields[0]=jobTitle&populate[applications][populate]=user'),
  get('read.job.populate.applications.user.fields',
    '/api/jobs/@@j1?fields[0]=jobTitle&populate[applications][populate][user][fields][0]=username'),
  get('read.job.populate.applications.resume', '/api/jobs/@@j1?fields[0]=jobTitle&populate[applications][populate]=resume'),
  get('read.job.populate.unknown', '/api/jobs?fields[0]=jobTitle&populate=nope'),
  get('read.job.populate.scalar', '/api/jobs?fields[0]=jobTitle&populate=jobTitle'),
  get('read.job.populate.public', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&populate=*', NONE),
  get('read.job.populate.applications.public', '/api/jobs/@@j1?fields[0]=jobTitle&populate=applications', NONE),
  get('read.job.populate.deep.public', '/api/jobs/@@j1?fields[0]=jobTitle&populate[applications][populate]=user', NONE),
  get('read.company.populate.star', '/api/companies?sort=companyName&populate=*'),
  get('read.company.one.populate.star', '/api/companies/@@acme?populate=*'),
  get('read.company.populate.logo', '/api/companies?sort=companyName&fields[0]=companyName&populate=logo'),
  get('read.company.populate.logo.fields', '/api/companies/@@acme?fields[0]=companyName&populate[logo][fields][0]=name'),
  get('read.company.populate.about', '/api/companies?sort=companyName&fields[0]=companyName&populate=about'),
  get('read.company.populate.jobs', '/api/companies?sort=companyName&fields[0]=companyName&populate[jobs][fields][0]=jobTitle'),
  get('read.company.populate.jobs.sorted', '/api/companies/@@acme?fields[0]=companyName&populate[jobs][sort]=jobTitle:desc'),
  get('read.company.populate.jobs.filtered',
    '/api/companies?sort=companyName&fields[0]=companyName&populate[jobs][filters][workplace][$eq]=On-site&populate[jobs][fields][0]=jobTitle'),
  get('read.company.populate.jobs.components', '/api/companies/@@acme?fields[0]=companyName&populate[jobs][populate][benefits]=true'),
  get('read.company.populate.jobs.applications',
    '/api/companies/@@acme?fields[0]=companyName&populate[jobs][populate][applications][fields][0]=skills'),
  get('read.company.populate.jobs.count', '/api/companies?sort=companyName&fields[0]=companyName&populate[jobs][count]=true'),
  get('read.company.populate.public', '/api/companies?sort=companyName&populate=*', NONE),
  get('read.application.populate.star', '/api/applications?sort=skills&populate=*'),
  get('read.application.populate.user', '/api/applications?sort=skills&fields[0]=skills&populate=user'),
  get('read.application.populate.user.fields', '/api/applications?sort=skills&fields[0]=skills&populate[user][fields][0]=username'),
  get('read.application.populate.user.detail',
    '/api/applications?sort=skills&fields[0]=skills&populate[user][populate][user_detail][fields][0]=firstName'),
  get('read.application.populate.job.company',
    '/api/applications?sort=skills&fields[0]=skills&populate[job][fields][0]=jobTitle&populate[job][populate][company][fields][0]=companyName'),
  get('read.application.populate.resume', '/api/applications/@@a1?fields[0]=skills&populate=resume'),
  get('read.user-detail.populate.star', '/api/user-details?sort=firstName&populate=*'),
  get('read.user-detail.populate.user', '/api/user-details?sort=firstName&fields[0]=firstName&populate[user][fields][0]=username'),
  get('read.user-detail.populate.user.applications',
    '/api/user-details?sort=firstName&fields[0]=firstName&populate[user][populate][applications][fields][0]=skills'),
];

const relationFilters = [
  get('read.job.filter.company.name', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company][companyName][$eq]=Acme'),
  get('read.job.filter.company.documentId', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company][documentId][$eq]=@@globex'),
  get('read.job.filter.company.id', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company][id][$eq]=@@umbrellaId'),
  get('read.job.filter.company.shorthand', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company]=@@acmeId'),
  get('read.job.filter.company.null', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company][id][$null]=true'),
  get('read.job.filter.company.website.null', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company][companyWebsite][$null]=true'),
  get('read.job.filter.applications.status', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[applications][applicationStatus][$eq]=Pending'),
  get('read.job.filter.applications.user', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[applications][user][username][$eq]=bob'),
  get('read.job.filter.applications.none', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[applications][id][$null]=true'),
  get('read.job.filter.component', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[benefits][text][$eq]=Gym'),
  get('read.job.filter.component.contains', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[aboutRole][text][$containsi]=s'),
  get('read.job.filter.or', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[$or][0][jobType][$eq]=Contract&filters[$or][1][seniority][$eq]=Director'),
  get('read.job.filter.and', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[$and][0][jobType][$eq]=Full-time&filters[$and][1][workplace][$eq]=Hybrid'),
  get('read.job.filter.not', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[$not][workplace][$eq]=On-site'),
  get('read.job.filter.nested-or', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company][$or][0][companyName][$eq]=Acme&filters[company][$or][1][companyName][$eq]=Initech'),
  get('read.job.filter.unknown-field', '/api/jobs?fields[0]=jobTitle&filters[nope][$eq]=1'),
  get('read.job.filter.unknown-operator', '/api/jobs?fields[0]=jobTitle&filters[jobTitle][$like]=Intern'),
  get('read.job.filter.public', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[company][companyName][$eq]=Acme', NONE),
  get('read.job.filter.applications.public', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&filters[applications][applicationStatus][$eq]=Pending', NONE),
  get('read.company.filter.jobs.type', '/api/companies?sort=companyName&fields[0]=companyName&filters[jobs][jobType][$eq]=Contract'),
  get('read.company.filter.jobs.none', '/api/companies?sort=companyName&fields[0]=companyName&filters[jobs][id][$null]=true'),
  get('read.company.filter.about', '/api/companies?sort=companyName&fields[0]=companyName&filters[about][text][$eq]=Energy'),
  get('read.company.filter.logo', '/api/companies?sort=companyName&fields[0]=companyName&filters[logo][id][$notNull]=true'),
  get('read.company.filter.logo.name', '/api/companies?sort=companyName&fields[0]=companyName&filters[logo][name][$eq]=logo.png'),
  get('read.company.filter.website', '/api/companies?sort=companyName&fields[0]=companyName&filters[companyWebsite][$endsWith]=.example'),
  get('read.application.filter.user', '/api/applications?sort=skills&fields[0]=skills&filters[user][username][$eq]=ann'),
  get('read.application.filter.user.id', '/api/applications?sort=skills&fields[0]=skills&filters[user][id][$eq]=@@bob'),
  get('read.application.filter.user.none', '/api/applications?sort=skills&fields[0]=skills&filters[user][id][$null]=true'),
  get('read.application.filter.user.email', '/api/applications?sort=skills&fields[0]=skills&filters[user][email][$contains]=cat'),
  get('read.application.filter.job.company', '/api/applications?sort=skills&fields[0]=skills&filters[job][company][companyName][$eq]=Acme'),
  get('read.application.filter.status.null', '/api/applications?sort=skills&fields[0]=skills&filters[applicationStatus][$null]=true'),
  get('read.application.filter.resume', '/api/applications?sort=skills&fields[0]=skills&filters[resume][id][$notNull]=true'),
  get('read.user-detail.filter.user', '/api/user-details?sort=firstName&fields[0]=firstName&filters[user][username][$eq]=bob'),
  get('read.user-detail.filter.user.none', '/api/user-details?sort=firstName&fields[0]=firstName&filters[user][id][$null]=true'),
];

// The same relation filters and populates as the Public role and a signed-in user: what each may read through
// a relation (applications and users are not readable by the Public role) decides what the filter may name.
const viewed = [...relationFilters, ...populate].filter((kase) => /^\/api\/(jobs|companies)/.test(kase.path) && !kase.auth);
const roleViews = [['public', NONE], ['ann', ANN]].flatMap(([who, auth]) =>
  viewed.map((kase) => ({ ...kase, id: kase.id.replace(/^read\./, `role.${who}.`), ...auth })));

const COMPANY_FILTERS = {
  companyName: [['$eq', 'Acme'], ['$ne', 'Acme'], ['$in', ['Acme', 'Initech']], ['$containsi', 'E'], ['$lt', 'H'], ['$startsWith', 'U']],
  companyWebsite: [['$null', 'true'], ['$notNull', 'true'], ['$contains', 'glob'], ['$eq', '']],
  documentId: [['$eq', '@@acme'], ['$in', ['@@globex', '@@umbrella']]],
};
const companyFilters = Object.entries(COMPANY_FILTERS).flatMap(([field, ops]) => ops.map(([op, value], at) =>
  get(`read.company.filter.${field}.${op}.${at}`, `/api/companies?fields[0]=companyName&sort=companyName&${filterQuery(field, op, value)}`)));

export const READS = [...jobFilters, ...jobSorts, ...jobFields, ...pagination, ...populate, ...relationFilters,
  ...roleViews, ...companyFilters];
