// Read cases of test/extensions/launchpad, generated per collection type: list and document forms (fields, sort,
// pagination, filters, locale, status, populate), the Public role, a JWT, and invalid queries; then deep populates
// through relations, components and dynamic zones, and the populate the project's route middlewares force.
// @ts-nocheck
import { get } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const JWT = { auth: 'jwt:ann' };

/** Each collection type: its path, a string field, two of its values, its first seeded document, D&P, a populate. */
const TYPES = [
  { name: 'articles', field: 'title', values: ['Launch day', 'Guide to orbit'], doc: 'a1', dp: true, populate: 'categories', fr: 'a1' },
  { name: 'categories', field: 'name', values: ['News', 'Releases'], doc: 'c1', populate: 'product' },
  { name: 'faqs', field: 'question', values: ['Can I cancel?', 'What does it cost?'], doc: 'faq2', populate: '', fr: 'faq1' },
  { name: 'logos', field: 'company', values: ['Acme', 'Initech'], doc: 'logo2', populate: 'image' },
  { name: 'pages', field: 'slug', values: ['home', 'about'], doc: 'pg2', dp: true, populate: 'seo', fr: 'pg1' },
  { name: 'plans', field: 'name', values: ['Hobby', 'Enterprise'], doc: 'plan1', dp: true, populate: 'CTA' },
  { name: 'products', field: 'name', values: ['Rocket', 'Shuttle'], doc: 'p2', dp: true, populate: 'perks', fr: 'p1' },
  { name: 'redirections', field: 'source', values: ['/old', '/blog/old'], doc: 'rd1', dp: true, populate: '' },
  { name: 'testimonials', field: 'text', values: ['On time', 'Flawless launch'], doc: 't1', dp: true, populate: 'user' },
];

function typeReads({ name, field, values, doc, dp, populate, fr }) {
  const list = `/api/${name}`;
  const f = `fields[0]=${field}`;
  const sorted = `${list}?sort=${field}&${f}`;
  const cases = [
    get(`${name}.list`, `${list}?sort=${field}`),
    get(`${name}.list.unsorted-count`, `${list}?${f}&pagination[pageSize]=1`),
    get(`${name}.list.public`, `${list}?sort=${field}`, NONE),
    get(`${name}.list.jwt`, `${list}?sort=${field}`, JWT),
    get(`${name}.fields.one`, sorted),
    get(`${name}.fields.two`, `${list}?sort=${field}&fields[0]=${field}&fields[1]=createdAt`),
    get(`${name}.fields.csv`, `${list}?sort=${field}&fields=${field},locale`),
    get(`${name}.fields.unknown`, `${list}?fields[0]=nope`),
    get(`${name}.sort.desc`, `${list}?sort=${field}:desc&${f}`),
    get(`${name}.sort.two`, `${list}?sort[0]=${field}:asc&sort[1]=id:desc&${f}`),
    get(`${name}.sort.unknown`, `${list}?sort=nope`),
    get(`${name}.page.1`, `${sorted}&pagination[page]=1&pagination[pageSize]=2`),
    get(`${name}.page.2`, `${sorted}&pagination[page]=2&pagination[pageSize]=2`),
    get(`${name}.page.past-end`, `${sorted}&pagination[page]=9&pagination[pageSize]=2`),
    get(`${name}.page.start-limit`, `${sorted}&pagination[start]=1&pagination[limit]=1`),
    get(`${name}.page.no-count`, `${sorted}&pagination[withCount]=false`),
    get(`${name}.page.invalid`, `${sorted}&pagination[pageSize]=abc`),
    get(`${name}.filter.eq`, `${sorted}&filters[${field}][$eq]=${encodeURIComponent(values[0])}`),
    get(`${name}.filter.shorthand`, `${sorted}&filters[${field}]=${encodeURIComponent(values[1])}`),
    get(`${name}.filter.ne`, `${sorted}&filters[${field}][$ne]=${encodeURIComponent(values[0])}`),
    get(`${name}.filter.in`, `${sorted}&filters[${field}][$in][0]=${encodeURIComponent(values[0])}&filters[${field}][$in][1]=${encodeURIComponent(values[1])}`),
    get(`${name}.filter.containsi`, `${sorted}&filters[${field}][$containsi]=${encodeURIComponent(values[0].slice(1, 3).toUpperCase())}`),
    get(`${name}.filter.startsWith`, `${sorted}&filters[${field}][$startsWith]=${encodeURIComponent(values[1].slice(0, 2))}`),
    get(`${name}.filter.null`, `${sorted}&filters[${field}][$null]=true`),
    get(`${name}.filter.or`, `${sorted}&filters[$or][0][${field}]=${encodeURIComponent(values[0])}&filters[$or][1][${field}]=${encodeURIComponent(values[1])}`),
    get(`${name}.filter.not`, `${sorted}&filters[$not][${field}][$eq]=${encodeURIComponent(values[0])}`),
    get(`${name}.filter.documentId`, `${sorted}&filters[documentId][$eq]=@@${doc}`),
    get(`${name}.filter.unknown`, `${sorted}&filters[nope][$eq]=1`),
    get(`${name}.filter.bad-operator`, `${sorted}&filters[${field}][$nope]=1`),
    get(`${name}.locale.fr`, `${sorted}&locale=fr`),
    get(`${name}.locale.all`, `${sorted}&locale=*`),
    get(`${name}.locale.unknown`, `${sorted}&locale=xx`),
    get(`${name}.populate.star`, `${sorted}&populate=*`),
    get(`${name}.findOne`, `${list}/@@${doc}`),
    get(`${name}.findOne.public`, `${list}/@@${doc}`, NONE),
    get(`${name}.findOne.jwt`, `${list}/@@${doc}?${f}`, JWT),
    get(`${name}.findOne.fields`, `${list}/@@${doc}?${f}`),
    get(`${name}.findOne.populate.star`, `${list}/@@${doc}?${f}&populate=*`),
    get(`${name}.findOne.missing`, `${list}/nosuchdocument0000000000`),
    get(`${name}.findOne.locale.fr`, `${list}/@@${fr ?? doc}?locale=fr&${f}`),
    get(`${name}.method.patch`, `${list}/@@${doc}`, { method: 'PATCH' }),
  ];
  if (populate) {
    cases.push(get(`${name}.populate.name`, `${sorted}&populate=${populate}`),
      get(`${name}.populate.list`, `${sorted}&populate[0]=${populate}`),
      get(`${name}.populate.true`, `${sorted}&populate[${populate}]=true`),
      get(`${name}.populate.unknown`, `${sorted}&populate=nope`));
  }
  if (dp) {
    cases.push(get(`${name}.status.draft`, `${sorted}&status=draft`),
      get(`${name}.status.published`, `${sorted}&status=published`),
      get(`${name}.status.draft.public`, `${sorted}&status=draft`, NONE),
      get(`${name}.status.invalid`, `${sorted}&status=nope`),
      get(`${name}.findOne.status.draft`, `${list}/@@${doc}?status=draft&${f}`),
      get(`${name}.filter.publishedAt.null`, `${sorted}&status=draft&filters[publishedAt][$null]=true`));
  }
  return cases;
}

