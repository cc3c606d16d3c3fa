// Requests to test/extensions/hireroom, the public Strapi 5 project Maher-Ri/hireroom-backend (README.md): companies,
// jobs with repeatable components, applications and user details whose lifecycles set the owner from
// strapi.requestContext, a find controller that narrows applications to the signed-in user, and a users-permissions
// user extended with relations to them. Reads in every form, writes, the owner lifecycles and the Public, API token
// and users-permissions JWT views. Recorded from the real Strapi 5.54 running the project's own src/
// (record.mjs --set hireroom) and replayed against this server (hireroom.test.ts).
// @ts-nocheck
import { post } from '../../conformance/catalogue/helpers.mjs';
import { ANN, BOB, NONE, about } from './cases/common.mjs';
import { READS } from './cases/reads.mjs';
import { VIEWS } from './cases/views.mjs';
import { WRITES } from './cases/writes.mjs';

const user = (name) => post(`seed.user.${name}`, '/api/auth/local/register',
  { username: name, email: `${name}@example.com`, password: 'correct-horse' },
  { ...NONE, capture: { [`jwt:${name}`]: 'jwt', [name]: 'user.id', [`${name}Doc`]: 'user.documentId' } });
const upload = (id, name, type, asset, capture) => ({ id, method: 'POST', path: '/api/upload',
  multipart: { files: [asset ? { name, type, asset } : { name, type, text: `${name} of a candidate` }] }, capture });

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

export const CASES = [...seed, ...READS, ...VIEWS, ...WRITES];
