// Requests to test/extensions/bootstrap, a project whose src/ uses the Strapi APIs real projects' bootstrap,
// lifecycles and services call (docs/guide/extending.md): its bootstrap grants the Public role through the
// users-permissions tables and seeds through the query engine and the Entity Service, a lifecycle reads
// strapi.requestContext, a service asks the i18n locales service. Recorded from the real Strapi 5.54 running the
// same src/ (record.mjs --set bootstrap) and replayed against this server (bootstrap-replay.test.ts).
// @ts-nocheck
import { get, post } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };

export const CASES = [
  // What bootstrap granted the Public role holds over HTTP, and nothing more.
  get('public.articles.granted', '/api/articles?sort=title&fields[0]=title&fields[1]=views', NONE),
  get('public.articles.findOne.granted', '/api/articles?filters[slug][$eq]=hello&fields[0]=slug', { ...NONE, capture: { a1: 'data.0.documentId' } }),
  get('public.article.findOne', '/api/articles/@@a1?fields[0]=title&populate[category][fields][0]=name', NONE),
  get('public.categories.granted', '/api/categories?sort=name&fields[0]=name', { ...NONE, capture: { c1: 'data.0.documentId' } }),
  get('public.category.findOne.not-granted', '/api/categories/@@c1', NONE),
  post('public.categories.create.not-granted', '/api/categories', { data: { name: 'Nope' } }, NONE),
  // The query engine's rows, counts and writes, and the Entity Service, as the project's routes answer them.
  get('engine.rows', '/api/articles-report/rows', NONE),
  get('engine.query', '/api/articles-report/query', NONE),
  get('engine.findOne.whole-row', '/api/articles-report/one', NONE),
  get('engine.counts', '/api/articles-report/counts', NONE),
  get('entity-service.reads', '/api/articles-report/entity', NONE),
  get('i18n.locales-service', '/api/articles-report/locales', NONE),
  get('permissions.public-role', '/api/articles-report/permissions', NONE),
  post('engine.writes', '/api/articles-report/write', undefined, NONE),
  get('engine.rows.after-writes', '/api/articles-report/rows', NONE),
  get('public.articles.after-writes', '/api/articles?sort=title&fields[0]=title&fields[1]=views', NONE),
  // A lifecycle reading strapi.requestContext: the request's user, or none.
  post('lifecycle.request-context.public', '/api/reviews', { data: { text: 'Nice' } }, NONE),
  post('user.register', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt' } }),
  post('lifecycle.request-context.user', '/api/reviews', { data: { text: 'Mine' } }, { auth: 'jwt:ann' }),
  post('lifecycle.request-context.engine-write', '/api/articles-report/review', undefined, NONE),
  get('reviews.listed', '/api/reviews?sort=text&fields[0]=text&fields[1]=author&fields[2]=via', NONE),
  // The role service and a permission row's delete change what the Public role may do, at once.
  post('permissions.grant-through-role-service', '/api/articles-report/grant', undefined, NONE),
  get('public.category.findOne.after-grant', '/api/categories/@@c1?fields[0]=name', NONE),
  post('permissions.revoke-by-deleting-row', '/api/articles-report/revoke', undefined, NONE),
  get('public.reviews.after-revoke', '/api/reviews', NONE),
  get('permissions.public-role.after', '/api/articles-report/permissions', NONE),
];
