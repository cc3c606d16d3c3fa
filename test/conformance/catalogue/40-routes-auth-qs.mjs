// Routes, verbs and credentials (401/403/404/405), and the query-string parser's edge cases.
import { get, post, put, del, send } from './helpers.mjs';

const NONE = { auth: 'none' };
const routes = [
  get('route.unknown', '/api/nope'), get('route.unknown.public', '/api/nope', NONE), get('route.api.root', '/api'),
  get('route.api.slash', '/api/'),
  // (not `/`: Strapi redirects it to its admin panel, which is no part of the REST contract)
  get('route.trailing.slash', '/api/tags/?fields[0]=name&sort=name'), get('route.case', '/API/tags'),
  get('route.findOne.unknown', '/api/tags/doesnotexist'), get('route.findOne.numeric', '/api/tags/1'),
  get('route.findOne.deep', '/api/tags/@@t1/extra'),
  send('route.patch', 'PATCH', '/api/tags/@@t1', { data: { name: 'x' } }), send('route.patch.list', 'PATCH', '/api/tags', { data: {} }),
  del('route.delete.list', '/api/tags'), put('route.put.list', '/api/tags', { data: { name: 'x' } }),
  post('route.post.findOne', '/api/tags/@@t1', { data: { name: 'x' } }),
  post('route.post.unknown.plural', '/api/nopes', { data: { name: 'x' } }),
  post('route.post.singular.collection', '/api/tag', { data: { name: 'x' } }),
  get('route.singular.collection', '/api/tag'), send('route.patch.unknown', 'PATCH', '/api/nope', { data: {} }),
  del('route.delete.unknown', '/api/nope'),
  post('route.post.unknown.deep', '/api/nope/deeper', { data: {} }),
  post('route.post.unknown.deeper', '/api/nope/deeper/still', { data: {} }), post('route.post.api', '/api', { data: {} }),
  get('route.case.plural', '/api/TAGS?fields[0]=name&sort=name'), get('route.case.upload', '/API/upload/files?fields[0]=name&sort=name'),
  get('route.plural.single', '/api/settings'), get('route.single.extra', '/api/setting/abc'),
  post('route.single.post', '/api/setting', { data: { siteName: 'x' } }), send('route.single.patch', 'PATCH', '/api/setting', { data: {} }),
  { id: 'route.head', method: 'HEAD', path: '/api/tags?fields[0]=name' },
  get('route.upload.unknown', '/api/upload/nope'), get('route.users.unknown', '/api/users-permissions/nope'),
  get('route.i18n.unknown', '/api/i18n/nope'), post('route.i18n.locales.post', '/api/i18n/locales', { code: 'it' }),
];