const DEEP = [
  get('deep.categories.product.fields', '/api/categories?sort=name&fields[0]=name&populate[product][fields][0]=name&populate[product][fields][1]=price'),
  get('deep.categories.articles', '/api/categories?sort=name&fields[0]=name&populate[articles][fields][0]=title&populate[articles][sort]=title'),
  get('deep.categories.articles.filter', '/api/categories?sort=name&fields[0]=name&populate[articles][filters][title][$eq]=Launch%20day'),
  get('deep.categories.articles.draft', '/api/categories?sort=name&fields[0]=name&status=draft&populate[articles][fields][0]=title'),
  get('deep.categories.nested', '/api/categories?sort=name&fields[0]=name&populate[product][populate][plans][fields][0]=name'),
  get('deep.categories.filter.relation', '/api/categories?sort=name&fields[0]=name&filters[product][name][$eq]=Rocket'),
  get('deep.categories.filter.relation.deep', '/api/categories?sort=name&fields[0]=name&filters[articles][title][$containsi]=orbit'),
  get('deep.plans.components', '/api/plans?sort=name&fields[0]=name&populate[0]=CTA&populate[1]=perks&populate[2]=additional_perks'),
  get('deep.plans.product.images', '/api/plans?sort=name&fields[0]=name&populate[product][populate][0]=images'),
  get('deep.plans.product.star', '/api/plans?sort=name&fields[0]=name&populate[product][populate]=*'),
  get('deep.plans.filter.component', '/api/plans?sort=name&fields[0]=name&filters[CTA][variant][$eq]=primary'),
  get('deep.plans.filter.repeatable', '/api/plans?sort=name&fields[0]=name&filters[perks][text][$eq]=Support'),
  get('deep.plans.filter.featured', '/api/plans?sort=name&fields[0]=name&fields[1]=featured&filters[featured][$eq]=true'),
  get('deep.plans.filter.price', '/api/plans?sort=price:desc&fields[0]=name&fields[1]=price&filters[price][$gte]=99'),
  get('deep.plans.filter.price.between', '/api/plans?sort=price&fields[0]=price&filters[price][$between][0]=1&filters[price][$between][1]=500'),
  get('deep.plans.locale.fr.populate', '/api/plans?sort=name&locale=fr&populate=*'),
  get('deep.testimonials.user.image', '/api/testimonials?sort=text&fields[0]=text&populate[user][populate][0]=image'),
  get('deep.testimonials.user.fields', '/api/testimonials?sort=text&fields[0]=text&populate[user][fields][0]=firstname'),
  get('deep.testimonials.filter.component', '/api/testimonials?sort=text&fields[0]=text&filters[user][lastname][$eq]=Turing'),
  get('deep.logos.image.fields', '/api/logos?sort=company&fields[0]=company&populate[image][fields][0]=name&populate[image][fields][1]=mime'),
  get('deep.logos.filter.image', '/api/logos?sort=company&fields[0]=company&filters[image][name][$eq]=wide.png'),
  get('deep.logos.public', '/api/logos', NONE),
  get('deep.logos.findOne.jwt', '/api/logos/@@logo1', JWT),
  get('deep.redirections.findOne.public', '/api/redirections/@@rd1', NONE),
  get('deep.faqs.populate.localizations', '/api/faqs?sort=question&fields[0]=question&populate[localizations][fields][0]=question'),
  get('deep.faqs.fr.findOne', '/api/faqs/@@faq1?locale=fr'),
  get('deep.faqs.fr.missing', '/api/faqs/@@faq2?locale=fr'),
  get('deep.faqs.search', '/api/faqs?sort=question&fields[0]=question&filters[answer][$containsi]=ROCKET'),
  get('deep.faqs.locale.all.localizations', '/api/faqs?locale=*&sort=question&fields[0]=question&populate=localizations'),
  get('deep.faqs.locale.fr.localizations', '/api/faqs?locale=fr&fields[0]=question&populate[localizations][fields][0]=question'),
  get('deep.plans.locale.all.product.localizations',
    '/api/plans?locale=*&sort=name&fields[0]=name&populate[product][fields][0]=name&populate[product][populate][localizations][fields][0]=name'),
  get('deep.faqs.localizations.count', '/api/faqs?sort=question&fields[0]=question&populate[localizations][count]=true'),
  get('deep.faqs.findOne.localizations.count', '/api/faqs/@@faq1?fields[0]=question&populate[localizations][count]=true'),
  get('deep.faqs.fr.localizations.count', '/api/faqs/@@faq1?locale=fr&fields[0]=question&populate[localizations][count]=false'),
  get('deep.categories.product.localizations.count', '/api/categories?sort=name&fields[0]=name&populate[product][fields][0]=name'
    + '&populate[product][populate][localizations][count]=true'),
  get('deep.testimonials.localizations', '/api/testimonials?sort=text&fields[0]=text&populate=localizations'),
];

