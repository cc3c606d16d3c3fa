// Issue 23's first half, settled by asking Strapi 5.54: the order of an inverse (`mappedBy`) side and
// `position` written from it, `set` beside `connect`/`disconnect`, dynamic-zone items and error values,
// and sort (a populate's sort columns, relations the caller cannot read, the object form, media and
// private fields). Runs after the deletes, on documents of its own.
import { get, post, put } from './helpers.mjs';

const PUBLIC = { auth: 'none' };
const TAG = '/api/tags/@@ot?fields[0]=name&populate[posts][fields][0]=title';
const AUTHOR = '/api/authors/@@oau?fields[0]=name&populate[posts][fields][0]=title';
const ordPost = (name, data) => post(`ord.post.${name}`, '/api/posts', { data: { title: `Ord ${name}`, slug: `ord-${name}`, ...data } },
  { capture: { [`o${name}`]: 'data.documentId' } });
const connect = (id, item) => put(`ord.inverse.${id}`, '/api/tags/@@ot', { data: { posts: { connect: [item] } } });

// the inverse side of a manyToMany (tags.posts) and of a manyToOne (authors.posts)
const order = [
  post('ord.tag.create', '/api/tags', { data: { name: 'ordered' } }, { capture: { ot: 'data.documentId' } }),
  post('ord.author.create', '/api/authors', { data: { name: 'Orderly' } }, { capture: { oau: 'data.documentId' } }),
  ordPost('a', { tags: ['@@ot'], author: '@@oau' }), ordPost('b', { tags: ['@@ot'], author: '@@oau' }), ordPost('c', {}),
  put('ord.owner.connect.c', '/api/posts/@@oc', { data: { tags: { connect: ['@@ot'] }, author: '@@oau' } }),
  get('ord.read.0', TAG), get('ord.author.read.0', AUTHOR),
  connect('start', { documentId: '@@oc', position: { start: true } }), get('ord.read.1', TAG),
  get('ord.read.1.draft', `${TAG}&status=draft`),
  connect('before', { documentId: '@@ob', position: { before: '@@oa' } }), get('ord.read.2', TAG),
  get('ord.read.2.draft', `${TAG}&status=draft`),
  connect('end', { documentId: '@@oc', position: { end: true } }), get('ord.read.3', TAG),
  connect('after', { documentId: '@@ob', position: { after: '@@oa' } }), get('ord.read.4', TAG),
  get('ord.read.4.draft', `${TAG}&status=draft`),
  put('ord.inverse.set', '/api/tags/@@ot', { data: { posts: { set: ['@@ob', '@@oc', '@@oa'] } } }), get('ord.read.5', TAG),
  put('ord.inverse.array', '/api/tags/@@ot', { data: { posts: ['@@oa', '@@oc'] } }), get('ord.read.6', TAG),
  connect('plain', '@@ob'), get('ord.read.7', TAG),
  connect('first.existing', { documentId: '@@oa', position: { end: true } }), get('ord.read.8', TAG),
  put('ord.owner.disconnect', '/api/posts/@@oc', { data: { tags: { disconnect: ['@@ot'] } } }), get('ord.read.9', TAG),
  put('ord.owner.reconnect', '/api/posts/@@oc', { data: { tags: { connect: ['@@ot'] } } }), get('ord.read.10', TAG),
  ordPost('d', { tags: ['@@ot'] }), get('ord.read.11', TAG),
  put('ord.tag.update.name', '/api/tags/@@ot', { data: { name: 'ordered!' } }), get('ord.read.12', TAG),
  // an owner created earlier linking later goes last (connect order, not creation order)
  post('ord.tag2.create', '/api/tags', { data: { name: 'ordered-2' } }, { capture: { ot2: 'data.documentId' } }),
  put('ord.owner.b.tag2', '/api/posts/@@ob', { data: { tags: { connect: ['@@ot2'] } } }),
  put('ord.owner.a.tag2', '/api/posts/@@oa', { data: { tags: { connect: ['@@ot2'] } } }),
  get('ord.tag2.read', '/api/tags/@@ot2?fields[0]=name&populate[posts][fields][0]=title'),
  // authors.posts: the oneToMany side of posts.author
  put('ord.author.start', '/api/authors/@@oau', { data: { posts: { connect: [{ documentId: '@@oc', position: { start: true } }] } } }),
  get('ord.author.read.1', AUTHOR),
  put('ord.author.before', '/api/authors/@@oau', { data: { posts: { connect: [{ documentId: '@@ob', position: { before: '@@oa' } }] } } }),
  get('ord.author.read.2', AUTHOR),
  put('ord.author.set', '/api/authors/@@oau', { data: { posts: { set: ['@@oa', '@@oc', '@@ob'] } } }), get('ord.author.read.3', AUTHOR),
  put('ord.owner.author.move', '/api/posts/@@oa', { data: { author: '@@a3' } }),
  put('ord.owner.author.back', '/api/posts/@@oa', { data: { author: '@@oau' } }),
  get('ord.author.read.4', AUTHOR),
  // a post another author takes from the inverse side leaves this author's order; coming back, it goes last
  post('ord.author2.create', '/api/authors', { data: { name: 'Taker' } }, { capture: { oau2: 'data.documentId' } }),
  put('ord.author2.take', '/api/authors/@@oau2', { data: { posts: { connect: ['@@oc'] } } }), get('ord.author.read.5', AUTHOR),
  put('ord.owner.author.return', '/api/posts/@@oc', { data: { author: '@@oau' } }), get('ord.author.read.6', AUTHOR),
  get('ord.author2.read', '/api/authors/@@oau2?fields[0]=name&populate[posts][fields][0]=title'),
  get('ord.list.tags.posts', '/api/tags?filters[name][$startsWith]=ordered&sort=name&fields[0]=name&populate[posts][fields][0]=title'),
];

