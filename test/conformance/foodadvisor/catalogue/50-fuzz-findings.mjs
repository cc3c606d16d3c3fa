// What `npm run conformance:fuzz` found on these schemas, each made one concrete request.
import { get, put } from '../../catalogue/helpers.mjs';

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
  put('fuzz.update.missing.relation.missing', '/api/reviews/nope00000000000000000000', { data: { restaurant: 'missing00000000000000000' } }),
  put('fuzz.update.missing.relation.found', '/api/reviews/nope00000000000000000000', { data: { restaurant: '@@r1' } }),
  // a list as `data`: Strapi's entity validation, after the document lookup
  put('fuzz.data.array.missing', '/api/restaurants/nope00000000000000000000', { data: [] }),
  put('fuzz.data.array', '/api/restaurants/@@r3', { data: [] }),
];