const auth = [
  get('auth.public.allowed', '/api/tags?fields[0]=name&sort=name', NONE), get('auth.public.findOne', '/api/tags/@@t1', NONE),
  get('auth.public.forbidden.find', '/api/profiles', NONE), get('auth.public.forbidden.findOne', '/api/pages/@@pg1', NONE),
  get('auth.public.single.forbidden', '/api/homepage?locale=fr', NONE), get('auth.public.single.allowed', '/api/setting', NONE),
  post('auth.public.create.forbidden', '/api/kitchens', { data: { title: 'x' } }, NONE),
  put('auth.public.update.forbidden', '/api/tags/@@t1', { data: { name: 'x' } }, NONE),
  del('auth.public.delete.forbidden', '/api/tags/@@t1', NONE),
  put('auth.public.single.update.forbidden', '/api/setting', { data: { siteName: 'x' } }, NONE),
  get('auth.public.unknown.doc', '/api/profiles/nope', NONE), get('auth.public.unknown.route', '/api/nothing/here', NONE),
  get('auth.bad.token', '/api/tags', { auth: 'none', headers: { Authorization: 'Bearer not-a-token' } }),
  get('auth.bad.token.public.route', '/api/setting', { auth: 'none', headers: { Authorization: 'Bearer abc' } }),
  get('auth.basic', '/api/tags?fields[0]=name&sort=name', { auth: 'none', headers: { Authorization: 'Basic dXNlcjpwYXNz' } }),
  get('auth.basic.forbidden', '/api/profiles', { auth: 'none', headers: { Authorization: 'Basic dXNlcjpwYXNz' } }),
  get('auth.bearer.empty', '/api/tags?fields[0]=name&sort=name', { auth: 'none', headers: { Authorization: 'Bearer' } }),
  get('auth.bearer.three.parts', '/api/tags?fields[0]=name&sort=name', { auth: 'none', headers: { Authorization: 'Bearer a b' } }),
  get('auth.bearer.lowercase', '/api/profiles?fields[0]=handle&sort=handle',
    { auth: 'none', headers: { Authorization: 'bearer @@token' } }),
  get('auth.token.profiles', '/api/profiles?fields[0]=handle&sort=handle'),
  get('auth.bad.jwt.like', '/api/tags',
    { auth: 'none', headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl' } }),
];

const T = '/api/tags?fields[0]=name&sort=name';
const hundredOne = Array.from({ length: 102 }, (_, i) => `filters[name][$in][${i}]=${i === 101 ? 'alpha' : `n${i}`}`).join('&');
const hundred = Array.from({ length: 100 }, (_, i) => `filters[name][$in][${i}]=${i === 99 ? 'alpha' : `n${i}`}`).join('&');
const deep = `filters${'[$and][0]'.repeat(11)}[name][$eq]=alpha`;
const qs = [
  get('qs.in.100', `${T}&${hundred}`), get('qs.in.overflow', `${T}&${hundredOne}`),
  get('qs.in.index.overflow', `${T}&filters[name][$in][200]=alpha`),
  get('qs.notIn.index.overflow', `${T}&filters[name][$notIn][150]=alpha`),
  get('qs.between.index.overflow', `${T}&filters[weight][$between][0]=1&filters[weight][$between][101]=5`),
  get('qs.eq.index.overflow', `${T}&filters[name][$eq][150]=alpha`), get('qs.implicit.index.overflow', `${T}&filters[name][150]=alpha`),
  // qs's arrayLimit (20) on the other list-shaped parameters
  get('qs.fields.index.overflow', '/api/tags?sort=name&fields[25]=name'), get('qs.fields.index.20', '/api/tags?sort=name&fields[20]=name'),
  get('qs.sort.index.overflow', '/api/tags?fields[0]=name&sort[30]=name:desc'),
  get('qs.populate.index.overflow', '/api/posts?fields[0]=title&sort=title&populate[21]=author'),
  get('qs.or.index.overflow', `${T}&filters[$or][25][name]=alpha&filters[$or][0][name]=beta`),
  get('qs.and.index.overflow', `${T}&filters[$and][21][name]=alpha`),
  get('qs.in.21.items', `${T}&${Array.from({ length: 21 }, (_, i) => `filters[name][$in][]=${i === 20 ? 'alpha' : `n${i}`}`).join('&')}`),
  get('qs.in.index.between', `${T}&filters[name][$in][0]=alpha&filters[name][$in][20]=beta`),
  get('qs.in.index.21', `${T}&filters[name][$in][0]=alpha&filters[name][$in][21]=beta`),
  get('qs.in.unindexed', `${T}&filters[name][$in][]=alpha&filters[name][$in][]=beta`),
  get('qs.in.repeated', `${T}&filters[name][$in]=alpha&filters[name][$in]=beta`),
  get('qs.depth', `${T}&${deep}`), get('qs.depth.ok', `${T}&filters${'[$and][0]'.repeat(4)}[name][$eq]=alpha`),
  get('qs.proto.filters', `${T}&filters[__proto__][name]=alpha`), get('qs.proto.root', `${T}&__proto__[x]=1`),
  get('qs.proto.field', `${T}&filters[name][__proto__]=alpha`), get('qs.constructor', `${T}&filters[constructor][prototype][x]=1`),
  get('qs.prototype.populate', `${T}&populate[__proto__][x]=1`), get('qs.proto.sort', '/api/tags?fields[0]=name&sort[__proto__]=asc'),
  get('qs.dup.fields', '/api/tags?sort=name&fields=name&fields=weight'),
  get('qs.dup.sort', '/api/tags?fields[0]=name&sort=weight&sort=name'),
  get('qs.dup.page', `${T}&pagination[pageSize]=1&pagination[pageSize]=2`),
  get('qs.dup.filter', `${T}&filters[name]=alpha&filters[name]=beta`),
  get('qs.dup.locale', '/api/posts?fields[0]=title&sort=title&locale=fr&locale=en'),
  get('qs.dup.status', '/api/posts?fields[0]=title&sort=title&status=draft&status=published'),
  get('qs.encoded.brackets', '/api/tags?fields%5B0%5D=name&sort=name&filters%5Bname%5D=alpha'),
  get('qs.plus.space', `${T}&filters[name][$eq]=a+b`),
  get('qs.percent.bad', `${T}&filters[name][$eq]=%E0%A4%A`), get('qs.empty.key', `${T}&=x`), get('qs.bare.amp', `${T}&&&`),
  get('qs.dot.syntax', `${T}&filters.name=alpha`), get('qs.null.filter', `${T}&filters[name]`),
  get('qs.filters.array', `${T}&filters[0][name]=alpha`),
  get('qs.nested.empty', `${T}&filters[name][]=alpha`), get('qs.semicolon', `${T};x=1`), get('qs.hash', `${T}#frag`),
  get('qs.long.value', `${T}&filters[name][$eq]=${'a'.repeat(3000)}`), get('qs.unicode.key', `${T}&filters[n%C3%A4me]=x`),
  get('qs.many.params', `${T}&${Array.from({ length: 1005 }, (_, i) => `x${i}=1`).join('&')}`),
  get('qs.populate.array.unindexed', '/api/posts/@@post1?fields[0]=title&populate[]=author'),
  get('qs.fields.array.unindexed', '/api/tags?sort=name&fields[]=name'),
];

export default [...routes, ...auth, ...qs];
