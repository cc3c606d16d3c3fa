// Requests to test/extensions/internal-lms, the public Strapi 5 project strapi/internal-lms (README.md): courses with
// rich text, a thumbnail, ratings, categories, sections of modules and admin authors; course statuses with nested
// repeatable components relating to sections and modules; a users-permissions user extended with course statuses and
// goals; a register() that replaces the users-permissions provider login. Reads in every form, writes and the reads
// after them, the Public, API token and users-permissions JWT views. Recorded from the real Strapi 5.54 running the
// project's own src/ (record.mjs --set internal-lms) and replayed against this server (internal-lms.test.ts).
// @ts-nocheck
import { post } from '../../conformance/catalogue/helpers.mjs';
import { ANN, BOB, NONE, blocks } from './cases/common.mjs';
import { READS } from './cases/reads.mjs';
import { VIEWS } from './cases/views.mjs';
import { WRITES } from './cases/writes.mjs';

const user = (name) => post(`seed.user.${name}`, '/api/auth/local/register',
  { username: name, email: `${name}@example.com`, password: 'correct-horse' },
  { ...NONE, capture: { [`jwt:${name}`]: 'jwt', [name]: 'user.id', [`${name}Doc`]: 'user.documentId' } });
const make = (type, plural, key, data, query = '') => post(`seed.${type}.${key}`, `/api/${plural}${query}`, { data },
  { capture: { [key]: 'data.documentId', [`${key}Id`]: 'data.id' } });

const CATEGORIES = [['c1', 'Design', 'Shapes and colours'], ['c2', 'Engineering', 'Code and systems'],
  ['c3', 'Marketing', null], ['c4', 'Sales', 'Deals'], ['c5', 'Legal', 'Contracts']];
const MODULES = [['m1', 'Welcome', 'What the course covers'], ['m2', 'Content types', 'Collections and singles'],
  ['m3', 'Relations', null], ['m4', 'Components', 'Reusable groups of fields'], ['m5', 'Dynamic zones', 'Blocks of components'],
  ['m6', 'Wrap-up', 'What comes next']];
const SECTIONS = [['s1', 'Getting started', 'First steps', ['m1', 'm2']], ['s2', 'Modelling', null, ['m3']],
  ['s3', 'Advanced modelling', 'Deeper', ['m4', 'm5']], ['s4', 'Closing', 'The end', []]];
const COURSES = [
  ['k1', 'Intro to Strapi', 'intro-to-strapi', 'Start here', ['c2'], ['s1', 's2'], blocks('Learn the basics.', 'Then build.'), true],
  ['k2', 'Advanced Content Modeling', 'advanced-content-modeling', 'For modellers', ['c1'], ['s3'], blocks('Go deep.'), false],
  ['k3', 'Selling with Stories', 'selling-with-stories', null, ['c3', 'c4'], [], [], false],
  ['k4', 'Contract Basics', 'contract-basics', 'Read the small print', ['c5'], ['s4'], blocks('Clauses.'), false],
];

const seed = [
  user('ann'), user('bob'),
  { id: 'seed.upload.thumbnail', method: 'POST', path: '/api/upload',
    multipart: { files: [{ name: 'thumbnail.png', type: 'image/png', asset: 'tiny.png' }] }, capture: { thumb: '0.id' } },
  ...CATEGORIES.map(([key, name, description]) => make('category', 'categories', key, { name, ...(description ? { description } : {}) })),
  ...MODULES.map(([key, title, description]) => make('module', 'modules', key, { title, ...(description ? { description } : {}) })),
  ...SECTIONS.map(([key, name, description, modules]) => make('section', 'sections', key,
    { name, ...(description ? { description } : {}), modules: modules.map((one) => `@@${one}`) })),
  ...COURSES.map(([key, title, slug, synopsis, categories, sections, description, thumbnail]) => make('course', 'courses', key,
    { title, slug, ...(synopsis ? { synopsis } : {}), description, categories: categories.map((one) => `@@${one}`),
      sections: sections.map((one) => `@@${one}`), ...(thumbnail ? { thumbnail: '@@thumb' } : {}) })),
  // a course kept as a draft only
  make('course', 'courses', 'k5', { title: 'Unreleased Workshop', slug: 'unreleased-workshop', synopsis: 'Soon' }, '?status=draft'),
  // ratings: by the token for a user, and by the users themselves (nothing sets the user from the caller here)
  make('rating', 'ratings', 'r1', { value: 5, comment: 'Great start', user: '@@ann', course: '@@k1' }),
  post('seed.rating.ann', '/api/ratings', { data: { value: 4, comment: 'Clear', course: '@@k1' } }, { ...ANN, capture: { r2: 'data.documentId', r2Id: 'data.id' } }),
  post('seed.rating.bob', '/api/ratings', { data: { value: 3, user: '@@bob', course: '@@k2' } }, { ...BOB, capture: { r3: 'data.documentId', r3Id: 'data.id' } }),
  make('rating', 'ratings', 'r4', { value: 1, comment: 'Not for me', course: '@@k3' }),
  make('rating', 'ratings', 'r5', { value: 2, comment: 'Too short' }),
  // course statuses: nested repeatable components relating to sections and modules
  post('seed.course-status.ann', '/api/course-statuses', { data: { course: '@@k1', progress: 40, user: '@@ann', isFavourite: true,
    sections: [{ section: '@@s1', modules: [{ progress: 100, module: '@@m1' }, { progress: 20, module: '@@m2' }] },
      { section: '@@s2', modules: [{ progress: 0, module: '@@m3' }] }] } }, { ...ANN, capture: { cs1: 'data.documentId', cs1Id: 'data.id' } }),
  post('seed.course-status.bob', '/api/course-statuses', { data: { course: '@@k2', progress: 75, user: '@@bob', isFavourite: false,
    sections: [{ section: '@@s3', modules: [{ progress: 75, module: '@@m4' }] }] } }, { ...BOB, capture: { cs2: 'data.documentId', cs2Id: 'data.id' } }),
  post('seed.course-status.token', '/api/course-statuses', { data: { course: '@@k3', progress: 0, user: '@@ann' } },
    { capture: { cs3: 'data.documentId', cs3Id: 'data.id' } }),
  post('seed.course-status.no-user', '/api/course-statuses', { data: { progress: 10, sections: [] } },
    { capture: { cs4: 'data.documentId', cs4Id: 'data.id' } }),
  // the user's goals (the extension's own relation to courses), set by the token through the users route
  { id: 'seed.user.ann.goals', method: 'PUT', path: '/api/users/@@ann', body: { goals: ['@@k2Id', '@@k3Id'] } },
];

export const CASES = [...seed, ...READS, ...VIEWS, ...WRITES];