// `set` beside `connect` / `disconnect`: set wins, the others are still checked; `set: null` is no set
const KITCHEN = '/api/kitchens/@@sk?fields[0]=title&populate[picks][fields][0]=name&populate[owner][fields][0]=name';
const sets = [
  post('set.kitchen.create', '/api/kitchens', { data: { title: 'Sets', slug: 'sets', picks: ['@@t2'], owner: '@@a1' } },
    { capture: { sk: 'data.documentId' } }),
  ...[
    ['connect', { set: ['@@t3'], connect: ['@@t4'] }], ['disconnect', { set: ['@@t2'], disconnect: ['@@t2'] }],
    ['connect.disconnect', { set: ['@@t4', '@@t2'], connect: ['@@t3'], disconnect: ['@@t4'] }],
    ['empty.connect', { set: [], connect: ['@@t3'] }],
    ['null.connect', { set: null, connect: ['@@t3'] }], ['null', { set: null }], ['string.connect', { set: '@@t4', connect: ['@@t2'] }],
    ['connect.unknown', { set: ['@@t2'], connect: ['doesnotexist'] }],
    ['disconnect.unknown', { set: ['@@t2'], disconnect: ['doesnotexist'] }],
    ['position.unknown', { set: ['@@t2'], connect: [{ documentId: '@@t3', position: { before: 'doesnotexist' } }] }],
  ].flatMap(([id, picks]) => [put(`set.picks.${id}`, '/api/kitchens/@@sk', { data: { picks } }), get(`set.picks.${id}.read`, KITCHEN)]),
  put('set.owner.connect', '/api/kitchens/@@sk', { data: { owner: { set: ['@@a3'], connect: ['@@a1'] } } }),
  get('set.owner.connect.read', KITCHEN),
  put('set.owner.empty.connect', '/api/kitchens/@@sk', { data: { owner: { set: [], connect: ['@@a1'] } } }),
  get('set.owner.empty.connect.read', KITCHEN),
  put('set.inverse.connect', '/api/tags/@@t3', { data: { posts: { set: ['@@post2'], connect: ['@@post5'] } } }),
  get('set.inverse.connect.read', '/api/tags/@@t3?fields[0]=name&populate[posts][fields][0]=title'),
];

