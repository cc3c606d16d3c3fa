// Each role's view of every route of test/extensions/pzkogrodek (the Public role and a signed-in user as cms.config.json
// grants them, the full-access token): lists, single documents, the single type, and writes a role may not make.
// @ts-nocheck
import { del, get, post, put } from '../../../conformance/catalogue/helpers.mjs';
import { AS } from './common.mjs';

const ROUTES = [
  ['event.find', '/api/events?fields[0]=name&sort=name'], ['event.findOne', '/api/events/@@e2?fields[0]=name'],
  ['gallery.find', '/api/galleries?fields[0]=name&sort=name'], ['gallery.findOne', '/api/galleries/@@g2?populate=photos'],
  ['page.find', '/api/pages?fields[0]=title&sort=title'], ['page.findOne', '/api/pages/@@p2?populate=*'],
  ['aktywny-emeryt.find', '/api/aktywny-emeryts?fields[0]=title&sort=createdAt'], ['aktywny-emeryt.findOne', '/api/aktywny-emeryts/@@a1'],
  ['member.find', '/api/members?sort=order'], ['member.findOne', '/api/members/@@m2'],
  ['occupancy.find', '/api/occupancies?sort=start'], ['occupancy.findOne', '/api/occupancies/@@o1'],
  ['config.find', '/api/configs?sort=key'], ['config.findOne', '/api/configs/@@c1'],
  ['fest-outdoor-guest.find', '/api/fest-outdoor-guests?sort=start&fields[0]=name'], ['fest-outdoor-guest.findOne', '/api/fest-outdoor-guests/@@fg2'],
  ['fest-outdoor-info.find', '/api/fest-outdoor-info'],
  ['fest-outdoor-ticket.find', '/api/fest-outdoor-tickets?sort=code'], ['fest-outdoor-ticket.findOne', '/api/fest-outdoor-tickets/@@t2'],
  ['fest-outdoor-tickets-log.find', '/api/fest-outdoor-tickets-logs?sort=scanTime'],
  ['fest-outdoor-tickets-log.findOne', '/api/fest-outdoor-tickets-logs/@@l1'],
  ['fest-outdoor-feedback.find', '/api/fest-outdoor-feedbacks?sort=createdAt'], ['fest-outdoor-feedback.findOne', '/api/fest-outdoor-feedbacks/@@f1'],
  ['users.me', '/api/users/me'], ['deep.page-event', '/api/pages/@@p1?populate[content][on][page.event-detail][populate][event][populate]=image'],
  ['deep.log-ticket', '/api/fest-outdoor-tickets-logs?populate=*&sort=scanTime'],
];
const reads = ROUTES.flatMap(([name, path]) => AS.map(([who, auth]) => get(`view.${name}.${who}`, path, auth)));
// Writes the roles are not granted (answered before the body is read): only the id differs between the two callers.
const DENIED = AS.slice(1).flatMap(([who, auth]) => [
  post(`view.denied.event.create.${who}`, '/api/events', { data: { name: 'Nie', start: '2025-01-01T00:00:00.000Z' } }, auth),
  put(`view.denied.page.update.${who}`, '/api/pages/@@p2', { data: { title: 'Nie' } }, auth),
  del(`view.denied.member.delete.${who}`, '/api/members/@@m4', auth),
  put(`view.denied.fest-outdoor-info.update.${who}`, '/api/fest-outdoor-info', { data: { content: [] } }, auth),
  del(`view.denied.fest-outdoor-info.delete.${who}`, '/api/fest-outdoor-info', auth),
  post(`view.denied.ticket.create.${who}`, '/api/fest-outdoor-tickets', { data: { code: 'Z1', name: 'Z' } }, auth),
  put(`view.denied.occupancy.update.${who}`, '/api/occupancies/@@o2', { data: { confirmed: false } }, auth),
  post(`view.denied.config.create.${who}`, '/api/configs', { data: { key: 'x' } }, auth),
]);
export const VIEWS = [...reads, ...DENIED];
