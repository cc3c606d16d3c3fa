// Requests to test/extensions/hireroom, the public Strapi 5 project Maher-Ri/hireroom-backend (README.md): companies,
// jobs with repeatable components, applications and user details whose lifecycles set the owner from
// strapi.requestContext, a find controller that narrows applications to the signed-in user, and a users-permissions
// user extended with relations to them. Reads in every form, writes, the owner lifecycles and the Public, API token
// and users-permissions JWT views. Recorded from the real Strapi 5.54 running the project's own src/
// (record.mjs --set hireroom) and replayed against this server (hireroom.test.ts).
// @ts-nocheck
import { get, post, put, del, q } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const ANN = { auth: 'jwt:ann' };
const BOB = { auth: 'jwt:bob' };
const V4 = { headers: { 'Strapi-Response-Format': 'v4' } };

const user = (name) => post(`seed.user.${name}`, '/api/auth/local/register',
  { username: name, email: `${name}@example.com`, password: 'correct-horse' },
  { ...NONE, capture: { [`jwt:${name}`]: 'jwt', [name]: 'user.id', [`${name}Doc`]: 'user.documentId' } });
const upload = (id, name, type, asset, capture) => ({ id, method: 'POST', path: '/api/upload',
  multipart: { files: [asset ? { name, type, asset } : { name, type, text: `${name} of a candidate` }] }, capture });
const about = (...texts) => texts.map((text) => ({ text }));

const COMPANIES = [
  ['acme', { companyName: 'Acme', companyWebsite: 'https://acme.example', about: about('Rockets', 'Anvils'), logo: '@@logo' }],
  ['globex', { companyName: 'Globex', companyWebsite: 'https://globex.example', about: about('Energy') }],
  ['initech', { companyName: 'Initech', about: [] }],
  ['umbrella', { companyName: 'Umbrella', companyWebsite: 'https://umbrella.example', about: about('Pharma', 'Research', 'Labs') }],
];
const JOBS = [
  ['j1', 'Backend Engineer', '90k-120k', 'Full-time', 'Remote', 'Senior', 'acme', ['Pension', 'Gym'], ['APIs']],
  ['j2', 'Frontend Engineer', '70k-90k', 'Full-time', 'Hybrid', 'Mid-Level', 'acme', ['Gym'], ['Preact', 'CSS']],
  ['j3', 'Data Analyst', '50k-60k', 'Part-time', 'On-site', 'Entry-Level', 'globex', [], ['SQL']],
  ['j4', 'Engineering Manager', '130k-150k', 'Full-time', 'Hybrid', 'Manager', 'globex', ['Car', 'Pension'], []],
  ['j5', 'Contract Designer', '400/day', 'Contract', 'Remote', 'Mid-Level', 'initech', [], ['Figma']],
  ['j6', 'Director of Research', '200k', 'Full-time', 'On-site', 'Director', 'umbrella', ['Lab access'], ['Vaccines']],
  ['j7', 'Intern', '20k', 'Part-time', 'On-site', 'Entry-Level', null, [], []],
  ['j8', 'Chief Executive', '300k', 'Full-time', 'On-site', 'Executive', 'umbrella', ['Jet'], ['Everything']],
];

