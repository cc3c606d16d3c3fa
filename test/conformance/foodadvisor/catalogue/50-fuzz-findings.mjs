// What `npm run conformance:fuzz` found on these schemas, each made one concrete request.
import { get, post, put } from '../../catalogue/helpers.mjs';

const R = '/api/restaurants/@@r1?fields[0]=name';
export default [
  // `populate[x]=*` on a component or a media: Strapi populates "everything" of it and refuses its
  // first relational attribute; a component without one populates as `true`
  get('fuzz.populate.star.component.media', `${R}&populate[seo]=*`),
  get('fuzz.populate.star.component.component', `${R}&populate[information]=*`),
  get('fuzz.populate.star.nested.component', `${R}&populate[seo][populate][metaSocial]=*`),
  get('fuzz.populate.star.media', `${R}&populate[images]=*`),
  get('fuzz.populate.star.relation', `${R}&populate[category]=*`),
  get('fuzz.populate.star.repeatable.scalars', `${R}&populate[socialNetworks]=*`),
  get('fuzz.populate.star.component.scalars', '/api/pages/@@pg1?fields[0]=title&populate[seo][populate][metaSocial][populate][image]=*'),
  get('fuzz.populate.star.single.component', '/api/global?populate[navigation]=*'),
  get('fuzz.populate.star.zone.component', `${R}&populate[blocks][on][blocks.cta][populate][buttons]=*`),
  get('fuzz.populate.nested.true', `${R}&populate[seo][fields][0]=metaTitle&populate[seo][populate]=true`),
  get('fuzz.populate.nested.true.relation', `${R}&populate[category][populate]=true`),
  // a write's answer shows the other locales as they were before Strapi syncs the non-localized fields
  put('fuzz.localizations.before.sync', `${R}&fields[1]=price&populate[localizations][fields][0]=price`, { data: { price: 'p4' } }),
  get('fuzz.localizations.before.sync.after', `${R}&fields[1]=price&populate[localizations][fields][0]=price`),
  put('fuzz.single.localizations.before.sync', '/api/global?populate[localizations][populate]=*', { data: { navigation: { links: [] } } }),
  // a missing document: the body's relations are looked up before the document
  put('fuzz.update.missing.relation.missing', '/api/reviews/nope00000000000000000000',
    { data: { restaurant: 'missing00000000000000000' } }),
  put('fuzz.update.missing.relation.found', '/api/reviews/nope00000000000000000000', { data: { restaurant: '@@r1' } }),
  // sort errors against a Strapi 500 and pagination errors (issue #23's sort category)
  get('fuzz.sort.order.before.subpath', '/api/pages?fields[0]=title&sort[0]=title.nope&sort[1]=title:sideways'),
  get('fuzz.sort.order.after.pagination', '/api/places?fields[0]=name&sort=name:sideways&pagination[start]=1&pagination[page]=2'),
  // a unique attribute takes the empty string more than once, as null
  post('fuzz.unique.empty.once', '/api/places', { data: { name: '' } }),
  post('fuzz.unique.empty.twice', '/api/places', { data: { name: '' } }),
  get('fuzz.unique.empty.list', '/api/places?fields[0]=name&sort=name&filters[name][$eq]='),
  // a relation inside a zone item names a missing document: before the lookup, and its locale
  put('fuzz.update.missing.zone.relation', '/api/pages/nope00000000000000000000',
    { data: { blocks: [{ __component: 'blocks.related-restaurants', restaurants: ['missing00000000000000000'] }] } }),
  put('fuzz.update.zone.relation.locale', '/api/pages/@@pg2',
    { data: { blocks: [{ __component: 'blocks.related-restaurants', restaurants: ['missing00000000000000000'] }] } }),
  put('fuzz.update.relation.unlocalized.locale', '/api/restaurants/@@r3', { data: { category: 'missing00000000000000000' } }),
  // the root sort's columns join the returned fields (issue #23's sort category)
  get('fuzz.sort.adds.field', '/api/categories?fields[0]=slug&sort=name:desc'),
  get('fuzz.populate.sort.component.adds.field',
    '/api/global?populate[navigation][populate][links][fields][0]=label&populate[navigation][populate][links][sort]=href'),
  get('fuzz.search.one', '/api/restaurants/@@r1?fields[0]=name&_q=zz-zz'),
  get('fuzz.search.one.match', '/api/restaurants/@@r1?fields[0]=name&_q=Pizza'),
  // a list as `data`: Strapi's entity validation, after the document lookup
  put('fuzz.data.array.missing', '/api/restaurants/nope00000000000000000000', { data: [] }),
  put('fuzz.data.array', '/api/restaurants/@@r3', { data: [] }),
];
