// Every filter operator on every attribute type (kitchens, no draft & publish, not localized), then
// logical operators, implicit forms, relations, components, media and the keys Strapi refuses.
import { get, q } from './helpers.mjs';

const OPERATORS = ['$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$between',
  '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$null',
    '$notNull'];

// attribute → [a value, a second value (for $in / $between)]
const VALUES = {
  title: ['full', 'Third'],
  name: ['Gamma ray', 'beta'],
  text: ['coffee', 'Some text about coffee'],
  rich: ['# Heading', 'body'],
  email: ['a@example.com', 'b@example.org'],
  slug: ['full', 'third'],
  color: ['red', 'green'],
  count: ['10', '500'],
  big: ['12', '-5'],
  ratio: ['1.5', '-2.25'],
  price: ['19.99', '0.5'],
  active: ['true', 'false'],
  day: ['2024-02-29', '2023-12-31'],
  clock: ['13:45:30', '08:00:00'],
  at: ['2024-03-01T10:00:00.000Z', '2023-12-31T23:59:59.000Z'],
  id: ['1', '2'],
  documentId: ['@@k1', '@@k2'],
  createdAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
};

const LIST = '/api/kitchens?fields[0]=title&sort=title';

function operatorQuery(field, operator, [a, b]) {
  const base = `filters[${field}][${operator}]`;
  if (operator === '$in' || operator === '$notIn' || operator === '$between') return `${base}[0]=${q(a)}&${base}[1]=${q(b)}`;
  if (operator === '$null' || operator === '$notNull') return `${base}=true`;
  return `${base}=${q(a)}`;
}

const table = [];
for (const [field, values] of Object.entries(VALUES)) {
  for (const operator of OPERATORS) {
    // ids are merge-safe hashes here (a Project choice): only the operators that do not depend on their value
    if (field === 'id' && !['$null', '$notNull'].includes(operator)) continue;
    // documentIds are random: comparing their order would not be reproducible
    if (field === 'documentId' && ['$lt', '$lte', '$gt', '$gte', '$between'].includes(operator)) continue;
    table.push(get(`filter.${field}.${operator}`, `${LIST}&${operatorQuery(field, operator, values)}`));
  }
}