const seed = [
  user('ann'), user('bob'), user('cat'),
  upload('seed.upload.logo', 'logo.png', 'image/png', 'tiny.png', { logo: '0.id' }),
  upload('seed.upload.resume', 'resume.pdf', 'application/pdf', null, { resume: '0.id' }),
  ...COMPANIES.map(([key, data]) => post(`seed.company.${key}`, '/api/companies', { data },
    { capture: { [key]: 'data.documentId', [`${key}Id`]: 'data.id' } })),
  ...JOBS.map(([key, jobTitle, salaryRange, jobType, workplace, seniority, company, benefits, aboutRole]) =>
    post(`seed.job.${key}`, '/api/jobs', { data: { jobTitle, salaryRange, jobType, workplace, seniority,
      benefits: about(...benefits), aboutRole: about(...aboutRole), whatWeDo: about(`${jobTitle} work`), waysToWork: [],
      ...(company ? { company: `@@${company}` } : {}) } }, { capture: { [key]: 'data.documentId', [`${key}Id`]: 'data.id' } })),
  // the applications lifecycle sets the owner from the signed-in user (strategy users-permissions), never from a token
  post('seed.application.ann.j1', '/api/applications', { data: { job: '@@j1', applicationStatus: 'Pending',
    interestReason: 'I like APIs', skills: 'Node, SQL', resume: '@@resume' } }, { ...ANN, capture: { a1: 'data.documentId', a1Id: 'data.id' } }),
  post('seed.application.ann.j2', '/api/applications', { data: { job: '@@j2', applicationStatus: 'Rejected', skills: 'CSS' } },
    { ...ANN, capture: { a2: 'data.documentId' } }),
  post('seed.application.bob.j1', '/api/applications', { data: { job: '@@j1', applicationStatus: 'Accepted', interestReason: 'Remote' } },
    { ...BOB, capture: { a3: 'data.documentId' } }),
  post('seed.application.bob.j6', '/api/applications', { data: { job: '@@j6', interestReason: 'Research' } },
    { ...BOB, capture: { a4: 'data.documentId' } }),
  post('seed.application.token.for-ann', '/api/applications', { data: { job: '@@j3', user: '@@ann', skills: 'Excel' } },
    { capture: { a5: 'data.documentId' } }),
  post('seed.application.token', '/api/applications', { data: { job: '@@j4', applicationStatus: 'Pending', skills: 'People' } },
    { capture: { a6: 'data.documentId' } }),
  post('seed.application.token.for-cat', '/api/applications', { data: { job: '@@j5', user: '@@cat', skills: 'Figma' } },
    { capture: { a7: 'data.documentId' } }),
  // the user-detail lifecycle sets the owner whenever a user is signed in
  post('seed.user-detail.ann', '/api/user-details', { data: { firstName: 'Ann', lastName: 'Archer', resume: '@@resume' } },
    { ...ANN, capture: { d1: 'data.documentId' } }),
  post('seed.user-detail.bob', '/api/user-details', { data: { firstName: 'Bob', lastName: 'Baker' } }, { ...BOB, capture: { d2: 'data.documentId' } }),
  post('seed.user-detail.token', '/api/user-details', { data: { firstName: 'Nobody', lastName: 'Known' } }, { capture: { d3: 'data.documentId' } }),
];

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
// A value naming a capture (`@@j3Id`) stays as written: the runner puts the captured value in its place.
const value = (one) => (one.startsWith('@@') ? one : q(one));
const filterQuery = (field, op, one) => (Array.isArray(one)
  ? one.map((item, at) => `filters[${field}][${op}][${at}]=${value(item)}`).join('&') : `filters[${field}][${op}]=${value(one)}`);
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
  ...COMPANIES.map(([key]) => get(`read.company.one.${key}`, `/api/companies/@@${key}`)),
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

