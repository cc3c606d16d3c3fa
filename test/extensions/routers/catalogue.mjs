// Requests to test/extensions/routers: every router form Strapi 5 registers from an api folder (a router
// `prefix`, a route's `config.prefix`, a route-level `prefix` Strapi ignores, a router made by a function, a
// `type` it overrides, inline handlers, JSON routers, core routers with prefix/only/except/config, Strapi
// v4's router wrapping a core one), the v4 response format through them, relations to
// upload files (users: ../user-targets), and morph relations in reads and writes. Recorded from the real
// Strapi 5.54 (record.mjs --set routers) and replayed against this server (replay.test.ts).
// @ts-nocheck
import { get, post, put, del, q } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const V4 = { headers: { 'Strapi-Response-Format': 'v4' } };
const RESTAURANT = 'api::restaurant.restaurant';
const REVIEW = 'api::review.review';

const seed = [
  post('seed.user.ann', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt' } }),
  { id: 'seed.upload.logo', method: 'POST', path: '/api/upload', multipart: { files: [{ name: 'logo.png', type: 'image/png', asset: 'tiny.png' }] },
    capture: { logo: '0.id', logoDoc: '0.documentId' } },
  post('seed.restaurant.r1', '/api/restaurants', { data: { name: 'Chez Ann', logo: '@@logo' } },
    { capture: { r1: 'data.documentId', r1id: 'data.id' } }),
  post('seed.restaurant.r2', '/api/restaurants', { data: { name: 'Bob Burgers' } },
    { capture: { r2: 'data.documentId', r2id: 'data.id' } }),
  post('seed.restaurant.r3', '/api/restaurants', { data: { name: 'Alone' } }, { capture: { r3: 'data.documentId' } }),
  post('seed.review.v1', '/api/reviews', { data: { text: 'lovely', stars: 5, restaurant: '@@r1' } },
    { capture: { v1: 'data.documentId', v1id: 'data.id' } }),
  post('seed.review.v2', '/api/reviews', { data: { text: 'fine', stars: 3, restaurant: '@@r2' } },
    { capture: { v2: 'data.documentId' } }),
  post('seed.category.c1', '/api/v2/categories', { data: { name: 'French' } }, { capture: { c1: 'data.documentId' } }),
  post('seed.dish.d1', '/api/dishes', { data: { name: 'Soup', price: 6 } }, { capture: { d1: 'data.documentId' } }),
  post('seed.dish.d2', '/api/dishes', { data: { name: 'Lobster', price: 40 } }, { capture: { d2: 'data.documentId' } }),
  put('seed.menu', '/api/menu', { data: { title: 'Winter' } }),
];

const routers = [
  get('router.prefix.find', '/api/restaurants?sort=name&fields[0]=name'),
  get('router.prefix.find.slash', '/api/restaurants/?sort=name&fields[0]=name'),
  get('router.prefix.find.public', '/api/restaurants?sort=name&fields[0]=name', NONE),
  get('router.prefix.findOne', '/api/restaurants/@@r1?fields[0]=name'),
  get('router.prefix.later-api-not-swallowed', '/api/reviews?sort=stars&fields[0]=text'),
  put('router.prefix.update', '/api/restaurants/@@r3', { data: { name: 'Alone, renamed' } }),
  del('router.prefix.delete-absent', '/api/restaurants/@@r3'),
  get('router.prefix.bare-api-path', '/api/@@r1'),
  get('router.config-prefix.empty', '/api/top'),
  get('router.config-prefix.empty.public', '/api/top', NONE),
  get('router.config-prefix.empty.under-router-prefix', '/api/restaurants/top'),
  get('router.config-prefix.value', '/api/restaurants-count', NONE),
  get('router.config-prefix.value.as-written', '/api/elsewhere/restaurants-count', NONE),
  get('router.config-prefix.value.without-api', '/elsewhere/restaurants-count', NONE),
  get('router.route-prefix.ignored', '/api/restaurants/@@r1/summary', NONE),
  get('router.route-prefix.not-a-prefix', '/api/ignored/restaurants/@@r1/summary', NONE),
  get('router.function.find', '/api/reviews?sort=stars&fields[0]=stars', NONE),
  get('router.function.type-admin-is-content-api', '/admin/reviews', NONE),
  get('router.inline-handler.public', '/api/reviews/ping', NONE),
  get('router.inline-handler.token', '/api/reviews/ping'),
  get('router.inline-handler.no-scope.public', '/api/reviews/pong', { ...NONE, recordHeaders: ['x-first'] }),
  get('router.inline-handler.no-scope.token', '/api/reviews/pong', { recordHeaders: ['x-first'] }),
  get('router.inline-handler.no-scope.user', '/api/reviews/pong', { auth: 'jwt:ann', recordHeaders: ['x-first'] }),
  get('router.custom-action.super-find', '/api/reviews/latest?fields[0]=text'),
  get('router.custom-action.super-find.public', '/api/reviews/latest?fields[0]=text', NONE),
  get('router.core-prefix.find', '/api/v2/categories?fields[0]=name', NONE),
  get('router.core-prefix.find.without-prefix', '/api/categories', NONE),
  get('router.core-prefix.config-prefix.findOne', '/api/categories/@@c1?fields[0]=name'),
  get('router.core-prefix.findOne.under-prefix', '/api/v2/categories/@@c1'),
  put('router.core-prefix.update-not-in-only', '/api/v2/categories/@@c1', { data: { name: 'x' } }),
  del('router.core-prefix.delete-excepted', '/api/v2/categories/@@c1'),
  get('router.wrapped-core.find', '/api/dishes?sort=name&fields[0]=name'),
  get('router.wrapped-core.extra-after-findOne', '/api/dishes/cheap', NONE),
  get('router.wrapped-core.extra', '/api/cheap-dishes', NONE),
  del('router.wrapped-core.delete-excepted', '/api/dishes/@@d1'),
  get('router.json.extra', '/api/menu/title', NONE),
  get('router.core.single-type', '/api/menu?fields[0]=title'),
];

const responseFormat = [
  get('v4.router.find', '/api/restaurants?sort=name&fields[0]=name', V4),
  get('v4.router.findOne.populate', '/api/restaurants/@@r1?fields[0]=name&populate[reviews][fields][0]=text', V4),
  get('v4.router.custom-transform', '/api/top', V4),
  get('v4.router.custom-plain', '/api/restaurants-count', { ...NONE, ...V4 }),
  get('v4.router.super-find', '/api/reviews/latest?fields[0]=text', V4),
  get('v4.core-prefix.find', '/api/v2/categories?fields[0]=name', { ...NONE, ...V4 }),
  get('v4.wrapped-core.findOne', '/api/dishes/@@d2?fields[0]=name', V4),
  post('v4.router.create', '/api/restaurants', { data: { name: 'Zed' } }, { ...V4, capture: { r4: 'data.documentId' } }),
  get('v4.single-type', '/api/menu?fields[0]=title', V4),
  get('v4.plugin-target.populate', '/api/restaurants/@@r1?fields[0]=name&populate[logo][fields][0]=name', V4),
];

const pluginTargets = [
  get('upload.populate.logo', '/api/restaurants/@@r1?fields[0]=name&populate=logo'),
  get('upload.populate.logo.fields', '/api/restaurants/@@r1?fields[0]=name&populate[logo][fields][0]=name&populate[logo][fields][1]=mime'),
  get('upload.populate.logo.public', '/api/restaurants/@@r1?fields[0]=name&populate=logo', NONE),
  get('upload.filter.logo.name', '/api/restaurants?fields[0]=name&filters[logo][name][$eq]=logo.png'),
  get('upload.filter.logo.null', '/api/restaurants?fields[0]=name&sort=name&filters[logo][$null]=true'),
  put('upload.write.connect', '/api/restaurants/@@r2?fields[0]=name&populate[logo][fields][0]=name', { data: { logo: { connect: ['@@logoDoc'] } } }),
  put('upload.write.unknown', '/api/restaurants/@@r2?fields[0]=name', { data: { logo: 999999 } }),
  get('upload.file.related', '/api/upload/files/@@logo?populate=related'),
];

const morph = [
  post('morph.many.write.type-id', '/api/comments', { data: { body: 'c1', related: [{ __type: RESTAURANT, id: '@@r1id' }] } },
    { capture: { m1: 'data.documentId' } }),
  post('morph.many.write.type-documentId', '/api/comments', { data: { body: 'c2', related: [{ __type: REVIEW, documentId: '@@v1' }] } },
    { capture: { m2: 'data.documentId' } }),
  post('morph.many.write.connect', '/api/comments',
    { data: { body: 'c3', related: { connect: [{ __type: RESTAURANT, documentId: '@@r2' }, { __type: REVIEW, id: '@@v1id' }] } } },
    { capture: { m3: 'data.documentId' } }),
  post('morph.many.write.plain-documentId', '/api/comments', { data: { body: 'c4', related: ['@@r1'] } }),
  post('morph.many.write.plain-id', '/api/comments', { data: { body: 'c5', related: ['@@r1id'] } }),
  post('morph.many.write.unknown-type', '/api/comments', { data: { body: 'c6', related: [{ __type: 'api::nope.nope', id: 1 }] } }),
  post('morph.one.write.type-id', '/api/pins', { data: { label: 'p1', subject: { __type: RESTAURANT, id: '@@r1id' } } }),
  post('morph.one.write.list', '/api/pins', { data: { label: 'p2', subject: [{ __type: REVIEW, documentId: '@@v1' }] } }),
  post('morph.one.write.none', '/api/pins', { data: { label: 'p3' } }, { capture: { p3: 'data.documentId' } }),
  put('morph.inverse.write', '/api/restaurants/@@r3?fields[0]=name&populate=comments', { data: { comments: ['@@m2'] } }),
  get('morph.many.find', '/api/comments?sort=body&fields[0]=body'),
  get('morph.many.populate.star', '/api/comments?sort=body&populate=*'),
  get('morph.many.populate.name', '/api/comments?sort=body&fields[0]=body&populate=related'),
  get('morph.many.populate.true', '/api/comments?sort=body&fields[0]=body&populate[related]=true'),
  get('morph.many.populate.fields', '/api/comments?sort=body&fields[0]=body&populate[related][fields][0]=name'),
  get('morph.many.populate.on', `/api/comments?sort=body&fields[0]=body&populate[related][on][${RESTAURANT}][fields][0]=name`),
  get('morph.many.populate.on.two', `/api/comments?sort=body&fields[0]=body&populate[related][on][${RESTAURANT}][fields][0]=name`
    + `&populate[related][on][${REVIEW}][fields][0]=stars`),
  get('morph.many.populate.nested', '/api/comments?sort=body&fields[0]=body&populate[related][populate]=*'),
  get('morph.many.populate.count', '/api/comments?sort=body&fields[0]=body&populate[related][count]=true'),
  get('morph.many.populate.public', '/api/comments?sort=body&fields[0]=body&populate=related', NONE),
  get('morph.v4.populate', '/api/comments?sort=body&fields[0]=body&populate=related', V4),
  get('morph.v4.populate.on', `/api/comments?sort=body&fields[0]=body&populate[related][on][${REVIEW}][fields][0]=stars`, V4),
  get('morph.v4.populate.count', '/api/comments?sort=body&fields[0]=body&populate[related][count]=true', V4),
  get('morph.v4.inverse', '/api/restaurants/@@r1?fields[0]=name&populate[comments]=true&populate[pin]=true', V4),
  get('morph.many.filter', '/api/comments?fields[0]=body&filters[related][id][$eq]=@@r1id'),
  get('morph.many.sort', `/api/comments?fields[0]=body&sort=${q('related.name')}`),
  get('morph.one.populate.star', '/api/pins?sort=label&populate=*'),
  get('morph.one.populate.name', '/api/pins?sort=label&fields[0]=label&populate=subject'),
  get('morph.one.populate.fields', '/api/pins?sort=label&fields[0]=label&populate[subject][fields][0]=name'),
  get('morph.inverse.populate.star', '/api/restaurants/@@r1?populate=*'),
  get('morph.inverse.populate.many', '/api/restaurants?sort=name&fields[0]=name&populate[comments][fields][0]=body'),
  get('morph.inverse.populate.one', '/api/restaurants?sort=name&fields[0]=name&populate[pin][fields][0]=label'),
  get('morph.inverse.populate.reviews', '/api/reviews?sort=stars&fields[0]=stars&populate=comments'),
  get('morph.inverse.filter', '/api/restaurants?fields[0]=name&filters[comments][body][$eq]=c1'),
  put('morph.many.update.replace', '/api/comments/@@m1?fields[0]=body&populate=related', { data: { related: [{ __type: REVIEW, id: '@@v1id' }] } }),
  put('morph.many.update.disconnect', '/api/comments/@@m3?fields[0]=body&populate=related',
    { data: { related: { disconnect: [{ __type: RESTAURANT, documentId: '@@r2' }] } } }),
  put('morph.many.update.clear', '/api/comments/@@m2?fields[0]=body&populate=related', { data: { related: [] } }),
  get('morph.one.find.after-writes', '/api/pins'),
  del('morph.target.delete', '/api/reviews/@@v1'),
  get('morph.after-target-delete', '/api/comments?sort=body&fields[0]=body&populate=related'),
  // last: Strapi stores a link to a document that does not exist, which this server refuses
  post('morph.many.write.missing-target', '/api/comments', { data: { body: 'c7', related: [{ __type: RESTAURANT, id: 999999 }] } }),
  get('morph.many.count.after-missing-target', '/api/comments?sort=body&fields[0]=body&populate[related][count]=true'),
];

export const CASES = [...seed, ...routers, ...responseFormat, ...pluginTargets, ...morph];
