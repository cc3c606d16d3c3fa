// Writes that Strapi refuses (every validation error a client can hit), then writes it accepts.
// Kitchens carry every attribute type and rule; a valid base is merged with one bad value at a time.
import { get, post, put, send } from './helpers.mjs';

// each case its own slug, so a case Strapi accepts never makes the next ones fail on uniqueness
const bad = (id, data) => post(`invalid.create.${id}`, '/api/kitchens', { data: { title: 'Valid', slug: `bad-${id.replace(/\./g, '-')}`, ...data } });
const long = (n) => 'x'.repeat(n);

const create = [
  post('invalid.create.missing.title', '/api/kitchens', { data: { slug: 'no-title' } }),
  bad('title.null', { title: null }), bad('title.empty', { title: '' }), bad('title.long', { title: long(41) }), bad('title.max', { title: long(40), slug: 'max-title' }),
  bad('title.number', { title: 123 }), bad('title.boolean', { title: true }), bad('title.object', { title: { a: 1 } }), bad('title.array', { title: ['a'] }),
  bad('name.256', { name: long(256) }), bad('name.255', { name: long(255), slug: 'name-255' }), bad('code.regex', { code: 'abc' }), bad('code.unique', { code: 'AB-1' }),
  bad('short.min', { short: 'a' }), bad('short.max', { short: long(9) }), bad('short.empty', { short: '' }),
  bad('email.bad', { email: 'not-an-email' }), bad('email.number', { email: 5 }), bad('email.empty', { email: '' }),
  bad('secret.number', { secret: 12345678 }), bad('slug.bad', { slug: 'Hello World' }), bad('slug.unique', { slug: 'full' }), bad('slug.number', { slug: 12 }),
  bad('slug.empty', { slug: '' }), bad('color.bad', { color: 'purple' }), bad('color.number', { color: 1 }), bad('color.empty', { color: '' }),
  bad('count.min', { count: -1 }), bad('count.max', { count: 1001 }), bad('count.string', { count: 'abc' }), bad('count.float', { count: 1.5 }),
  bad('count.numeric.string', { count: '12', slug: 'count-string' }), bad('count.boolean', { count: true }), bad('count.huge', { count: 1e20 }),
  bad('big.string', { big: 'abc' }), bad('big.float', { big: 1.5 }), bad('big.number', { big: 42, slug: 'big-number' }),
  bad('ratio.max', { ratio: 11 }), bad('ratio.string', { ratio: 'x' }), bad('ratio.numeric.string', { ratio: '2.5', slug: 'ratio-string' }),
  bad('price.string', { price: 'abc' }), bad('price.numeric.string', { price: '3.14', slug: 'price-string' }),
  bad('active.yes', { active: 'yes' }), bad('active.string.true', { active: 'true', slug: 'active-string' }), bad('active.number', { active: 1, slug: 'active-number' }),
  bad('day.bad', { day: '2024-13-45' }), bad('day.text', { day: 'not-a-date' }), bad('day.number', { day: 123 }), bad('day.datetime', { day: '2024-05-06T10:00:00.000Z', slug: 'day-datetime' }),
  bad('clock.bad', { clock: '25:00' }), bad('clock.text', { clock: 'abc' }), bad('clock.short', { clock: '10:30', slug: 'clock-short' }),
  bad('at.bad', { at: 'garbage' }), bad('at.number', { at: 0, slug: 'at-number' }), bad('at.date', { at: '2024-05-06', slug: 'at-date' }),
  bad('meta.string', { meta: 'str', slug: 'meta-string' }), bad('meta.number', { meta: 5, slug: 'meta-number' }),
  bad('blocks.string', { blocks: 'text' }), bad('blocks.object', { blocks: { type: 'paragraph' } }), bad('blocks.node.bad', { blocks: [{ type: 'nope' }] }),
  bad('cover.missing', { cover: 999999 }), bad('cover.string', { cover: 'abc' }), bad('cover.array', { cover: ['@@img1'] }),
  bad('gallery.missing', { gallery: [999999] }), bad('gallery.single', { gallery: '@@img1', slug: 'gallery-single' }),
  bad('seo.missing.title', { seo: { metaDescription: 'd' } }), bad('seo.title.long', { seo: { metaTitle: long(61) } }),
  bad('seo.null', { seo: null, slug: 'seo-null' }), bad('seo.array', { seo: [{ metaTitle: 'x' }] }), bad('seo.string', { seo: 'x' }),
  bad('seo.unknown.key', { seo: { metaTitle: 'x', nope: 1 } }), bad('seo.socials.bad', { seo: { metaTitle: 'x', socials: [{ network: 'myspace' }] } }),
  bad('seo.socials.object', { seo: { metaTitle: 'x', socials: { network: 'x' } } }),
  bad('items.missing.label', { items: [{ qty: 2 }] }), bad('items.qty.zero', { items: [{ label: 'a', qty: 0 }] }), bad('items.object', { items: { label: 'a' } }),
  bad('items.two.errors', { items: [{ qty: 0 }, { label: 'b', qty: 100 }] }), bad('items.foreign.id', { items: [{ id: 999999, label: 'a' }] }),
  { ...bad('zone.unknown.component', { zone: [{ __component: 'shared.seo', metaTitle: 'x' }, { __component: 'shared.quote', body: 'listed' }] }), capture: { kzone: 'data.documentId' } },
  // Strapi stores an item whose component the zone does not list: how it reads back
  get('invalid.create.zone.unknown.component.read', '/api/kitchens/@@kzone?fields[0]=title&populate=zone'),
  get('invalid.create.zone.unknown.component.read.star', '/api/kitchens/@@kzone?fields[0]=title&populate[zone][populate]=*'),
  get('invalid.create.zone.unknown.component.read.on', '/api/kitchens/@@kzone?fields[0]=title&populate[zone][on][shared.quote][fields][0]=body'),
  put('invalid.update.zone.unknown.component.kept', '/api/kitchens/@@kzone?populate=zone', { data: { title: 'Zone kept' } }),
  put('invalid.update.zone.unknown.component', '/api/kitchens/@@kzone?populate=zone', { data: { zone: [{ __component: 'shared.item', label: 'only listed' }, { __component: 'shared.seo', metaTitle: 'again' }] } }),
  bad('zone.missing.component', { zone: [{ body: 'x' }] }),
  bad('zone.bad.item', { zone: [{ __component: 'shared.quote' }] }), bad('zone.not.array', { zone: { __component: 'shared.quote', body: 'x' } }),
  bad('zone.nonexistent', { zone: [{ __component: 'nope.nope' }] }),
  bad('owner.unknown', { owner: 'doesnotexist00000000000' }), bad('owner.number', { owner: 999999 }), bad('picks.unknown', { picks: ['doesnotexist00000000000'] }),
  bad('picks.bad.shape', { picks: { foo: ['@@t1'] } }), bad('picks.connect.unknown', { picks: { connect: [{ documentId: 'nope' }] } }),
  bad('unknown.key', { nope: 1 }), bad('id', { id: 5 }), bad('documentId', { documentId: 'abc' }), bad('createdAt', { createdAt: '2024-01-01T00:00:00.000Z' }),
  bad('updatedAt', { updatedAt: '2024-01-01T00:00:00.000Z' }), bad('publishedAt', { publishedAt: null }), bad('locale', { locale: 'fr' }),
  bad('localizations', { localizations: [] }), bad('createdBy', { createdBy: 1 }), bad('two.unknown', { a: 1, b: 2 }),
  bad('many.errors', { title: long(50), count: -5, email: 'x', color: 'nope' }), bad('internal.writable', { internal: 'can write', slug: 'internal-writable' }),
  post('invalid.data.array', '/api/kitchens', { data: [{ title: 'a' }] }), post('invalid.data.missing', '/api/kitchens', { title: 'a' }),
  post('invalid.data.string', '/api/kitchens', { data: 'x' }), post('invalid.data.null', '/api/kitchens', { data: null }),
  post('invalid.data.empty', '/api/kitchens', { data: {} }), post('invalid.body.array', '/api/kitchens', [{ data: { title: 'x' } }]),
  { id: 'invalid.body.malformed', method: 'POST', path: '/api/kitchens', rawBody: '{"data": {' },
  { id: 'invalid.body.string', method: 'POST', path: '/api/kitchens', rawBody: '"hello"' },
  { id: 'invalid.body.number', method: 'POST', path: '/api/kitchens', rawBody: '42' },
  { id: 'invalid.body.empty', method: 'POST', path: '/api/kitchens', rawBody: '' },
  { id: 'invalid.body.text', method: 'POST', path: '/api/kitchens', rawBody: 'title=x', headers: { 'content-type': 'text/plain' } },
  { id: 'invalid.body.form', method: 'POST', path: '/api/kitchens', rawBody: 'data[title]=Form&data[slug]=form-post', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { id: 'invalid.body.none', method: 'POST', path: '/api/kitchens' },
  post('invalid.query.fields', '/api/kitchens?fields=nope', { data: { title: 'Q', slug: 'query-fields' } }),
  post('invalid.query.populate', '/api/kitchens?populate=nope', { data: { title: 'Q', slug: 'query-populate' } }),
  post('invalid.query.filters', '/api/kitchens?filters[nope]=1', { data: { title: 'Q2', slug: 'query-filters' } }),
];

const update = [
  put('invalid.update.title.null', '/api/kitchens/@@k2', { data: { title: null } }), put('invalid.update.title.long', '/api/kitchens/@@k2', { data: { title: long(41) } }),
  put('invalid.update.code.unique', '/api/kitchens/@@k2', { data: { code: 'AB-1' } }), put('invalid.update.slug.unique', '/api/kitchens/@@k2', { data: { slug: 'full' } }),
  put('invalid.update.count.string', '/api/kitchens/@@k2', { data: { count: 'abc' } }), put('invalid.update.unknown', '/api/kitchens/@@k2', { data: { nope: 1 } }),
  put('invalid.update.id', '/api/kitchens/@@k2', { data: { id: 1 } }), put('invalid.update.data.missing', '/api/kitchens/@@k2', {}),
  put('invalid.update.data.array', '/api/kitchens/@@k2', { data: [] }), put('invalid.update.seo.missing.title', '/api/kitchens/@@k2', { data: { seo: { metaDescription: 'x' } } }),
  put('invalid.update.missing.doc.bad', '/api/kitchens/doesnotexist', { data: { count: 'abc' } }), put('invalid.update.missing.doc', '/api/kitchens/doesnotexist', { data: { count: 1 } }),
  put('invalid.update.items.foreign', '/api/kitchens/@@k2', { data: { items: [{ id: 999999, label: 'x' }] } }),
  put('invalid.update.code.same', '/api/kitchens/@@k2', { data: { code: 'CD-22' } }),
];

const ok = [
  post('valid.create.minimal', '/api/kitchens', { data: { title: 'Minimal', slug: 'minimal' } }, { capture: { kmin: 'data.documentId' } }),
  post('valid.create.populate', '/api/kitchens?populate=*', { data: { title: 'Populated', slug: 'populated', seo: { metaTitle: 'P' }, items: [{ label: 'a' }], owner: '@@a3', picks: ['@@t3'], cover: '@@img1' } }, { capture: { kpop: 'data.documentId' } }),
  post('valid.create.fields', '/api/kitchens?fields=title', { data: { title: 'Fields only', slug: 'fields-only', count: 3 } }),
  post('valid.create.nulls', '/api/kitchens', { data: { title: 'Nulls', slug: 'nulls', name: null, count: null, cover: null, gallery: null, owner: null, picks: null, seo: null, items: null, zone: null, meta: null, active: null } }),
  post('valid.create.uid.missing', '/api/kitchens', { data: { title: 'No Slug Given' } }),
  post('valid.create.big.unsafe', '/api/kitchens', { data: { title: 'Big', slug: 'big-unsafe', big: '9007199254740993' } }, { capture: { kbig: 'data.documentId' } }),
  // what a biginteger past 2^53 reads back as, and which digits a filter matches
  get('valid.create.big.unsafe.read', '/api/kitchens/@@kbig?fields[0]=big'),
  get('valid.create.big.unsafe.filter.exact', '/api/kitchens?fields[0]=big&filters[big][$eq]=9007199254740993'),
  get('valid.create.big.unsafe.filter.rounded', '/api/kitchens?fields[0]=big&filters[big][$eq]=9007199254740992'),
  get('valid.create.big.unsafe.filter.gt', '/api/kitchens?fields[0]=big&filters[big][$gt]=9007199254740992'),
  { id: 'valid.create.big.unsafe.json.number', method: 'POST', path: '/api/kitchens', rawBody: '{"data":{"title":"Big number","slug":"big-unsafe-number","big":9007199254740995}}' },
  post('valid.create.big.int64.max', '/api/kitchens', { data: { title: 'Big max', slug: 'big-int64-max', big: '9223372036854775807' } }),
  post('valid.create.numbers', '/api/kitchens', { data: { title: 'Numbers', slug: 'numbers', count: 0, big: '-9007199254740991', ratio: -10, price: 123456.789 } }),
  put('valid.update.partial', '/api/kitchens/@@kmin', { data: { count: 7 } }),
  put('valid.update.populate', '/api/kitchens/@@kmin?populate=items', { data: { items: [{ label: 'new' }] } }),
  put('valid.update.empty.data', '/api/kitchens/@@kmin', { data: {} }),
  put('valid.update.same.slug', '/api/kitchens/@@kmin', { data: { slug: 'minimal' } }),
  put('valid.update.fields', '/api/kitchens/@@kmin?fields=count', { data: { count: 8 } }),
  send('valid.get.after', 'GET', '/api/kitchens/@@kmin?populate=*', undefined),
  put('valid.update.secret', '/api/kitchens/@@kmin', { data: { secret: 'new-secret' } }),
  put('valid.update.title.null.draftless', '/api/kitchens/@@kmin', { data: { name: 'Named' } }),
];

export default [...create, ...update, ...ok];