const writes = [
  // companies
  post('write.company.create.minimal', '/api/companies', { data: { companyName: 'Hooli' } }, { capture: { hooli: 'data.documentId' } }),
  post('write.company.create.full', '/api/companies?populate=*', { data: { companyName: 'Pied Piper', companyWebsite: 'https://pp.example',
    about: about('Compression'), logo: '@@logo', jobs: ['@@j7'] } }, { capture: { piper: 'data.documentId' } }),
  post('write.company.create.missing-name', '/api/companies', { data: { companyWebsite: 'https://x.example' } }),
  post('write.company.create.null-name', '/api/companies', { data: { companyName: null } }),
  post('write.company.create.empty-name', '/api/companies', { data: { companyName: '' } }),
  post('write.company.create.number-name', '/api/companies', { data: { companyName: 42 } }),
  post('write.company.create.about-not-array', '/api/companies', { data: { companyName: 'X', about: { text: 'a' } } }),
  post('write.company.create.about-bad-text', '/api/companies', { data: { companyName: 'X', about: [{ text: 5 }] } }),
  post('write.company.create.about-unknown-key', '/api/companies', { data: { companyName: 'X', about: [{ nope: 'a' }] } }),
  post('write.company.create.unknown-field', '/api/companies', { data: { companyName: 'X', nope: 1 } }),
  post('write.company.create.no-data', '/api/companies', { companyName: 'X' }),
  post('write.company.create.data-array', '/api/companies', { data: [{ companyName: 'X' }] }),
  post('write.company.create.logo-missing', '/api/companies', { data: { companyName: 'X', logo: 999999 } }),
  post('write.company.create.jobs-missing', '/api/companies', { data: { companyName: 'X', jobs: ['nothere1234567890abcdefg'] } }),
  { id: 'write.company.create.bad-json', method: 'POST', path: '/api/companies', rawBody: '{"data": {' },
  post('write.company.create.public', '/api/companies', { data: { companyName: 'Anon' } }, NONE),
  post('write.company.create.jwt', '/api/companies', { data: { companyName: 'Ann Inc' } }, ANN),
  put('write.company.update.name', '/api/companies/@@hooli', { data: { companyName: 'Hooli XYZ' } }),
  put('write.company.update.about', '/api/companies/@@hooli?populate=about', { data: { about: about('Search', 'Phones') } }),
  put('write.company.update.about-clear', '/api/companies/@@hooli?populate=about', { data: { about: [] } }),
  put('write.company.update.logo', '/api/companies/@@hooli?populate=logo', { data: { logo: '@@logo' } }),
  put('write.company.update.logo-null', '/api/companies/@@hooli?populate=logo', { data: { logo: null } }),
  put('write.company.update.jobs-connect', '/api/companies/@@hooli?populate[jobs][fields][0]=jobTitle',
    { data: { jobs: { connect: ['@@j5'] } } }),
  get('write.company.initech-lost-j5', '/api/companies/@@initech?populate[jobs][fields][0]=jobTitle'),
  put('write.company.update.jobs-disconnect', '/api/companies/@@hooli?populate[jobs][fields][0]=jobTitle',
    { data: { jobs: { disconnect: ['@@j5'] } } }),
  put('write.company.update.jobs-set', '/api/companies/@@initech?populate[jobs][fields][0]=jobTitle', { data: { jobs: { set: ['@@j5'] } } }),
  put('write.company.update.null-name', '/api/companies/@@hooli', { data: { companyName: null } }),
  put('write.company.update.missing', '/api/companies/doesnotexist1234567890ab', { data: { companyName: 'Y' } }),
  put('write.company.update.public', '/api/companies/@@hooli', { data: { companyName: 'Z' } }, NONE),
  put('write.company.update.empty', '/api/companies/@@hooli', { data: {} }),
  del('write.company.delete.public', '/api/companies/@@hooli', NONE),
  del('write.company.delete', '/api/companies/@@hooli'),
  del('write.company.delete.again', '/api/companies/@@hooli'),
  get('write.company.after-delete', '/api/companies?sort=companyName&fields[0]=companyName'),
  // jobs
  post('write.job.create.full', '/api/jobs?populate=*', { data: { jobTitle: 'QA Engineer', salaryRange: '60k', jobType: 'Contract',
    workplace: 'Remote', seniority: 'Mid-Level', benefits: about('Laptop'), aboutRole: about('Testing'), whatWeDo: [], waysToWork: about('Async'),
    company: '@@piper' } }, { capture: { jq: 'data.documentId' } }),
  post('write.job.create.missing-salary', '/api/jobs', { data: { jobTitle: 'No pay' } }),
  post('write.job.create.missing-both', '/api/jobs', { data: {} }),
  post('write.job.create.bad-enum', '/api/jobs', { data: { jobTitle: 'X', salaryRange: '1', jobType: 'Freelance' } }),
  post('write.job.create.bad-enums', '/api/jobs', { data: { jobTitle: 'X', salaryRange: '1', workplace: 'Moon', seniority: 'God' } }),
  post('write.job.create.enum-case', '/api/jobs', { data: { jobTitle: 'X', salaryRange: '1', jobType: 'full-time' } }),
  post('write.job.create.enum-null', '/api/jobs?fields[0]=jobType', { data: { jobTitle: 'Enum null', salaryRange: '1', jobType: null } },
    { capture: { jn: 'data.documentId' } }),
  post('write.job.create.company-by-id', '/api/jobs?populate[company][fields][0]=companyName',
    { data: { jobTitle: 'By id', salaryRange: '1', company: '@@acmeId' } }, { capture: { jid: 'data.documentId' } }),
  post('write.job.create.company-connect', '/api/jobs?populate[company][fields][0]=companyName',
    { data: { jobTitle: 'By connect', salaryRange: '1', company: { connect: [{ documentId: '@@globex' }] } } }, { capture: { jcn: 'data.documentId' } }),
  post('write.job.create.company-missing', '/api/jobs', { data: { jobTitle: 'X', salaryRange: '1', company: 'nothere1234567890abcdefg' } }),
  post('write.job.create.components-bad', '/api/jobs', { data: { jobTitle: 'X', salaryRange: '1', benefits: 'Gym' } }),
  post('write.job.create.component-item-bad', '/api/jobs', { data: { jobTitle: 'X', salaryRange: '1', benefits: [{ text: ['a'] }] } }),
  post('write.job.create.long-title', '/api/jobs?fields[0]=jobTitle', { data: { jobTitle: 'L'.repeat(300), salaryRange: '1' } }),
  post('write.job.create.application-link', '/api/jobs?populate[applications][fields][0]=skills',
    { data: { jobTitle: 'Takes a7', salaryRange: '1', applications: ['@@a7'] } }, { capture: { ja: 'data.documentId' } }),
  post('write.job.create.jwt-forbidden', '/api/jobs', { data: { jobTitle: 'X', salaryRange: '1' } }, ANN),
  put('write.job.update.enum', '/api/jobs/@@jq?fields[0]=jobType', { data: { jobType: 'Part-time' } }),
  put('write.job.update.enum-bad', '/api/jobs/@@jq', { data: { seniority: 'Guru' } }),
  put('write.job.update.required-null', '/api/jobs/@@jq', { data: { salaryRange: null } }),
  put('write.job.update.components', '/api/jobs/@@jq?populate[0]=benefits&populate[1]=waysToWork',
    { data: { benefits: about('Laptop', 'Phone'), waysToWork: [] } }),
  put('write.job.update.component-with-id', '/api/jobs/@@jq?populate=benefits', { data: { benefits: [{ id: 999999, text: 'Reused?' }] } }),
  put('write.job.update.company-null', '/api/jobs/@@jq?populate=company', { data: { company: null } }),
  put('write.job.update.company-set', '/api/jobs/@@jq?populate[company][fields][0]=companyName', { data: { company: { set: ['@@umbrella'] } } }),
  get('write.job.umbrella-jobs', '/api/companies/@@umbrella?fields[0]=companyName&populate[jobs][fields][0]=jobTitle&populate[jobs][sort]=jobTitle'),
  put('write.job.update.documentId-ignored', '/api/jobs/@@jq?fields[0]=jobTitle', { data: { documentId: 'abc', jobTitle: 'QA Lead' } }),
  put('write.job.update.id-ignored', '/api/jobs/@@jq?fields[0]=jobTitle', { data: { id: 1, jobTitle: 'QA Lead 2' } }),
  put('write.job.update.createdAt', '/api/jobs/@@jq?fields[0]=jobTitle', { data: { createdAt: '2020-01-01T00:00:00.000Z' } }),
  put('write.job.update.v4', '/api/jobs/@@jq?fields[0]=jobTitle', { data: { jobTitle: 'QA v4' } }, V4),
  put('write.job.update.jwt-forbidden', '/api/jobs/@@jq', { data: { jobTitle: 'X' } }, BOB),
  del('write.job.delete.jwt-forbidden', '/api/jobs/@@jq', BOB),
  del('write.job.delete', '/api/jobs/@@jn'),
  del('write.job.delete.populate', '/api/jobs/@@jcn?populate=*'),
  del('write.job.delete.with-applications', '/api/jobs/@@ja'),
  get('write.job.a7-after-job-delete', '/api/applications/@@a7?fields[0]=skills&populate[job][fields][0]=jobTitle'),
  del('write.job.delete.v4', '/api/jobs/@@jid', V4),
  get('write.job.after-deletes', '/api/jobs?sort=jobTitle&fields[0]=jobTitle&pagination[pageSize]=50'),
];