// dynamic zones: an item of a component the zone does not list, the value an error echoes, populate without `on`
const ZK = '/api/kitchens/@@zk?fields[0]=title';
const zones = [
  post('zone.kitchen.unlisted', '/api/kitchens', {
    data: { title: 'Zones', slug: 'zones',
      zone: [{ __component: 'shared.seo', metaTitle: 'unlisted', image: '@@img1', socials: [{ network: 'x', url: 'u' }] },
        { __component: 'shared.item', label: 'i' }] },
  }, { capture: { zk: 'data.documentId' } }),
  get('zone.unlisted.populate.true', `${ZK}&populate[zone]=true`), get('zone.unlisted.populate.star', `${ZK}&populate=*`),
  get('zone.unlisted.populate.deep', `${ZK}&populate[zone][populate]=*`),
  get('zone.unlisted.on.seo', `${ZK}&populate[zone][on][shared.seo][populate]=*`),
  get('zone.unlisted.on.seo.fields', `${ZK}&populate[zone][on][shared.seo][fields][0]=metaTitle&populate[zone][on][shared.item]=true`),
  get('zone.unlisted.on.seo.image', `${ZK}&populate[zone][on][shared.seo][populate][image][fields][0]=name`),
  get('zone.unlisted.v4', `${ZK}&populate[zone][populate]=*`, { headers: { 'Strapi-Response-Format': 'v4' } }),
  get('zone.unlisted.list', '/api/kitchens?filters[slug][$eq]=zones&fields[0]=title&populate[zone][populate]=*'),
  get('zone.unlisted.public', `${ZK}&populate[zone][populate]=*`, PUBLIC),
  post('zone.post.missing.component', '/api/posts', { data: { title: 'Z', slug: 'z-missing', sections: [{ body: 'x' }] } }),
  post('zone.post.unknown.component', '/api/posts?status=draft&locale=fr',
    { data: { title: 'Z', slug: 'z-unknown', views: 3, sections: [{ __component: 'nope.nope' }], tags: [] } }),
  post('zone.post.unknown.relations', '/api/posts',
    { data: { title: 'Z', slug: 'z-rel', author: '@@a1', tags: { connect: ['@@t2'] }, sections: [{ __component: 'nope.nope' }] } }),
  put('zone.post.update.missing.component', '/api/posts/@@post2', { data: { title: 'Z', sections: [{ body: 'x' }] } }),
  post('zone.page.unknown.component', '/api/pages?status=draft',
    { data: { title: 'Z', parent: '@@pg2', sections: [{ __component: 'nope.nope' }] } }),
  post('zone.kitchen.second.unknown', '/api/kitchens',
    { data: { title: 'Z', slug: 'z-second', zone: [{ __component: 'shared.quote', body: 'ok' }, { __component: 'nope.nope' }],
        seo: { metaTitle: 'm' } } }),
  ...[
    ['name', 'populate[zone][populate]=seo'], ['list', 'populate[zone][populate][0]=image'],
    ['object', 'populate[zone][populate][image]=true'],
    ['true', 'populate[zone][populate]=true'], ['false', 'populate[zone][populate]=false'], ['list.star', 'populate[zone][populate][0]=*'],
    ['on.and', 'populate[zone][populate]=image&populate[zone][on][shared.item]=true'], ['post', 'populate[sections][populate]=image'],
  ].map(([id, query]) => get(`zone.populate.without.on.${id}`, `${id === 'post' ? '/api/posts/@@post2?fields[0]=title' : ZK}&${query}`)),
];

