// Reads of FoodAdvisor's types: operators on the attribute types it uses, filters through its
// relations and nested components, logical operators, sort, fields, both paginations, locale, status.
import { get, q } from '../../catalogue/helpers.mjs';

const OPERATORS = ['$eq', '$eqi', '$ne', '$in', '$notIn', '$lt', '$gte', '$between', '$contains', '$notContainsi', '$startsWith',
  '$endsWithi', '$null', '$notNull'];

function operatorQuery(field, operator, [a, b]) {
  const base = `filters${field.split('.').map((part) => `[${part}]`).join('')}[${operator}]`;
  if (operator === '$in' || operator === '$notIn' || operator === '$between') return `${base}[0]=${q(a)}&${base}[1]=${q(b)}`;
  if (operator === '$null' || operator === '$notNull') return `${base}=true`;
  return `${base}=${q(a)}`;
}

// list path (fields and sort that keep answers small and ordered) → field → two values
const TABLE = {
  '/api/restaurants?fields[0]=name&sort=name': {
    name: ['Pizza Roma', 'sushi bar'], price: ['p2', 'p3'], slug: ['pizza-roma', 'chez-marie'],
    'category.name': ['Italian', 'Japanese'], 'place.name': ['Paris', 'Lyon'], 'reviews.note': ['5', '2'],
    'information.description': ['Wood', 'fish'], 'information.location.address': ['1 rue de Rome', 'quai'],
    'information.opening_hours.day_interval': ['Sat', 'Mon-Fri'], 'socialNetworks.url': ['https://marie.example', 'roma'],
    'seo.metaTitle': ['Pizza Roma', 'x'], 'images.name': ['tiny.png', 'photo.jpg'],
  },
  '/api/reviews?fields[0]=content&sort=content': { note: ['4', '2'], content: ['Great', 'salty'],
    'restaurant.name': ['Pizza Roma', 'Sushi Bar'], 'restaurant.category.name': ['Italian', 'Japanese'] },
  '/api/articles?fields[0]=title&sort=title': { title: ['Sushi etiquette', 'pizza'], ckeditor_content: ['<p>Chopsticks.</p>', 'tried'],
    'category.slug': ['italian', 'japanese'], 'seo.metaDescription': ['Best', 'eat'] },
  '/api/categories?fields[0]=name&sort=name': { name: ['Italian', 'european'], 'restaurants.name': ['Chez Marie', 'Pizza Roma'],
    'articles.title': ['Sushi etiquette', 'x'] },
};

const operators = [];
for (const [list, fields] of Object.entries(TABLE)) {
  const type = list.split('?')[0].split('/').at(-1);
  for (const [field, values] of Object.entries(fields)) {
    for (const operator of OPERATORS) operators.push(get(`reads.${type}.${field}.${operator}`,
      `${list}&${operatorQuery(field, operator, values)}`));
  }
}

