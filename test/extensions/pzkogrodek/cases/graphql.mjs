// GraphQL cases of test/extensions/pzkogrodek, sent after the REST cases (the same seed and what the writes left): lists
// with filters, sorts, locale and status, single documents, the dynamic zones as unions, media, the ticket relation, a
// JSON field, the private fields of a booking (not in the schema), the single type, and mutations (the lifecycle's slug
// on create, a locale version, the Public role's feedback), as the token, a signed-in user and the Public role.
// @ts-nocheck
import { gql } from '../../../conformance/graphql/catalogue/gql.mjs';
import { ANN, NONE } from './common.mjs';

const g = (id, query, extra) => gql(`gql.${id}`, query, extra);
const m = (id, query, extra) => gql(`gql.mu.${id}`, `mutation ${query}`, extra);
const ZONE = '__typename ... on ComponentPageYoutube { url } ... on ComponentPagePage { text } '
  + '... on ComponentPageEventDetail { event { name slug } } ... on ComponentPageGallery { gallery { name } }';

export const GRAPHQL = [
  g('events', '{ events(sort: ["start:asc", "name"]) { documentId name slug start end inBuilding locale publishedAt } }'),
  g('events.public', '{ events(sort: ["start", "name", "slug"]) { name slug image { name } } }', NONE),
  g('events.cs', '{ events(locale: "cs", sort: "name") { name slug description locale } }'),
  g('events.filter', '{ events(filters: { slug: { startsWith: "bal-polski" } }, sort: "slug") { name slug } }'),
  g('events.draft', '{ events(status: DRAFT, sort: "name") { name slug publishedAt } }'),
  g('events.connection', '{ events_connection(sort: "name", pagination: { pageSize: 2 }) { nodes { name } pageInfo { page pageSize pageCount total } } }'),
  g('event.one', '{ event(documentId: "@@e1") { name slug content localizations { name locale } } }'),
  g('event.one.cs', '{ event(documentId: "@@e1", locale: "cs") { name slug start } }'),
  g('pages.zone', `{ pages(sort: "title") { title slug image { name } content { ${ZONE} } } }`),
  g('pages.zone.public', `{ pages(sort: "title") { title content { ${ZONE} } } }`, NONE),
  g('page.one.cs', `{ page(documentId: "@@p1", locale: "cs") { title content { ${ZONE} } } }`),
  g('aktywny-emeryts', `{ aktywnyEmeryts(sort: "createdAt") { title slug page { ${ZONE} } } }`),
  g('galleries', '{ galleries(sort: "name") { name slug photos { name mime } } }'),
  g('members', '{ members(sort: "order") { name role email phone order } }', NONE),
  g('members.cs', '{ members(locale: "cs", sort: "order") { name role } }'),
  g('occupancies.public', '{ occupancies(sort: "start") { start end private } }', NONE),
  g('occupancies.private-field', '{ occupancies { name email } }'),
  g('fest-outdoor-info', '{ festOutdoorInfo { content locale } }', NONE),
  g('fest-outdoor-info.cs', '{ festOutdoorInfo(locale: "cs") { content locale } }'),
  g('fest-outdoor-guests', '{ festOutdoorGuests(filters: { showAsSnippet: { eq: true } }) { name role image { name } } }', NONE),
  g('tickets-logs', '{ festOutdoorTicketsLogs(sort: "scanTime") { code data scanTime fest_outdoor_ticket { code name } } }', ANN),
  g('tickets.denied', '{ festOutdoorTickets { code } }', NONE),
  g('tickets.ann', '{ festOutdoorTickets(sort: "code") { code name person } }', ANN),
  g('configs', '{ configs(sort: "key") { key value } }', NONE),
  m('event.create', '{ createEvent(data: { name: "Bal Polski", start: "2025-11-11T18:00:00.000Z" }) { name slug publishedAt } }'),
  m('event.create.cs', '{ createEvent(locale: "cs", data: { name: "Martinské hody", start: "2025-11-11T18:00:00.000Z" }) { name slug locale } }'),
  m('event.update.cs', '{ updateEvent(documentId: "@@e3", locale: "cs", data: { name: "Polský ples 2026" }) { name slug locale start } }'),
  m('member.update', '{ updateMember(documentId: "@@m3", data: { order: 7 }) { name order } }'),
  m('feedback.public', '{ createFestOutdoorFeedback(data: { name: "Ewa", content: "Dzięki!", rating: 5 }) { name rating } }', NONE),
  m('feedback.public.read-denied', '{ festOutdoorFeedbacks { name } }', NONE),
  m('occupancy.public', '{ createOccupancy(data: { name: "Spotkanie", start: "2025-12-01T10:00:00.000Z" }) { start private } }', NONE),
  m('config.delete', '{ deleteConfig(documentId: "@@c2") { documentId } }'),
  m('event.create.denied', '{ createEvent(data: { name: "X", start: "2025-11-11T18:00:00.000Z" }) { name } }', ANN),
  g('events.after', '{ events(locale: "all", sort: ["slug", "locale"], filters: { name: { containsi: "bal" } }) { name slug locale } }'),
];