/** The route middlewares replace whatever populate the client asked for, on find and findOne only. */
const MIDDLEWARE = [];
for (const [name, doc, by] of [['articles', 'a2', 'title'], ['pages', 'pg1', 'slug'], ['products', 'p1', 'name']]) {
  MIDDLEWARE.push(
    get(`mw.${name}.find`, `/api/${name}?sort=${by}`),
    get(`mw.${name}.find.public`, `/api/${name}?sort=${by}`, NONE),
    get(`mw.${name}.find.populate-ignored`, `/api/${name}?sort=${by}&populate=localizations`),
    get(`mw.${name}.find.populate-invalid-ignored`, `/api/${name}?sort=${by}&populate=nope`),
    get(`mw.${name}.find.populate-deep-ignored`, `/api/${name}?sort=${by}&populate[localizations][populate]=*`),
    get(`mw.${name}.find.fields`, `/api/${name}?sort=${by}&fields[0]=documentId`),
    get(`mw.${name}.find.fr`, `/api/${name}?sort=${by}&locale=fr`),
    get(`mw.${name}.find.draft`, `/api/${name}?sort=${by}&status=draft`),
    get(`mw.${name}.find.all-locales`, `/api/${name}?sort=${by}&locale=*&fields[0]=locale`),
    get(`mw.${name}.findOne`, `/api/${name}/@@${doc}`),
    get(`mw.${name}.findOne.fr`, `/api/${name}/@@${doc}?locale=fr`),
    get(`mw.${name}.findOne.draft`, `/api/${name}/@@${doc}?status=draft`),
    get(`mw.${name}.findOne.populate-ignored`, `/api/${name}/@@${doc}?populate[0]=seo`),
    get(`mw.${name}.v4`, `/api/${name}/@@${doc}`, { headers: { 'Strapi-Response-Format': 'v4' } }),
  );
}
MIDDLEWARE.push(
  get('mw.articles.filter.category', '/api/articles?sort=title&filters[categories][name][$eq]=Guides'),
  get('mw.products.filter.plans', '/api/products?sort=name&filters[plans][name][$eq]=Enterprise'),
  get('mw.pages.filter.slug', '/api/pages?filters[slug][$eq]=home'),
  get('mw.pages.filter.dz-component', '/api/pages?filters[seo][metaTitle][$containsi]=rocket'),
  get('mw.articles.draft-only.findOne', '/api/articles/@@a3'),
  get('mw.articles.draft-only.findOne.draft', '/api/articles/@@a3?status=draft'),
  get('mw.products.draft-only.find.draft', '/api/products?status=draft&filters[name][$eq]=Probe'),
);

export const READS = [...TYPES.flatMap(typeReads), ...DEEP, ...MIDDLEWARE];
