// Reads of test/extensions/pzkogrodek as the full-access token: every type's fields under each filter operator that
// applies, sorts, field selections, pagination, the dynamic zones (populate `*`, `on` fragments, nested media and the
// event relation inside a component), media, locale (`cs`, `all`, unknown), status, the slugs the lifecycles made,
// the private fields of a booking, the single type and the v4 response format.
// @ts-nocheck
import { get } from '../../../conformance/catalogue/helpers.mjs';
import { V4, filterQuery } from './common.mjs';

const r = (id, path, extra) => get(`read.${id}`, path, extra);
const FILTERS = [
  ['event', 'events', [['name', '$eq', 'Bal Polski'], ['name', '$containsi', 'bal'], ['name', '$startsWith', 'Dzie'],
    ['slug', '$eq', 'bal-polski-1'], ['slug', '$startsWith', 'bal-polski'], ['slug', '$null', 'true'], ['start', '$gt', '2025-05-01T00:00:00.000Z'],
    ['start', '$between', ['2025-01-01', '2025-12-31']], ['end', '$null', 'true'], ['end', '$notNull', 'true'], ['inBuilding', '$eq', 'true'],
    ['description', '$notContainsi', 'bal'], ['name', '$in', ['Bal Polski', 'Wigilia Koła']], ['name', '$ne', 'Bal Polski']]],
  ['gallery', 'galleries', [['name', '$eq', 'Bal'], ['slug', '$eq', 'bal'], ['slug', '$eq', 'bal-1'], ['photos', '$null', 'true'],
    ['name', '$endsWith', '2025']]],
  ['page', 'pages', [['slug', '$eq', 'historia'], ['title', '$containsi', 'KONTAKT'], ['description', '$contains', 'jest'],
    ['slug', '$in', ['historia', 'szkic']]]],
  ['aktywny-emeryt', 'aktywny-emeryts', [['title', '$eq', 'Wycieczka do Krakowa'], ['slug', '$eq', 'wycieczka-do-krakowa-1'],
    ['slug', '$notNull', 'true']]],
  ['member', 'members', [['order', '$lte', '2'], ['order', '$gte', '3'], ['email', '$null', 'true'], ['email', '$containsi', 'ANNA'],
    ['role', '$eq', 'Prezes'], ['order', '$eq', 'abc']]],
  ['occupancy', 'occupancies', [['start', '$gte', '2025-08-10T00:00:00.000Z'], ['private', '$eq', 'false'], ['name', '$eq', 'Próba chóru'],
    ['email', '$null', 'true'], ['confirmed', '$eq', 'true']]],
  ['config', 'configs', [['key', '$eq', 'festDate'], ['value', '$null', 'true'], ['key', '$eqi', 'TICKETSOPEN']]],
  ['fest-outdoor-guest', 'fest-outdoor-guests', [['showAsSnippet', '$eq', 'true'], ['role', '$null', 'true'], ['end', '$lt', '2025-07-26T22:00:00.000Z']]],
  ['fest-outdoor-ticket', 'fest-outdoor-tickets', [['code', '$startsWith', 'A'], ['person', '$null', 'false'], ['email', '$notNull', 'true']]],
  ['fest-outdoor-tickets-log', 'fest-outdoor-tickets-logs', [['code', '$eq', 'A001'], ['fest_outdoor_ticket', '$null', 'true']]],
  ['fest-outdoor-feedback', 'fest-outdoor-feedbacks', [['rating', '$gt', '3'], ['name', '$null', 'true']]],
];
const SORT = { event: 'name', gallery: 'name', page: 'title', 'aktywny-emeryt': 'title', member: 'order', occupancy: 'start', config: 'key',
  'fest-outdoor-guest': 'start', 'fest-outdoor-ticket': 'code', 'fest-outdoor-tickets-log': 'scanTime', 'fest-outdoor-feedback': 'createdAt' };
const filters = FILTERS.flatMap(([type, plural, rows]) => rows.map(([field, op, value]) =>
  r(`${type}.filter.${field}.${op}.${Array.isArray(value) ? value.join('+') : value}`,
    `/api/${plural}?${filterQuery(field, op, value)}&sort=${SORT[type]}:asc&sort[1]=createdAt`)));
const lists = FILTERS.flatMap(([type, plural]) => [
  r(`${type}.find`, `/api/${plural}?sort[0]=${SORT[type]}&sort[1]=createdAt`),
  r(`${type}.find.populate-star`, `/api/${plural}?populate=*&sort[0]=${SORT[type]}&sort[1]=createdAt`),
  r(`${type}.find.desc.page`, `/api/${plural}?sort[0]=${SORT[type]}:desc&sort[1]=createdAt&pagination[page]=1&pagination[pageSize]=2`),
  r(`${type}.find.start-limit`, `/api/${plural}?sort[0]=${SORT[type]}&sort[1]=createdAt&pagination[start]=1&pagination[limit]=1`),
  r(`${type}.find.locale-cs`, `/api/${plural}?locale=cs&sort[0]=${SORT[type]}&sort[1]=createdAt`),
  r(`${type}.find.v4`, `/api/${plural}?sort[0]=${SORT[type]}&sort[1]=createdAt&pagination[pageSize]=2`, V4),
]);