const extra = [
  // null handling and $null/$notNull values
  get('filter.name.$null.false', `${LIST}&filters[name][$null]=false`),
  get('filter.name.$null.0', `${LIST}&filters[name][$null]=0`),
  get('filter.name.$null.yes', `${LIST}&filters[name][$null]=yes`),
  get('filter.name.$null.empty', `${LIST}&filters[name][$null]=`),
  get('filter.code.$notNull.f', `${LIST}&filters[code][$notNull]=f`),
  get('filter.code.$eq.nullvalue', `${LIST}&filters[code][$eq]`),
  get('filter.code.$ne.nullvalue', `${LIST}&filters[code][$ne]`),
  get('filter.short.$ne', `${LIST}&filters[short][$ne]=abc`),
  get('filter.color.$nei.upper', `${LIST}&filters[color][$nei]=RED`),
  // implicit forms
  get('filter.implicit.eq', `${LIST}&filters[title]=Full`),
  get('filter.implicit.in', `${LIST}&filters[title][0]=Full&filters[title][1]=Third`),
  get('filter.implicit.eq.number', `${LIST}&filters[count]=10`),
  get('filter.array.contains', `${LIST}&filters[title][$contains][0]=ul&filters[title][$contains][1]=hir`),
  get('filter.in.single', `${LIST}&filters[title][$in]=Full`),
  get('filter.between.single', `${LIST}&filters[count][$between]=10`),
  get('filter.between.three', `${LIST}&filters[count][$between][0]=0&filters[count][$between][1]=10&filters[count][$between][2]=500`),
  // escaping in LIKE
  get('filter.contains.percent', `${LIST}&filters[text][$contains]=%25_`),
  get('filter.contains.underscore', `${LIST}&filters[text][$contains]=_`),
  get('filter.containsi.unicode', `${LIST}&filters[text][$containsi]=COFFEE`),
  get('filter.eq.case', `${LIST}&filters[name][$eq]=alpha`),
  get('filter.eqi.case', `${LIST}&filters[name][$eqi]=alpha`),
  get('filter.startsWith.case', `${LIST}&filters[name][$startsWith]=gam`),
  // logical operators
  get('filter.or', `${LIST}&filters[$or][0][count][$eq]=10&filters[$or][1][title][$eq]=Third`),
  get('filter.and', `${LIST}&filters[$and][0][active][$eq]=true&filters[$and][1][count][$gt]=100`),
  get('filter.or.nested.and', `${LIST}&filters[$or][0][$and][0][active]=true&filters[$or][0][$and][1][count][$lt]=100&filters[$or][1][color]=blue`),
  get('filter.not.root', `${LIST}&filters[$not][title][$eq]=Full`),
  get('filter.not.attribute', `${LIST}&filters[title][$not][$contains]=ul`),
  get('filter.not.attribute.eq', `${LIST}&filters[title][$not]=Full`),
  get('filter.not.null', `${LIST}&filters[name][$not][$null]=true`),
  get('filter.and.object', `${LIST}&filters[$and][active]=true`),
  get('filter.or.string', `${LIST}&filters[$or]=x`),
  get('filter.or.empty', `${LIST}&filters[$or][0]=x`),
  get('filter.two.fields', `${LIST}&filters[active]=true&filters[color]=green`),
  // type errors and castings
  get('filter.count.abc', `${LIST}&filters[count][$eq]=abc`),
  get('filter.count.float', `${LIST}&filters[count][$eq]=10.0`),
  get('filter.count.gt.string', `${LIST}&filters[count][$gt]=9abc`),
  get('filter.active.yes', `${LIST}&filters[active][$eq]=yes`),
  get('filter.active.1', `${LIST}&filters[active][$eq]=1`),
  get('filter.active.f', `${LIST}&filters[active][$eq]=f`),
  get('filter.day.bad', `${LIST}&filters[day][$eq]=2024-13-45`),
  get('filter.day.datetime', `${LIST}&filters[day][$gt]=2024-01-01T00:00:00.000Z`),
  get('filter.at.date', `${LIST}&filters[at][$gte]=2024-03-01`),
  get('filter.at.bad', `${LIST}&filters[at][$eq]=yesterday`),
  get('filter.clock.short', `${LIST}&filters[clock][$eq]=08:00`),
  get('filter.clock.bad', `${LIST}&filters[clock][$eq]=25:99`),
  get('filter.color.unknown', `${LIST}&filters[color][$eq]=purple`),
  get('filter.ratio.comma', `${LIST}&filters[ratio][$eq]=1,5`),
  get('filter.price.gt', `${LIST}&filters[price][$gt]=1`),
  get('filter.big.gt', `${LIST}&filters[big][$gt]=100`),
  get('filter.meta.eq', `${LIST}&filters[meta][$eq]=x`),
  get('filter.meta.null', `${LIST}&filters[meta][$null]=true`),
  get('filter.meta.contains', `${LIST}&filters[meta][$contains]=two`),
  get('filter.blocks.null', `${LIST}&filters[blocks][$null]=true`),
  get('filter.blocks.contains', `${LIST}&filters[blocks][$contains]=Hello`),
  // refused keys
  get('filter.unknown.field', `${LIST}&filters[nope]=1`),
  get('filter.unknown.operator', `${LIST}&filters[title][$foo]=1`),
  get('filter.operator.root', `${LIST}&filters[$eq]=x`),
  get('filter.private', `${LIST}&filters[internal][$eq]=hidden`),
  get('filter.password', `${LIST}&filters[secret][$eq]=hunter22`),
  get('filter.dynamiczone', `${LIST}&filters[zone][label][$eq]=z`),
  get('filter.createdBy', `${LIST}&filters[createdBy][id][$eq]=1`),
  get('filter.locale.nonlocalized', `${LIST}&filters[locale][$eq]=en`),
  get('filter.publishedAt', `${LIST}&filters[publishedAt][$notNull]=true`),
  get('filter.updatedAt', `${LIST}&filters[updatedAt][$gt]=2000-01-01`),
  get('filter.operator.nested.unknown', `${LIST}&filters[seo][$foo]=1`),
  get('filter.operator.on.component', `${LIST}&filters[seo][$eq]=1`),
  // relations
  get('filter.relation.name', `${LIST}&filters[owner][name][$eq]=Bob`),
  get('filter.relation.documentId', `${LIST}&filters[owner][documentId][$eq]=@@a1`),
  get('filter.relation.null', `${LIST}&filters[owner][$null]=true`),
  get('filter.relation.notNull', `${LIST}&filters[owner][$notNull]=true`),
  get('filter.relation.tomany.any', `${LIST}&filters[picks][name][$eq]=alpha`),
  get('filter.relation.tomany.null', `${LIST}&filters[picks][$null]=true`),
  get('filter.relation.tomany.in', `${LIST}&filters[picks][name][$in][0]=beta&filters[picks][name][$in][1]=Delta`),
  get('filter.relation.deep', `${LIST}&filters[owner][mentor][name][$eq]=Ann`),
  get('filter.relation.unknown', `${LIST}&filters[owner][nope][$eq]=1`),
  get('filter.relation.private', `${LIST}&filters[owner][note][$eq]=secret-note`),
  get('filter.relation.not', `${LIST}&filters[$not][owner][name][$eq]=Bob`),
  get('filter.relation.or', `${LIST}&filters[$or][0][owner][name]=Ann&filters[$or][1][picks][name]=Delta`),
  // components and media
  get('filter.component', `${LIST}&filters[seo][metaTitle][$eq]=Kitchen`),
  get('filter.component.nested', `${LIST}&filters[seo][socials][network][$eq]=mastodon`),
  get('filter.component.repeatable', `${LIST}&filters[items][label][$eq]=y`),
  get('filter.component.repeatable.qty', `${LIST}&filters[items][qty][$gte]=3`),
  get('filter.component.null', `${LIST}&filters[seo][$null]=true`),
  get('filter.component.unknown', `${LIST}&filters[seo][nope][$eq]=1`),
  get('filter.media.mime', `${LIST}&filters[cover][mime][$startsWith]=text`),
  get('filter.media.null', `${LIST}&filters[cover][$null]=true`),
  get('filter.media.multiple', `${LIST}&filters[gallery][name][$eq]=tiny.png`),
  get('filter.media.unknown', `${LIST}&filters[cover][nope][$eq]=1`),
  // the same on other types
  get('filter.posts.title', '/api/posts?fields[0]=title&filters[title][$containsi]=coffee'),
  get('filter.posts.author', '/api/posts?fields[0]=title&sort=title&filters[author][name][$eq]=Ann'),
  get('filter.posts.tags', '/api/posts?fields[0]=title&sort=title&filters[tags][name][$eq]=beta'),
  get('filter.posts.views', '/api/posts?fields[0]=title&sort=title&filters[views][$gte]=7'),
  get('filter.posts.locale', '/api/posts?fields[0]=title&sort=title&filters[locale][$eq]=fr'),
  get('filter.posts.locale.star', '/api/posts?fields[0]=title&sort=title&locale=*&filters[locale][$eq]=fr'),
  // `locale` as a filter key: its operators, with and without ?locale, and on an i18n-only type
  ...[
    ['in', 'locale=*&filters[locale][$in][0]=fr&filters[locale][$in][1]=de'], ['ne', 'locale=*&filters[locale][$ne]=en'],
    ['eqi', 'locale=*&filters[locale][$eqi]=FR'], ['implicit', 'locale=*&filters[locale]=fr'],
    ['null', 'locale=*&filters[locale][$null]=true'],
    ['startsWith', 'locale=*&filters[locale][$startsWith]=d'], ['with.param', 'locale=fr&filters[locale][$eq]=fr'],
    ['other.than.param', 'locale=fr&filters[locale][$eq]=en'], ['draft', 'locale=*&status=draft&filters[locale][$notIn][0]=en'],
    ['or', 'locale=*&filters[$or][0][locale][$eq]=fr&filters[$or][1][title][$eq]=Pizza night'],
    ['sort', 'locale=*&sort[0]=locale&sort[1]=title&fields[1]=locale'],
  ].map(([id, query]) => get(`filter.posts.locale.${id}`, `/api/posts?fields[0]=title&sort=title&${query}`)),
  get('filter.terms.locale', '/api/terms?fields[0]=word&sort=word&locale=*&filters[locale][$eq]=fr'),
  get('filter.posts.populate.localizations.locale',
    '/api/posts?fields[0]=title&sort=title&populate[localizations][fields][0]=title&populate[localizations][filters][locale][$eq]=fr'),
  get('filter.posts.localizations', '/api/posts?fields[0]=title&sort=title&filters[localizations][title][$eq]=Café filtre'),
  get('filter.posts.seo', '/api/posts?fields[0]=title&sort=title&filters[seo][metaTitle][$eq]=Pizza'),
  get('filter.posts.sections', '/api/posts?fields[0]=title&filters[sections][body][$eq]=x'),
  get('filter.posts.draft', '/api/posts?fields[0]=title&sort=title&status=draft&filters[title][$contains]=post'),
  get('filter.posts.publishedAt.null.draft', '/api/posts?fields[0]=title&sort=title&status=draft&filters[publishedAt][$null]=true'),
  get('filter.authors.posts', '/api/authors?fields[0]=name&sort=name&filters[posts][title][$eq]=Pizza night'),
  get('filter.authors.posts.draft', '/api/authors?fields[0]=name&sort=name&filters[posts][title][$eq]=Draft ideas'),
  get('filter.authors.posts.modified.draft', '/api/authors?fields[0]=name&sort=name&filters[posts][title][$eq]=Modified post (draft)'),
  get('filter.authors.posts.modified.published', '/api/authors?fields[0]=name&sort=name&filters[posts][title][$eq]=Modified post'),
  get('filter.kitchens.owner.posts.draft', '/api/kitchens?fields[0]=title&sort=title&filters[owner][posts][title][$eq]=Draft ideas'),
  get('filter.homepage.featured.draft', '/api/homepage?fields[0]=headline&filters[featured][title][$eq]=Coffee brewing'),
  get('filter.pages.links.draft.only', '/api/pages?fields[0]=title&sort=title&status=draft&filters[links][title][$eq]=Coffee brewing'),
  get('filter.authors.profile', '/api/authors?fields[0]=name&sort=name&filters[profile][handle][$eq]=ann'),
  get('filter.authors.mentor.null', '/api/authors?fields[0]=name&sort=name&filters[mentor][$null]=true'),
  get('filter.authors.age.null', '/api/authors?fields[0]=name&sort=name&filters[age][$null]=true'),
  get('filter.authors.age.ne', '/api/authors?fields[0]=name&sort=name&filters[age][$ne]=30'),
  get('filter.authors.avatar', '/api/authors?fields[0]=name&sort=name&filters[avatar][name][$eq]=tiny.png'),
  get('filter.tags.posts', '/api/tags?fields[0]=name&sort=name&filters[posts][title][$eq]=Tea time'),
  get('filter.tags.posts.null', '/api/tags?fields[0]=name&sort=name&filters[posts][$null]=true'),
  get('filter.profiles.author', '/api/profiles?fields[0]=handle&sort=handle&filters[author][name][$eq]=Ann'),
  get('filter.terms.word', '/api/terms?fields[0]=word&sort=word&locale=fr&filters[word][$startsWith]=p'),
  get('filter.pages.parent', '/api/pages?fields[0]=title&sort=title&filters[parent][title][$eq]=Home'),
  get('filter.pages.parent.draft', '/api/pages?fields[0]=title&sort=title&status=draft&filters[parent][title][$eq]=Home'),
  get('filter.pages.links', '/api/pages?fields[0]=title&sort=title&filters[links][title][$eq]=Coffee brewing'),
  get('filter.findOne', '/api/kitchens/@@k1?fields[0]=title&filters[title][$eq]=Other'),
];

export default [...table, ...extra];
