// Writes FoodAdvisor's rules refuse: required attributes (restaurants' images and price, a review's
// note), enumerations, min/max, the seo component's lengths and required media, nested components
// and dynamic-zone items, relations, unique names; then the same rules on update.
import { post, put } from '../../catalogue/helpers.mjs';

const long = (n) => 'x'.repeat(n);
const DESCRIPTION = 'A description that is long enough for the seo component rule';
const base = { name: 'Valid', price: 'p1', images: ['@@img1'] };
const bad = (id, data, extra = {}) => post(`invalid.restaurant.${id}`, '/api/restaurants',
  { data: { ...base, slug: `bad-${id.replace(/\./g, '-')}`, ...data } }, extra);
const seo = (data) => ({ metaTitle: 'T', metaDescription: DESCRIPTION, metaImage: '@@img1', ...data });

const restaurant = [
  post('invalid.restaurant.empty', '/api/restaurants', { data: {} }),
  post('invalid.restaurant.no.data', '/api/restaurants', { name: 'x' }),
  bad('name.missing', { name: undefined }), bad('name.null', { name: null }), bad('price.missing', { price: undefined }),
  bad('price.bad', { price: 'p5' }), bad('price.number', { price: 2 }), bad('images.missing', { images: undefined }),
  bad('images.empty', { images: [] }), bad('images.unknown', { images: [999999] }), bad('images.single', { images: '@@img1' }),
  bad('slug.bad', { slug: 'Not a slug' }), bad('slug.taken', { slug: 'pizza-roma' }),
  bad('information.string', { information: 'x' }), bad('information.array', { information: [{ description: 'x' }] }),
  bad('information.hours.missing.interval', { information: { opening_hours: [{ opening_hour: '10:00' }] } }),
  bad('information.hours.object', { information: { opening_hours: { day_interval: 'Mon' } } }),
  bad('information.location.unknown', { information: { location: { address: 'a', nope: 1 } } }),
  bad('information.description.number', { information: { description: 5 } }),
  bad('socialNetworks.missing.url', { socialNetworks: [{}] }), bad('socialNetworks.object', { socialNetworks: { url: 'x' } }),
  bad('seo.missing.image', { seo: { metaTitle: 'T', metaDescription: DESCRIPTION } }),
  bad('seo.description.short', { seo: seo({ metaDescription: 'too short' }) }),
  bad('seo.description.long', { seo: seo({ metaDescription: long(161) }) }),
  bad('seo.title.long', { seo: seo({ metaTitle: long(61) }) }),
  bad('seo.social.network.bad', { seo: seo({ metaSocial: [{ socialNetwork: 'Myspace', title: 't', description: 'd' }] }) }),
  bad('seo.social.description.long', { seo: seo({ metaSocial: [{ socialNetwork: 'Facebook', title: 't', description: long(66) }] }) }),
  bad('seo.keywords.regex', { seo: seo({ keywords: ',' }) }),
  bad('seo.structuredData.string', { seo: seo({ structuredData: 'text' }), slug: 'seo-structured-string' }),
  bad('seo.valid', { seo: seo({}), slug: 'seo-valid' }),
  bad('blocks.not.array', { blocks: { __component: 'blocks.faq' } }),
  bad('blocks.missing.component', { blocks: [{ title: 'x' }] }),
  bad('blocks.unknown.component', { blocks: [{ __component: 'blocks.nope' }] }),
  bad('blocks.faq.theme.bad', { blocks: [{ __component: 'blocks.faq', theme: 'loud' }] }),
  bad('blocks.cta.button.link.missing.href',
    { blocks: [{ __component: 'blocks.cta', buttons: [{ theme: 'primary', link: { label: 'x' } }] }] }),
  bad('blocks.cta.button.missing.theme', { blocks: [{ __component: 'blocks.cta', buttons: [{ link: { label: 'x', href: '/' } }] }] }),
  bad('blocks.cta.link.target.bad',
    { blocks: [{ __component: 'blocks.cta', buttons: [{ theme: 'primary', link: { label: 'x', href: '/', target: '_self' } }] }] }),
  bad('blocks.related.unknown', { blocks: [{ __component: 'blocks.related-restaurants', restaurants: ['nope00000000000000000000'] }] }),
  bad('category.unknown', { category: 'nope00000000000000000000' }), bad('category.array', { category: ['@@cat1', '@@cat2'] }),
  bad('place.number', { place: 999999 }), bad('unknown.key', { nope: 1 }),
  bad('reviews.connect', { reviews: { connect: ['@@rv3'] }, slug: 'reviews-connect' }),
  bad('locale.unknown', {}, { path: '/api/restaurants?locale=xx' }),
  bad('status.bad', {}, { path: '/api/restaurants?status=nope' }),
  bad('draft.skips.required', { images: undefined, price: undefined, slug: 'draft-skips' }, { path: '/api/restaurants?status=draft' }),
];
for (const kase of restaurant) if (kase.path === undefined) kase.path = '/api/restaurants';

const review = (id, data, extra) => post(`invalid.review.${id}`, '/api/reviews', { data }, extra);
const other = [
  review('note.missing', { content: 'x' }), review('note.zero', { note: 0 }), review('note.six', { note: 6 }),
  review('note.float', { note: 2.5 }),
  review('note.string', { note: 'five' }), review('note.numeric.string', { note: '3', content: 'numeric string' }),
  review('restaurant.unknown', { note: 3, restaurant: 'nope00000000000000000000' }),
  review('public.create', { note: 3, content: 'public' }, { auth: 'none' }),
  review('public.create.bad', { note: 9 }, { auth: 'none' }),
  post('invalid.place.unique', '/api/places', { data: { name: 'Paris' } }),
  post('invalid.place.missing', '/api/places', { data: {} }),
  post('invalid.article.missing.content', '/api/articles', { data: { title: 'No content', slug: 'no-content' } }),
  post('invalid.article.blocks.unlisted', '/api/articles',
    { data: { title: 'Hero', slug: 'hero', ckeditor_content: 'x', blocks: [{ __component: 'blocks.features', cards: [] }] } }),
  post('invalid.page.pricing.card.missing.price', '/api/pages',
    { data: { title: 'P', blocks: [{ __component: 'blocks.pricing', pricingCards: [{ title: 'Free' }] }] } }),
  post('invalid.page.pricing.perk.included', '/api/pages',
    { data: { title: 'P', blocks: [{ __component: 'blocks.pricing',
        pricingCards: [{ title: 'Free', price: 0, perks: [{ name: 'x' }] }] }] } }),
  post('invalid.page.features.text.missing', '/api/pages',
    { data: { title: 'P', blocks: [{ __component: 'blocks.features-with-images' }] } }),
  put('invalid.global.navigation.link', '/api/global', { data: { navigation: { links: [{ label: 'no href' }] } } }),
  put('invalid.blog.articlesPerPage', '/api/blog-page', { data: { articlesPerPage: 'many' } }),
  put('invalid.rpage.missing.required', '/api/restaurant-page', { data: { slug: 'r' } }),
  put('invalid.restaurant.update.price', '/api/restaurants/@@r3', { data: { price: 'cheap' } }),
  put('invalid.restaurant.update.images.empty', '/api/restaurants/@@r3', { data: { images: [] } }),
  put('invalid.restaurant.update.missing', '/api/restaurants/nope00000000000000000000', { data: { name: 'x' } }),
  put('invalid.review.update.note', '/api/reviews/@@rv1', { data: { note: 10 } }),
  put('invalid.category.update.slug', '/api/categories/@@cat1', { data: { slug: 'has space' } }),
];

export default [...restaurant, ...other];
