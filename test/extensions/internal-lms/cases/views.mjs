// Each caller's view: the API token, two signed-in users and the Public role on every type and on the users routes
// (the user extended with course statuses and goals), and the users-permissions routes the project's register()
// replaces (providers.connect, reached only through a provider's callback).
// @ts-nocheck
import { get, post } from '../../../conformance/catalogue/helpers.mjs';
import { ANN, AS, NONE } from './common.mjs';

const perCaller = AS.flatMap(([who, auth]) => [
  get(`auth.course.find.${who}`, '/api/courses?sort=title&fields[0]=title&pagination[pageSize]=2', auth),
  get(`auth.course.findOne.${who}`, '/api/courses/@@k2?fields[0]=title', auth),
  get(`auth.course.populate.ratings-user.${who}`, '/api/courses/@@k1?fields[0]=title&populate[ratings][populate]=user', auth),
  get(`auth.category.find.${who}`, '/api/categories?sort=name&fields[0]=name', auth),
  get(`auth.section.findOne.${who}`, '/api/sections/@@s1?populate=modules', auth),
  get(`auth.module.find.${who}`, '/api/modules?sort=title&fields[0]=title&pagination[pageSize]=3', auth),
  get(`auth.rating.find.${who}`, '/api/ratings?sort=value&fields[0]=value', auth),
  get(`auth.rating.findOne.${who}`, '/api/ratings/@@r1?populate=user', auth),
  get(`auth.course-status.find.${who}`, '/api/course-statuses?sort=progress&fields[0]=progress', auth),
  get(`auth.course-status.findOne.${who}`, '/api/course-statuses/@@cs1?fields[0]=progress', auth),
  get(`auth.course-status.populate.user.${who}`, '/api/course-statuses?sort=progress&fields[0]=progress&populate=user', auth),
  get(`auth.users.me.${who}`, '/api/users/me', auth),
  get(`auth.users.me.populate.${who}`, '/api/users/me?populate=*', auth),
  get(`auth.users.me.course-statuses.${who}`, '/api/users/me?populate[courseStatuses][fields][0]=progress', auth),
  get(`auth.users.me.goals.${who}`, '/api/users/me?populate[goals][fields][0]=title', auth),
  get(`auth.users.find.${who}`, '/api/users?sort=username', auth),
  get(`auth.users.find.populate.${who}`, '/api/users?sort=username&populate[goals][fields][0]=title&populate[courseStatuses][fields][0]=progress', auth),
  get(`auth.users.find.filter-goals.${who}`, '/api/users?filters[goals][title][$eq]=Selling with Stories', auth),
  get(`auth.users.findOne.${who}`, '/api/users/@@ann?populate=goals', auth),
  get(`auth.users.count.${who}`, '/api/users/count', auth),
  get(`auth.course.status-draft.${who}`, '/api/courses?status=draft&fields[0]=title&sort=title', auth),
  get(`auth.section.populate.deep.${who}`, '/api/sections?sort=name&fields[0]=name&populate[modules][fields][0]=title', auth),
  get(`auth.course.populate.authors.${who}`, '/api/courses/@@k1?fields[0]=title&populate=authors', auth),
  get(`auth.rating.filter.user.${who}`, '/api/ratings?sort=value&fields[0]=value&filters[user][username][$eq]=ann', auth),
  get(`auth.course-status.filter.user.${who}`, '/api/course-statuses?sort=progress&fields[0]=progress&filters[user][username][$eq]=ann', auth),
  get(`auth.mux-token.absent.${who}`, '/api/mux-token', auth),
]);

// users-permissions provider routes: register() replaces providers.connect, which runs only for an enabled provider
const providers = [
  get('provider.connect.google', '/api/connect/google', NONE),
  get('provider.callback.google.no-token', '/api/auth/google/callback', NONE),
  get('provider.callback.google.token', '/api/auth/google/callback?access_token=abc', NONE),
  get('provider.callback.unknown', '/api/auth/nope/callback?access_token=abc', NONE),
  get('provider.callback.local', '/api/auth/local/callback?access_token=abc', NONE),
  get('provider.connect.unknown', '/api/connect/nope', NONE),
];

const login = [
  post('auth.login.ann', '/api/auth/local', { identifier: 'ann', password: 'correct-horse' }, NONE),
  post('auth.login.ann.email', '/api/auth/local', { identifier: 'ANN@example.com', password: 'correct-horse' }, NONE),
  post('auth.login.wrong', '/api/auth/local', { identifier: 'ann', password: 'wrong-horse' }, NONE),
  post('auth.register.taken', '/api/auth/local/register', { username: 'ann', email: 'ann2@example.com', password: 'correct-horse' }, NONE),
  post('auth.register.extra-field', '/api/auth/local/register',
    { username: 'cid', email: 'cid@example.com', password: 'correct-horse', goals: ['@@k1Id'] }, NONE),
  get('auth.bad-jwt', '/api/course-statuses', { auth: 'none', headers: { Authorization: 'Bearer not-a-jwt' } }),
  get('auth.me.bad-jwt', '/api/users/me', { auth: 'none', headers: { Authorization: 'Bearer not-a-jwt' } }),
  get('auth.me.after-login', '/api/users/me?fields[0]=username', ANN),
];

export const VIEWS = [...perCaller, ...providers, ...login];