// sort: a populate's sort columns come back, relations the caller cannot read, the object form, media and private fields
const SP = '/api/posts?filters[slug][$startsWith]=ord-&sort=title&fields[0]=title';
const sorts = [
  get('sort.populate.columns', `${SP}&populate[tags][fields][0]=name&populate[tags][sort]=weight`),
  get('sort.populate.columns.two',
    `${SP}&populate[tags][fields][0]=name&populate[tags][sort][0]=weight:desc&populate[tags][sort][1]=createdAt`),
  get('sort.populate.columns.listed', `${SP}&populate[tags][fields][0]=name&populate[tags][sort]=name:desc`),
  get('sort.populate.columns.id', `${SP}&populate[author][fields][0]=name&populate[author][sort]=id:desc`),
  get('sort.populate.columns.no.fields', `${SP}&populate[tags][sort]=weight`),
  get('sort.populate.columns.object', `${SP}&populate[tags][fields][0]=name&populate[tags][sort][weight]=desc`),
  get('sort.populate.columns.toOne', `${SP}&populate[author][fields][0]=name&populate[author][sort]=age`),
  get('sort.populate.columns.inverse',
    '/api/authors/@@oau?fields[0]=name&populate[posts][fields][0]=title&populate[posts][sort]=views:desc'),
  get('sort.populate.columns.nested',
    '/api/authors/@@oau?fields[0]=name&populate[posts][fields][0]=title&populate[posts][sort]=slug&populate[posts][populate][tags][fields][0]=name&populate[posts][populate][tags][sort]=weight'),
  ...[
    ['component', 'populate[items][fields][0]=label&populate[items][sort]=qty:desc'],
    ['zone.fragment', 'populate[zone][on][shared.item][fields][0]=label&populate[zone][on][shared.item][sort]=qty'],
    ['nested.component', 'populate[seo][fields][0]=metaTitle&populate[seo][populate][socials][fields][0]=network&populate[seo][populate][socials][sort]=url'],
    ['timestamp', 'populate[picks][fields][0]=name&populate[picks][sort]=createdAt:desc'],
  ].map(([id, query]) => get(`sort.populate.columns.${id}`, `/api/kitchens/@@k1?fields[0]=title&${query}`)),
  get('sort.public.relation.unreadable', '/api/authors?sort=profile.handle', PUBLIC),
  get('sort.public.relation.unreadable.object', '/api/authors?sort[0][profile][handle]=asc', PUBLIC),
  get('sort.public.relation.unreadable.populate', '/api/posts?fields[0]=title&populate[author][sort]=profile.handle', PUBLIC),
  get('sort.token.relation.profile', '/api/authors?sort=profile.handle&fields[0]=name'),
  get('sort.object.list', `${SP.replace('sort=title', 'sort[0][author][name]=asc&sort[1]=title')}`),
  get('sort.object.list.public', `${SP.replace('sort=title', 'sort[0][author][name]=desc&sort[1]=title')}`, PUBLIC),
  get('sort.object.list.objects', `${SP.replace('sort=title', 'sort[0][author][name]=desc&sort[1][title]=asc')}`),
  get('sort.object.list.mixed', `${SP.replace('sort=title', 'sort[0]=title&sort[1][author][name]=asc')}`),
  get('sort.object.root', `${SP.replace('sort=title', 'sort[author][name]=desc&sort[title]=desc')}`),
  get('sort.object.private', '/api/posts?sort[0][author][note]=asc'), get('sort.path.private', '/api/posts?sort=author.note'),
  get('sort.media', '/api/posts?sort=cover&fields[0]=title'), get('sort.media.public', '/api/posts?sort=cover&fields[0]=title', PUBLIC),
  get('sort.media.field', `${SP.replace('sort=title', 'sort[0]=cover.name&sort[1]=title')}`),
  get('sort.media.object', '/api/authors?sort[0][avatar][name]=asc&fields[0]=name'),
  get('sort.private.author.note', '/api/authors?sort=note'), get('sort.private.kitchen', '/api/kitchens?sort=secret'),
  get('sort.private.public', '/api/kitchens?sort=internal', PUBLIC), get('sort.private.desc', '/api/authors?sort[0]=note:desc'),
  get('sort.media.gallery', '/api/kitchens?sort=gallery'), get('sort.component', '/api/kitchens?sort=seo'),
];

export default [...order, ...sets, ...zones, ...sorts];
