// What `npm run conformance:fuzz` found on this fixture, each made concrete requests on documents of
// their own (this group runs last).
import { get, post, put } from './helpers.mjs';

export default [
  // a draft write of a new localization syncs its non-localized fields into the other locales'
  // drafts, also one whose file never held them; publishing that draft then carries them
  post('fuzz.sync.missing.field.create', '/api/posts?status=draft', { data: { title: 'Sync source', slug: 'sync-source', views: 76 } },
    { capture: { sync1: 'data.documentId' } }),
  put('fuzz.sync.missing.field.fr', '/api/posts/@@sync1?locale=fr&status=draft&fields[0]=views&fields[1]=day',
    { data: { title: 'Source fr', slug: 'source-fr', views: 78, day: '2022-05-25' } }),
  get('fuzz.sync.missing.field.en.draft', '/api/posts/@@sync1?status=draft&fields[0]=views&fields[1]=day'),
  put('fuzz.sync.missing.field.publish', '/api/posts/@@sync1?fields[0]=views&fields[1]=day', { data: { title: 'Sync published' } }),
  get('fuzz.sync.missing.field.fr.after', '/api/posts/@@sync1?locale=fr&status=draft&fields[0]=views&fields[1]=day'),
  // a write's answer shows the other locales as they were before the sync
  post('fuzz.localizations.before.sync.create', '/api/terms', { data: { word: 'kiwi', rank: 4 } },
    { capture: { kiwi: 'data.documentId' } }),
  put('fuzz.localizations.before.sync.fr', '/api/terms/@@kiwi?locale=fr', { data: { word: 'kiwi fr', rank: 5 } }),
  put('fuzz.localizations.before.sync', '/api/terms/@@kiwi?fields[0]=rank&populate[localizations][fields][0]=rank', { data: { rank: 6 } }),
  get('fuzz.localizations.before.sync.after', '/api/terms/@@kiwi?fields[0]=rank&populate[localizations][fields][0]=rank'),
  // `populate[x]=*` on a component or a media, and a nested `populate=true`
  get('fuzz.populate.star.component.media', '/api/kitchens/@@k1?fields[0]=title&populate[seo]=*'),
  get('fuzz.populate.star.media', '/api/kitchens/@@k1?fields[0]=title&populate[cover]=*'),
  get('fuzz.populate.star.repeatable.scalars', '/api/kitchens/@@k1?fields[0]=title&populate[items]=*'),
  get('fuzz.populate.nested.true.component', '/api/kitchens/@@k1?fields[0]=title&populate[seo][populate]=true'),
  get('fuzz.populate.nested.true.relation', '/api/kitchens/@@k1?fields[0]=title&populate[owner][populate]=true'),
  get('fuzz.populate.nested.one', '/api/kitchens/@@k1?fields[0]=title&populate[owner][populate]=1'),
  // an uncastable filter value fails only when the query runs (Strapi's 500): every key error comes first
  get('fuzz.filter.cast.after.keys', '/api/kitchens?fields[0]=title&filters[count][$eq]=abc&filters[nope][$eq]=1'),
  get('fuzz.filter.cast.after.sort', '/api/kitchens?fields[0]=title&filters[count][$eq]=abc&sort=nope'),
  get('fuzz.filter.cast.after.populate', '/api/kitchens?fields[0]=title&filters[count][$eq]=abc&populate=nope'),
  get('fuzz.filter.cast.list.in', '/api/kitchens?fields[0]=title&sort=title&filters[id][$notIn][0]=abc'),
  // sort errors against pagination errors and a Strapi 500 (issue #23's sort category)
  get('fuzz.sort.order.before.subpath', '/api/kitchens?fields[0]=title&sort[0]=title.nope&sort[1]=title:sideways'),
  get('fuzz.sort.order.after.pagination', '/api/kitchens?fields[0]=title&sort=title:sideways&pagination[start]=1&pagination[page]=2'),
  // the sort's directions are converted before the page numbers, the populate's zone `*` after every key is validated
  // (LaunchPad schemas, fuzz seed 7: fuzz.495, fuzz.261)
  get('fuzz.sort.order.before.page.numbers', '/api/kitchens?fields[0]=title&sort=title:sideways&pagination[page]=abc&pagination[pageSize]=2'),
  get('fuzz.populate.zone.star.after.keys', '/api/kitchens?fields[0]=title&populate[seo][fields][0]=metaTitle&populate[seo][populate]=true&populate[zone]=*'),
  get('fuzz.populate.zone.star.before.page.numbers', '/api/kitchens?fields[0]=title&populate[zone]=*&pagination[page]=abc'),
  get('fuzz.populate.zone.star.after.sort.order', '/api/kitchens?fields[0]=title&populate[zone]=*&sort=title:sideways'),
  get('fuzz.populate.zone.fields.after.keys', '/api/kitchens?fields[0]=title&populate[zone][fields][0]=x&populate[seo][populate]=true'),
  // a date Strapi's database parser refuses is met when the query runs, after the REST service's pagination check
  // (LaunchPad schemas, fuzz seed 7: fuzz.1441)
  get('fuzz.filter.date.after.pagination', '/api/kitchens?fields[0]=title&filters[at][$between][0]=abc&filters[at][$between][1]=2023-04-02T12:00:00.000Z&pagination[start]=1&pagination[page]=2'),
  get('fuzz.filter.date.alone', '/api/kitchens?fields[0]=title&filters[at][$between][0]=abc&filters[at][$between][1]=2023-04-02T12:00:00.000Z'),
  // Strapi walks filters and sort once per check: an unknown operator or key anywhere comes before a private field met
  // earlier, whose own conditions are walked too; a populate's `x=*` refusal comes after an unknown component of its
  // zone (fixture, fuzz seed 1: fuzz.2141, fuzz.2486, fuzz.2007, fuzz.2430, fuzz.2704)
  get('fuzz.filter.operator.before.private', '/api/authors?fields[0]=name&filters[$and][0][note][$eq]=x&filters[$and][1][age][$nope]=1'),
  get('fuzz.filter.operator.under.private', '/api/authors?fields[0]=name&filters[note][$regex]=x'),
  get('fuzz.filter.relation.operator.under.private', '/api/kitchens?fields[0]=title&filters[owner][note][$nope]=x'),
  get('fuzz.filter.private.before.password', '/api/kitchens?fields[0]=title&filters[owner][note][$eq]=x&filters[secret][$eq]=y'),
  get('fuzz.sort.unknown.before.private', '/api/posts?fields[0]=title&sort[0]=author.note&sort[1]=nope'),
  get('fuzz.populate.star.after.unknown.component',
    '/api/kitchens?fields[0]=title&populate[gallery]=*&populate[zone][on][shared.quote]=true&populate[zone][on][nope.nope]=true'),
  // an unknown key under `id` or `documentId` (no attributes of Strapi's schema) is named at the path they sit at
  get('fuzz.filter.id.key', '/api/kitchens?fields[0]=title&filters[id][$nope]=1'),
  get('fuzz.filter.documentId.key.nested', '/api/kitchens?fields[0]=title&filters[$and][0][documentId][$nope]=1'),
  get('fuzz.filter.id.index.key', '/api/kitchens?fields[0]=title&filters[id][150]=1'),
  get('fuzz.filter.relation.id.key', '/api/posts?fields[0]=title&filters[author][id][$nope]=1'),
  get('fuzz.filter.component.id.key', '/api/posts?fields[0]=title&filters[seo][id][$nope]=1'),
  // an operator whose value qs made an object (a key that is no index) is dropped, unread; a `$not` of it too, and an
  // `$or` keeps its other branches (LaunchPad schemas, fuzz seed 7: fuzz.1051 and the probes after it)
  get('fuzz.operator.object.eq', '/api/kitchens?fields[0]=title&sort=title&filters[title][$eq][a]=1'),
  get('fuzz.operator.object.unknown.key', '/api/kitchens?fields[0]=title&sort=title&filters[title][$eq][$foo]=1'),
  get('fuzz.operator.object.in.mixed', '/api/kitchens?fields[0]=title&sort=title&filters[title][$in][0]=Alpha&filters[title][$in][a]=x'),
  get('fuzz.operator.object.text', '/api/kitchens?fields[0]=title&sort=title&filters[title][$contains][a]=x'),
  get('fuzz.operator.object.with.other', '/api/kitchens?fields[0]=title&sort=title&filters[title][$eq][a]=1&filters[count][$gt]=1'),
  get('fuzz.operator.object.not', '/api/kitchens?fields[0]=title&sort=title&filters[title][$not][$eq][a]=1'),
  get('fuzz.operator.object.root.not', '/api/kitchens?fields[0]=title&sort=title&filters[$not][title][$eq][a]=1'),
  get('fuzz.operator.object.or', '/api/kitchens?fields[0]=title&sort=title&filters[$or][0][title][$eq][a]=1&filters[$or][1][count][$gt]=1'),
  get('fuzz.operator.object.id', '/api/kitchens?fields[0]=title&sort=title&filters[id][$eq][a]=1'),
  get('fuzz.operator.object.relation', '/api/kitchens?fields[0]=title&sort=title&filters[owner][name][$eq][a]=1'),
  get('fuzz.operator.object.relation.linked', '/api/kitchens?fields[0]=title&sort=title&filters[owner][name][$notNull]=true'),
  // fields: every private field is named before any password field
  get('fuzz.fields.private.before.password', '/api/kitchens?fields=secret,color,internal'),
  get('fuzz.fields.unknown.before.private', '/api/kitchens?fields=internal,nope'),
  // an enumeration given an object; a page made its own parent
  put('fuzz.enum.object', '/api/setting', { data: { theme: { a: 1 } } }),
  post('fuzz.self.parent.create', '/api/pages', { data: { title: 'Self' } }, { capture: { self1: 'data.documentId' } }),
  put('fuzz.self.parent', '/api/pages/@@self1?populate[parent][fields][0]=title', { data: { parent: '@@self1' } }),
  get('fuzz.self.parent.after', '/api/pages/@@self1?populate[parent][fields][0]=title'),
  get('fuzz.self.parent.after.draft', '/api/pages/@@self1?status=draft&populate[parent][fields][0]=title'),
  get('fuzz.self.parent.filter', '/api/pages?fields[0]=title&sort=title&filters[parent][title][$eq]=Self'),
  // Strapi answers a publishing write before it re-links the relations into the version it has just
  // published: every relation to it is missing from the answer (itself, or deeper, a page pointing
  // back), also when the body leaves the relation alone; a draft write shows them
  put('fuzz.self.parent.republish', '/api/pages/@@self1?populate[parent][fields][0]=title', { data: { order: 1 } }),
  put('fuzz.self.parent.draft.write', '/api/pages/@@self1?status=draft&populate[parent][fields][0]=title', { data: { order: 2 } }),
  post('fuzz.publish.relinked.create', '/api/pages?populate[parent][fields][0]=title', { data: { title: 'Cycle', parent: '@@self1' } },
    { capture: { cycle1: 'data.documentId' } }),
  put('fuzz.publish.relinked.deep', '/api/pages/@@self1?populate[parent][populate][parent][fields][0]=title',
    { data: { parent: '@@cycle1' } }),
  get('fuzz.publish.relinked.deep.after', '/api/pages/@@self1?populate[parent][populate][parent][fields][0]=title'),
  // the search term on a single type and on one document
  get('fuzz.search.single', '/api/homepage?fields[0]=headline&_q=zz-zz'),
  get('fuzz.search.one', '/api/kitchens/@@k1?fields[0]=title&_q=zz-zz'),
  // a missing document: the body's relations are looked up first; `data` as a list after the lookup
  put('fuzz.update.missing.relation.missing', '/api/kitchens/nope00000000000000000000', { data: { owner: 'missing00000000000000000' } }),
  put('fuzz.update.missing.relation.found', '/api/kitchens/nope00000000000000000000', { data: { owner: '@@a2' } }),
  put('fuzz.update.missing.data.array', '/api/kitchens/nope00000000000000000000', { data: [] }),
  // a new localization takes the non-localized fields of another locale's draft when no locale is
  // published (fuzz seed 1, fuzz.2633); a value it is given reaches published versions only
  post('fuzz.sync.new.locale.from.draft.create', '/api/posts?locale=fr&status=draft',
    { data: { title: 'Draft source', slug: 'draft-source', rating: 25, day: '2023-01-08', views: 7 } },
    { capture: { dsrc1: 'data.documentId' } }),
  put('fuzz.sync.new.locale.from.draft', '/api/posts/@@dsrc1?fields[0]=rating&fields[1]=day&fields[2]=views',
    { data: { title: 'Draft source en', slug: 'draft-source-en' } }),
  get('fuzz.sync.new.locale.from.draft.en.draft', '/api/posts/@@dsrc1?status=draft&fields[0]=rating&fields[1]=day&fields[2]=views'),
  get('fuzz.sync.new.locale.from.draft.fr.draft',
    '/api/posts/@@dsrc1?locale=fr&status=draft&fields[0]=rating&fields[1]=day&fields[2]=views'),
  post('fuzz.sync.new.locale.draft.create', '/api/posts?locale=fr&status=draft',
    { data: { title: 'Draft source 2', slug: 'draft-source-2', rating: 26, day: '2023-01-09' } },
    { capture: { dsrc2: 'data.documentId' } }),
  put('fuzz.sync.new.locale.draft', '/api/posts/@@dsrc2?status=draft&fields[0]=rating&fields[1]=day&fields[2]=views',
    { data: { title: 'Draft source 2 en', slug: 'draft-source-2-en' } }),
  post('fuzz.sync.new.locale.given.create', '/api/posts?locale=fr&status=draft',
    { data: { title: 'Given source', slug: 'given-source', rating: 27, day: '2023-01-10' } }, { capture: { dsrc3: 'data.documentId' } }),
  put('fuzz.sync.new.locale.given', '/api/posts/@@dsrc3?fields[0]=rating&fields[1]=day&fields[2]=views',
    { data: { title: 'Given source en', slug: 'given-source-en', rating: 3 } }),
  get('fuzz.sync.new.locale.given.fr.draft', '/api/posts/@@dsrc3?locale=fr&status=draft&fields[0]=rating&fields[1]=day&fields[2]=views'),
  get('fuzz.sync.new.locale.given.en.draft', '/api/posts/@@dsrc3?status=draft&fields[0]=rating&fields[1]=day&fields[2]=views'),
  // publishing a new locale syncs its non-localized fields into the other locales' published
  // versions only: a draft keeps its value, also one its file never held (fuzz seed 1, fuzz.2376)
  post('fuzz.sync.draft.kept.create', '/api/posts', { data: { title: 'Kept source', slug: 'kept-source', views: 3 } },
    { capture: { kept1: 'data.documentId' } }),
  put('fuzz.sync.draft.kept.fr', '/api/posts/@@kept1?locale=fr&fields[0]=rating&fields[1]=day&fields[2]=views',
    { data: { title: 'Kept fr', slug: 'kept-fr', rating: 0.5 } }),
  get('fuzz.sync.draft.kept.en.draft', '/api/posts/@@kept1?status=draft&fields[0]=rating&fields[1]=day&fields[2]=views'),
  get('fuzz.sync.draft.kept.en', '/api/posts/@@kept1?fields[0]=rating&fields[1]=day&fields[2]=views'),
];
