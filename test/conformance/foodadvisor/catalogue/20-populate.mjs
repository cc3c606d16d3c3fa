// populate of FoodAdvisor's components (nested three deep), dynamic zones (`on`, nested populate
// inside zone items, relations and media in zone items), media, relations and single types.
import { get } from '../../catalogue/helpers.mjs';

const RP = (id, query) => get(`populate.restaurant.${id}`, `/api/restaurants/@@r1?fields[0]=name&${query}`);
const restaurant = [
  RP('star', 'populate=*'), RP('information', 'populate=information'), RP('information.dot', 'populate=information.opening_hours'),
  RP('information.location', 'populate[information][populate][location]=true'),
  RP('information.star', 'populate[information][populate]=*'), RP('information.fields', 'populate[information][fields][0]=description'),
  RP('socialNetworks', 'populate=socialNetworks'), RP('socialNetworks.sort', 'populate[socialNetworks][sort]=url:desc'),
  RP('blocks', 'populate=blocks'), RP('blocks.star', 'populate[blocks][populate]=*'),
  RP('blocks.on.faq', 'populate[blocks][on][blocks.faq][populate]=faq'),
  RP('blocks.on.cta.deep', 'populate[blocks][on][blocks.cta][populate][buttons][populate]=link'),
  RP('blocks.on.cta.fields', 'populate[blocks][on][blocks.cta][fields][0]=title'),
  RP('blocks.on.two', 'populate[blocks][on][restaurant.rich-content]=true&populate[blocks][on][blocks.faq][populate][faq][fields][0]=question'),
  RP('blocks.on.unlisted', 'populate[blocks][on][blocks.hero]=true'),
  RP('blocks.on.missing', 'populate[blocks][on][blocks.nope]=true'),
  RP('seo', 'populate=seo'), RP('seo.metaImage', 'populate=seo.metaImage'), RP('seo.star', 'populate[seo][populate]=*'),
  RP('seo.metaSocial.image', 'populate[seo][populate][metaSocial][populate]=image'),
  RP('images', 'populate=images'), RP('images.fields', 'populate[images][fields][0]=name&populate[images][fields][1]=mime'),
  RP('category', 'populate[category][fields][0]=name'), RP('place.restaurants', 'populate[place][populate][restaurants][fields][0]=name'),
  RP('reviews', 'populate[reviews][fields][0]=note&populate[reviews][sort]=note'),
  RP('reviews.filters', 'populate[reviews][fields][0]=note&populate[reviews][filters][note][$gte]=4'),
  RP('localizations', 'populate[localizations][fields][0]=name'),
  RP('fr.information', 'locale=fr-FR&populate=information'),
  RP('unknown', 'populate=nope'), RP('information.unknown', 'populate=information.nope'),
  get('populate.restaurant.r5.blocks.related',
    '/api/restaurants/@@r5?fields[0]=name&populate[blocks][on][blocks.related-restaurants][populate][restaurants][fields][0]=name'),
  get('populate.restaurant.r5.blocks.star', '/api/restaurants/@@r5?fields[0]=name&populate[blocks][populate]=*'),
  get('populate.restaurants.list.star', '/api/restaurants?fields[0]=name&sort=name&populate=*'),
  get('populate.restaurants.list.draft.star', '/api/restaurants?fields[0]=name&sort=name&status=draft&populate=*'),
  get('populate.restaurants.list.public.star', '/api/restaurants?fields[0]=name&sort=name&populate=*', { auth: 'none' }),
];

const PP = (id, query) => get(`populate.page.${id}`, `/api/pages/@@pg1?fields[0]=title&${query}`);
const page = [
  PP('blocks', 'populate=blocks'), PP('blocks.star', 'populate[blocks][populate]=*'),
  PP('blocks.on.hero', 'populate[blocks][on][blocks.hero][populate][header]=true&populate[blocks][on][blocks.hero][populate][images][fields][0]=name&populate[blocks][on][blocks.hero][populate][buttons][populate]=link'),
  PP('blocks.on.features', 'populate[blocks][on][blocks.features][populate][cards][populate]=image'),
  PP('blocks.on.pricing', 'populate[blocks][on][blocks.pricing][populate][pricingCards][populate]=perks'),
  PP('blocks.on.pricing.star', 'populate[blocks][on][blocks.pricing][populate]=*'),
  PP('blocks.on.related', 'populate[blocks][on][blocks.related-restaurants][populate][restaurants][fields][0]=name'),
  PP('blocks.on.fwi', 'populate[blocks][on][blocks.features-with-images][populate]=*'),
  PP('blocks.on.team', 'populate[blocks][on][blocks.team]=true&populate[blocks][on][blocks.testimonial]=true'),
  PP('seo.deep', 'populate[seo][populate][metaImage][fields][0]=name&populate[seo][populate][metaSocial]=true'),
  PP('star', 'populate=*'), PP('fr.blocks', 'locale=fr-FR&populate[blocks][populate]=*'),
  get('populate.pages.list.blocks', '/api/pages?fields[0]=title&sort=title&populate=blocks'),
];

const AP = (id, query) => get(`populate.article.${id}`, `/api/articles/@@a4?fields[0]=title&${query}`);
const article = [
  AP('blocks', 'populate=blocks'),
  AP('blocks.related', 'populate[blocks][on][blocks.related-articles][populate][articles][fields][0]=title'),
  AP('blocks.related.header', 'populate[blocks][on][blocks.related-articles][populate]=*'),
  get('populate.article.a1.star', '/api/articles/@@a1?populate=*'),
  get('populate.article.a1.blocks.on.faq', '/api/articles/@@a1?fields[0]=title&populate[blocks][on][blocks.faq][populate][faq]=true'),
  get('populate.article.a1.category.restaurants',
    '/api/articles/@@a1?fields[0]=title&populate[category][populate][restaurants][fields][0]=name'),
  get('populate.articles.list.category', '/api/articles?fields[0]=title&sort=title&populate[category][fields][0]=name'),
  get('populate.categories.both',
    '/api/categories?fields[0]=name&sort=name&populate[restaurants][fields][0]=name&populate[articles][fields][0]=title'),
  get('populate.categories.restaurants.draft',
    '/api/categories?fields[0]=name&sort=name&status=draft&populate[restaurants][fields][0]=name'),
  get('populate.places.restaurants.fr', '/api/places?fields[0]=name&sort=name&locale=fr-FR&populate[restaurants][fields][0]=name'),
  get('populate.reviews.restaurant', '/api/reviews?fields[0]=note&sort=content&populate[restaurant][fields][0]=name'),
];

const single = [
  get('populate.global.star', '/api/global?populate=*'),
  get('populate.global.navigation.links', '/api/global?populate[navigation][populate]=*'),
  get('populate.global.footer.deep',
    '/api/global?populate[footer][populate][footerColumns][populate]=links&populate[footer][populate][button][populate]=link'),
  get('populate.global.footer.dot', '/api/global?populate=footer.footerColumns.links'),
  get('populate.global.footer.social', '/api/global?populate[footer][populate][socialNetworks][fields][0]=url'),
  get('populate.blog.star', '/api/blog-page?populate=*'),
  get('populate.blog.blocks.on', '/api/blog-page?populate[blocks][on][blocks.cta]=true'),
  get('populate.blog.seo', '/api/blog-page?populate[seo][populate]=metaImage&fields[0]=slug'),
  get('populate.rpage.draft.star', '/api/restaurant-page?status=draft&populate=*'),
];

export default [...restaurant, ...page, ...article, ...single];