const R = '/api/restaurants?fields[0]=name&sort=name';
const other = [
  get('reads.restaurants.list', '/api/restaurants'),
  get('reads.restaurants.one', '/api/restaurants/@@r1'),
  get('reads.restaurants.one.draft', '/api/restaurants/@@r4?status=draft'),
  get('reads.restaurants.one.draft.published', '/api/restaurants/@@r4'),
  get('reads.restaurants.fr', `${R}&locale=fr-FR`), get('reads.restaurants.fr.draft', `${R}&locale=fr-FR&status=draft`),
  get('reads.restaurants.all.locales', `${R}&locale=*`), get('reads.restaurants.bad.locale', `${R}&locale=de`),
  get('reads.restaurants.draft', `${R}&status=draft`), get('reads.restaurants.bad.status', `${R}&status=nope`),
  get('reads.restaurants.and', `${R}&filters[$and][0][price][$eq]=p2&filters[$and][1][category][name][$eq]=Italian`),
  get('reads.restaurants.or', `${R}&filters[$or][0][price][$eq]=p1&filters[$or][1][place][name][$eq]=Lyon`),
  get('reads.restaurants.not', `${R}&filters[$not][price][$eq]=p2`),
  get('reads.restaurants.not.component', `${R}&filters[$not][information][location][address][$null]=true`),
  get('reads.restaurants.or.nested.and',
    `${R}&filters[$or][0][$and][0][price][$eq]=p2&filters[$or][0][$and][1][name][$containsi]=roma&filters[$or][1][name][$eq]=Chez Marie`),
  get('reads.restaurants.implicit.eq', `${R}&filters[price]=p3`),
  get('reads.restaurants.implicit.in', `${R}&filters[price][0]=p1&filters[price][1]=p3`),
  get('reads.restaurants.filter.blocks', `${R}&filters[blocks][title][$eq]=x`),
  get('reads.restaurants.filter.unknown', `${R}&filters[nope][$eq]=x`),
  get('reads.restaurants.filter.component.unknown', `${R}&filters[information][nope][$eq]=x`),
  get('reads.restaurants.filter.bad.operator', `${R}&filters[name][$nope]=x`),
  get('reads.restaurants.filter.price.number', `${R}&filters[price][$eq]=5`),
  get('reads.restaurants.sort.desc', '/api/restaurants?fields[0]=name&sort=name:desc'),
  get('reads.restaurants.sort.two', '/api/restaurants?fields[0]=name&fields[1]=price&sort[0]=price:desc&sort[1]=name'),
  get('reads.restaurants.sort.relation', '/api/restaurants?fields[0]=name&sort=category.name:asc,name'),
  get('reads.restaurants.sort.unknown', '/api/restaurants?fields[0]=name&sort=nope'),
  get('reads.restaurants.sort.component', '/api/restaurants?fields[0]=name&sort=information.description'),
  get('reads.restaurants.fields.many', '/api/restaurants?fields[0]=name&fields[1]=slug&fields[2]=price&sort=name'),
  get('reads.restaurants.fields.string', '/api/restaurants?fields=name,price&sort=name'),
  get('reads.restaurants.fields.component', '/api/restaurants?fields[0]=information&sort=name'),
  get('reads.restaurants.fields.unknown', '/api/restaurants?fields[0]=nope'),
  get('reads.restaurants.page', `${R}&pagination[page]=2&pagination[pageSize]=2`),
  get('reads.restaurants.page.count.false', `${R}&pagination[pageSize]=1&pagination[withCount]=false`),
  get('reads.restaurants.start', `${R}&pagination[start]=1&pagination[limit]=2`),
  get('reads.restaurants.start.mixed', `${R}&pagination[start]=1&pagination[page]=2`),
  get('reads.restaurants.page.zero', `${R}&pagination[page]=0`),
  get('reads.restaurants.limit.big', `${R}&pagination[limit]=1000`),
  get('reads.restaurants.public', R, { auth: 'none' }),
  get('reads.restaurants.public.draft', `${R}&status=draft`, { auth: 'none' }),
  get('reads.restaurants.missing', '/api/restaurants/nope123'),
  get('reads.reviews.fr', '/api/reviews?fields[0]=content&fields[1]=note&sort=content&locale=fr-FR'),
  get('reads.reviews.sort.note', '/api/reviews?fields[0]=note&sort[0]=note:desc&sort[1]=content'),
  get('reads.reviews.between', '/api/reviews?fields[0]=note&sort=note&filters[note][$between][0]=2&filters[note][$between][1]=4'),
  get('reads.reviews.public', '/api/reviews?fields[0]=content&sort=content', { auth: 'none' }),
  get('reads.reviews.status', '/api/reviews?fields[0]=content&sort=content&status=draft'),
  get('reads.articles.draft', '/api/articles?fields[0]=title&sort=title&status=draft'),
  get('reads.articles.fr', '/api/articles?fields[0]=title&sort=title&locale=fr-FR'),
  get('reads.articles.one', '/api/articles/@@a1'),
  get('reads.articles.one.fr', '/api/articles/@@a1?locale=fr-FR'),
  get('reads.articles.one.de', '/api/articles/@@a1?locale=de'),
  get('reads.places', '/api/places?sort=name'),
  get('reads.places.unique.eqi', '/api/places?sort=name&filters[name][$eqi]=PARIS'),
  get('reads.places.restaurants.count', '/api/places?sort=name&filters[restaurants][name][$null]=true'),
  get('reads.categories', '/api/categories?sort=name'),
  get('reads.pages', '/api/pages?fields[0]=title&fields[1]=slug&sort=title'),
  get('reads.pages.fr', '/api/pages?fields[0]=title&sort=title&locale=fr-FR'),
  get('reads.pages.public', '/api/pages?fields[0]=title&sort=title', { auth: 'none' }),
  get('reads.global', '/api/global'), get('reads.global.fr', '/api/global?locale=fr-FR'),
  get('reads.global.draft', '/api/global?status=draft'),
  get('reads.global.public', '/api/global', { auth: 'none' }),
  get('reads.blog', '/api/blog-page'), get('reads.blog.fields', '/api/blog-page?fields[0]=slug&fields[1]=articlesPerPage'),
  get('reads.rpage', '/api/restaurant-page'), get('reads.rpage.draft', '/api/restaurant-page?status=draft'),
  get('reads.rpage.public.draft', '/api/restaurant-page?status=draft', { auth: 'none' }),
  get('reads.upload.files', '/api/upload/files?fields[0]=name&sort=name'),
  get('reads.locales', '/api/i18n/locales'),
];

export default [...operators, ...other];