const lifecycles = [
  // applications: the owner is the signed-in user, whatever the body says; a token keeps the body's
  post('lifecycle.application.create.ann', '/api/applications?populate[user][fields][0]=username&populate[job][fields][0]=jobTitle',
    { data: { job: '@@j8', skills: 'Leadership' } }, { ...ANN, capture: { la1: 'data.documentId' } }),
  post('lifecycle.application.create.ann-claims-bob', '/api/applications?populate[user][fields][0]=username',
    { data: { job: '@@j8', skills: 'Claims', user: '@@bob' } }, ANN),
  post('lifecycle.application.create.ann-connect-bob', '/api/applications?populate[user][fields][0]=username',
    { data: { skills: 'Connects', user: { connect: ['@@bobDoc'] } } }, ANN),
  // the lifecycle overrides a body's user with the signed-in one
  post('lifecycle.application.create.bob-claims-ann', '/api/applications', { data: { job: '@@j3', user: '@@ann' } }, BOB),
  post('lifecycle.application.create.token-user', '/api/applications?populate[user][fields][0]=username',
    { data: { skills: 'Token set', user: '@@bob' } }, { capture: { la4: 'data.documentId' } }),
  post('lifecycle.application.create.token-none', '/api/applications?populate[user][fields][0]=username',
    { data: { skills: 'Token none' } }, { capture: { la5: 'data.documentId' } }),
  post('lifecycle.application.create.public', '/api/applications', { data: { skills: 'Anon' } }, NONE),
  post('lifecycle.application.create.cat.invalid', '/api/applications', { data: { applicationStatus: 'Hired' } }, { auth: 'jwt:cat' }),
  post('lifecycle.application.create.cat.missing-job', '/api/applications', { data: { job: 'nothere1234567890abcdefg' } }, { auth: 'jwt:cat' }),
  post('lifecycle.application.create.cat.resume', '/api/applications?populate=resume', { data: { resume: '@@resume', skills: 'Cats' } },
    { auth: 'jwt:cat', capture: { la6: 'data.documentId' } }),
  get('lifecycle.application.ann-sees', '/api/applications?sort=skills&fields[0]=skills&populate[user][fields][0]=username', ANN),
  get('lifecycle.application.bob-sees', '/api/applications?sort=skills&fields[0]=skills&populate[user][fields][0]=username', BOB),
  get('lifecycle.application.cat-sees', '/api/applications?sort=skills&fields[0]=skills', { auth: 'jwt:cat' }),
  get('lifecycle.application.token-sees', '/api/applications?sort=skills&fields[0]=skills&populate[user][fields][0]=username'),
  // updates and deletes run no owner lifecycle: a signed-in user keeps or changes the owner as the body says
  put('lifecycle.application.update.ann-own', '/api/applications/@@la1?populate[user][fields][0]=username',
    { data: { applicationStatus: 'Accepted' } }, ANN),
  put('lifecycle.application.update.ann-moves-user', '/api/applications/@@la1?populate[user][fields][0]=username',
    { data: { user: '@@cat' } }, ANN),
  put('lifecycle.application.update.bob-others', '/api/applications/@@a1?fields[0]=skills', { data: { skills: 'Bob wrote this' } }, BOB),
  put('lifecycle.application.update.token', '/api/applications/@@la5?populate[user][fields][0]=username', { data: { user: '@@ann' } }),
  put('lifecycle.application.update.public', '/api/applications/@@la5', { data: { skills: 'x' } }, NONE),
  put('lifecycle.application.update.bad-enum', '/api/applications/@@la5', { data: { applicationStatus: 'Maybe' } }, ANN),
  get('lifecycle.application.findOne.other', '/api/applications/@@a1?populate[user][fields][0]=username', BOB),
  del('lifecycle.application.delete.bob-others', '/api/applications/@@a2', BOB),
  del('lifecycle.application.delete.public', '/api/applications/@@la4', NONE),
  del('lifecycle.application.delete.token', '/api/applications/@@la4'),
  get('lifecycle.application.after', '/api/applications?sort=skills&fields[0]=skills&populate[user][fields][0]=username'),
  // user details: the owner is whoever is signed in; a one-to-one owner, so a second detail takes it over
  post('lifecycle.user-detail.create.cat', '/api/user-details?populate[user][fields][0]=username',
    { data: { firstName: 'Cat', lastName: 'Cole' } }, { auth: 'jwt:cat', capture: { ld1: 'data.documentId' } }),
  post('lifecycle.user-detail.create.ann-again', '/api/user-details?populate[user][fields][0]=username',
    { data: { firstName: 'Ann', lastName: 'Again' } }, { ...ANN, capture: { ld2: 'data.documentId' } }),
  get('lifecycle.user-detail.after-takeover', '/api/user-details?sort=lastName&fields[0]=lastName&populate[user][fields][0]=username'),
  get('lifecycle.user-detail.ann-me', '/api/users/me?populate[user_detail][fields][0]=lastName', ANN),
  post('lifecycle.user-detail.create.token-user', '/api/user-details?populate[user][fields][0]=username',
    { data: { firstName: 'Tok', lastName: 'En', user: '@@bob' } }, { capture: { ld3: 'data.documentId' } }),
  get('lifecycle.user-detail.bob-after-token', '/api/users/@@bob?populate[user_detail][fields][0]=lastName'),
  post('lifecycle.user-detail.create.missing-last', '/api/user-details', { data: { firstName: 'Half' } }, ANN),
  post('lifecycle.user-detail.create.public', '/api/user-details', { data: { firstName: 'A', lastName: 'B' } }, NONE),
  put('lifecycle.user-detail.update.cat', '/api/user-details/@@ld1?populate[user][fields][0]=username', { data: { lastName: 'Cooper' } },
    { auth: 'jwt:cat' }),
  put('lifecycle.user-detail.update.user-null', '/api/user-details/@@ld3?populate=user', { data: { user: null } }),
  del('lifecycle.user-detail.delete.jwt-forbidden', '/api/user-details/@@ld1', { auth: 'jwt:cat' }),
  del('lifecycle.user-detail.delete.token', '/api/user-details/@@ld1'),
  get('lifecycle.user-detail.after', '/api/user-details?sort=lastName&fields[0]=lastName&populate[user][fields][0]=username'),
];

export const CASES = [...seed, ...jobFilters, ...jobSorts, ...jobFields, ...pagination, ...populate, ...relationFilters,
  ...roleViews, ...companyFilters, ...applicationFilters, ...applicationViews, ...oneViews, ...singles, ...writes, ...lifecycles];
