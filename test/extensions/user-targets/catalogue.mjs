// Relations whose target is a users-permissions user (the usual "owner" or "author"): populate, filters, sort
// and writes, as the real Strapi 5.54 answers them (record.mjs --set user-targets). This server does not load
// such a schema yet (docs/reference/conformance.md, "Not yet settled"): user-targets.test.ts holds it to that.
// @ts-nocheck
import { get, post, put, q } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const V4 = { headers: { 'Strapi-Response-Format': 'v4' } };

const seed = [
  post('seed.user.ann', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt', ann: 'user.id', annDoc: 'user.documentId' } }),
  post('seed.user.bob', '/api/auth/local/register', { username: 'bob', email: 'bob@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:bob': 'jwt', bob: 'user.id', bobDoc: 'user.documentId' } }),
  post('seed.restaurant.r1', '/api/restaurants', { data: { name: 'Chez Ann', owner: '@@ann' } }, { capture: { r1: 'data.documentId' } }),
  post('seed.restaurant.r2', '/api/restaurants', { data: { name: 'Bob Burgers', owner: { connect: ['@@bobDoc'] } } },
    { capture: { r2: 'data.documentId' } }),
  post('seed.restaurant.r3', '/api/restaurants', { data: { name: 'Alone' } }, { capture: { r3: 'data.documentId' } }),
  post('seed.review.v1', '/api/reviews', { data: { text: 'lovely', stars: 5, author: '@@bob', restaurant: '@@r1' } },
    { capture: { v1: 'data.documentId' } }),
  post('seed.review.v2', '/api/reviews', { data: { text: 'fine', stars: 3, author: { connect: [{ documentId: '@@annDoc' }] }, restaurant: '@@r2' } },
    { capture: { v2: 'data.documentId' } }),
  post('seed.review.one-to-one.taken', '/api/reviews', { data: { text: 'again', stars: 1, author: '@@bob' } }, { capture: { v3: 'data.documentId' } }),
  get('users.one-to-one.exclusive', '/api/reviews?sort=stars&fields[0]=stars&populate[author][fields][0]=username'),
];

const cases = [
  get('users.v4.populate', '/api/restaurants/@@r1?fields[0]=name&populate[owner][fields][0]=username', V4),
  get('users.populate.owner', '/api/restaurants?sort=name&fields[0]=name&populate=owner'),
  get('users.populate.owner.public', '/api/restaurants?sort=name&fields[0]=name&populate=owner', NONE),
  get('users.populate.star', '/api/restaurants/@@r1?populate=*'),
  get('users.populate.owner.fields', '/api/restaurants?sort=name&fields[0]=name&populate[owner][fields][0]=username&populate[owner][fields][1]=email'),
  get('users.populate.owner.private-field', '/api/restaurants?fields[0]=name&populate[owner][fields][0]=password'),
  get('users.populate.owner.role', '/api/restaurants/@@r1?fields[0]=name&populate[owner][populate]=role'),
  get('users.populate.author.deep', `/api/restaurants/@@r1?fields[0]=name&populate[reviews][populate][author][fields][0]=username`),
  get('users.filter.username', '/api/restaurants?fields[0]=name&filters[owner][username][$eq]=ann'),
  get('users.filter.id', '/api/restaurants?fields[0]=name&filters[owner][id][$eq]=@@ann'),
  get('users.filter.null', '/api/restaurants?fields[0]=name&sort=name&filters[owner][id][$null]=true'),
  get('users.filter.email', '/api/restaurants?fields[0]=name&filters[owner][email][$contains]=bob'),
  get('users.filter.password', '/api/restaurants?fields[0]=name&filters[owner][password][$eq]=x'),
  get('users.filter.public', '/api/restaurants?fields[0]=name&filters[owner][username][$eq]=ann', NONE),
  get('users.sort.username', `/api/restaurants?fields[0]=name&sort=${q('owner.username:desc')}&filters[owner][id][$notNull]=true`),
  put('users.write.set-id', '/api/restaurants/@@r3?fields[0]=name&populate[owner][fields][0]=username', { data: { owner: '@@bob' } }),
  put('users.write.connect-documentId', '/api/reviews/@@v1?fields[0]=text&populate[author][fields][0]=username',
    { data: { author: { connect: ['@@annDoc'] } } }),
  put('users.write.disconnect', '/api/restaurants/@@r3?fields[0]=name&populate=owner', { data: { owner: { disconnect: ['@@bobDoc'] } } }),
  put('users.write.unknown-id', '/api/restaurants/@@r3?fields[0]=name', { data: { owner: 999999 } }),
  put('users.write.unknown-documentId', '/api/restaurants/@@r3?fields[0]=name', { data: { owner: { connect: ['nosuchuser'] } } }),
  put('users.write.null', '/api/restaurants/@@r2?fields[0]=name&populate=owner', { data: { owner: null } }),
  get('users.me.after-writes', '/api/users/me', { auth: 'jwt:ann' }),
  get('users.list.public', '/api/users', NONE),
];

export const CASES = [...seed, ...cases];