const ONE = [
  ['event.one', '/api/events/@@e1'], ['event.one.cs', '/api/events/@@e1?locale=cs'], ['event.one.populate', '/api/events/@@e2?populate=image'],
  ['event.one.draft', '/api/events/@@e5?status=draft'], ['event.one.draft-as-published', '/api/events/@@e5'],
  ['event.one.locale-missing', '/api/events/@@e3?locale=cs'], ['event.one.unknown-locale', '/api/events/@@e1?locale=de'],
  ['event.one.fields', '/api/events/@@e1?fields[0]=slug&fields[1]=start'], ['event.draft.list', '/api/events?status=draft&sort=name&fields[0]=name&fields[1]=slug'],
  ['event.locale-all', '/api/events?locale=all&sort[0]=name&sort[1]=locale&fields[0]=name&fields[1]=locale&fields[2]=slug'],
  ['event.sort-start-desc', '/api/events?sort=start:desc&fields[0]=name&fields[1]=start'],
  ['event.sort-inBuilding', '/api/events?sort[0]=inBuilding:desc&sort[1]=name&fields[0]=name'],
  ['event.blocks', '/api/events?filters[content][$notNull]=true&fields[0]=content'],
  ['gallery.one.photos', '/api/galleries/@@g1?populate[photos][fields][0]=name&populate[photos][fields][1]=mime'],
  ['gallery.cs.photos', '/api/galleries/@@g1?locale=cs&populate=photos'],
  ['gallery.draft', '/api/galleries?status=draft&sort=name&fields[0]=name&fields[1]=slug'],
  ['page.zone.star', '/api/pages/@@p1?populate[content][populate]=*'],
  ['page.zone.on', '/api/pages/@@p1?populate[content][on][page.event-detail][populate][event][fields][0]=name'
    + '&populate[content][on][page.gallery][populate][gallery][fields][0]=name&populate[content][on][page.youtube]=true'],
  ['page.zone.on-one', '/api/pages/@@p1?populate[content][on][page.youtube]=true'],
  ['page.zone.true', '/api/pages/@@p1?populate[content]=true'],
  ['page.zone.bad-component', '/api/pages/@@p1?populate[content][on][page.nope]=true'],
  ['page.zone.filter', '/api/pages?populate[content][filters][url][$eq]=x'],
  ['page.zone.cs', '/api/pages/@@p1?locale=cs&populate[content][populate]=*'],
  ['page.by-slug', '/api/pages?filters[slug][$eq]=historia&populate[image][fields][0]=url&populate[content][populate]=*'],
  ['page.by-slug.cs', '/api/pages?filters[slug][$eq]=historie&locale=cs&fields[0]=title'],
  ['page.draft', '/api/pages/@@p3?status=draft&populate=*'],
  ['page.v4.zone', '/api/pages/@@p1?populate[content][populate]=*', V4],
  ['aktywny-emeryt.zone', '/api/aktywny-emeryts/@@a1?populate[page][populate]=*&populate[image][fields][0]=name'],
  ['aktywny-emeryt.status-draft', '/api/aktywny-emeryts?status=draft&fields[0]=title'],
  ['member.one.cs', '/api/members/@@m1?locale=cs'], ['member.one.cs-missing', '/api/members/@@m2?locale=cs'],
  ['member.sort-order', '/api/members?sort=order:desc&fields[0]=name&fields[1]=order'],
  ['member.locale-all', '/api/members?locale=all&sort[0]=order&sort[1]=locale&fields[0]=role&fields[1]=locale'],
  ['occupancy.one', '/api/occupancies/@@o1'], ['occupancy.fields-private', '/api/occupancies?fields[0]=name&fields[1]=start'],
  ['occupancy.sort-private', '/api/occupancies?sort=email'], ['occupancy.filter-private-or', '/api/occupancies?filters[$or][0][phone][$null]=true'],
  ['occupancy.populate-star', '/api/occupancies?populate=*&sort=start'],
  ['fest-outdoor-info', '/api/fest-outdoor-info'], ['fest-outdoor-info.cs', '/api/fest-outdoor-info?locale=cs'],
  ['fest-outdoor-info.fields', '/api/fest-outdoor-info?fields[0]=locale'], ['fest-outdoor-info.v4', '/api/fest-outdoor-info', V4],
  ['fest-outdoor-info.unknown-locale', '/api/fest-outdoor-info?locale=de'],
  ['fest-outdoor-tickets-log.populate', '/api/fest-outdoor-tickets-logs?populate=fest_outdoor_ticket&sort=scanTime'],
  ['fest-outdoor-tickets-log.through', '/api/fest-outdoor-tickets-logs?filters[fest_outdoor_ticket][code][$eq]=A001'],
  ['fest-outdoor-tickets-log.json', '/api/fest-outdoor-tickets-logs/@@l1?fields[0]=data'],
  ['fest-outdoor-ticket.one', '/api/fest-outdoor-tickets/@@t1'], ['fest-outdoor-ticket.missing', '/api/fest-outdoor-tickets/nope'],
  ['fest-outdoor-guest.one.cs', '/api/fest-outdoor-guests/@@fg1?locale=cs&populate=image'],
  ['fest-outdoor-guest.snippets', '/api/fest-outdoor-guests?filters[showAsSnippet][$eq]=true&populate[image][fields][0]=url&fields[0]=name'],
  ['config.by-key', '/api/configs?filters[key][$eq]=festDate&fields[0]=value'],
  ['error.unknown-filter', '/api/events?filters[nope][$eq]=1'], ['error.unknown-sort', '/api/events?sort=nope'],
  ['error.unknown-populate', '/api/events?populate=nope'], ['error.page-size', '/api/events?pagination[pageSize]=abc'],
  ['error.status', '/api/events?status=archived'], ['error.filter-media', '/api/pages?filters[image][name][$eq]=tiny.png'],
];

export const READS = [...filters, ...lists, ...ONE.map(([id, path, extra]) => r(id, path, extra))];
