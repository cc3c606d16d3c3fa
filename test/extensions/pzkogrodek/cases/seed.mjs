// The seed of test/extensions/pzkogrodek, sent through the REST API (the full-access token unless said): a registered
// user, three images, events (the project's beforeCreate lifecycle makes each slug from the name, numbering a name
// already taken), their Czech versions, galleries, blog pages with every dynamic-zone component, "Aktywny emeryt"
// posts, the board members, room bookings (most fields private), config pairs, the festival's guests, info, tickets,
// a scan log written by the user and feedback written by the Public role.
// @ts-nocheck
import { post, put } from '../../../conformance/catalogue/helpers.mjs';
import { ANN, NONE, blocks, doc } from './common.mjs';

const upload = (name, asset, type) => ({ id: `seed.upload.${name}`, method: 'POST', path: '/api/upload',
  multipart: { files: [{ name: asset, type, asset }] }, capture: { [name]: '0.id', [`${name}Doc`]: '0.documentId' } });
const make = (type, plural, key, data, query = '', extra = {}) => post(`seed.${type}.${key}`, `/api/${plural}${query}`, { data },
  { ...doc(key), ...extra });
const ZONE = [
  { __component: 'page.page', text: blocks('Koło PZKO w Gródku działa od 1947 roku.', 'Zapraszamy!') },
  { __component: 'page.event-detail', event: '@@e1' },
  { __component: 'page.gallery', gallery: ['@@img1', '@@img2'] },
  { __component: 'page.youtube', url: 'https://www.youtube.com/watch?v=abc123' },
];

export const SEED = [
  post('seed.user.ann', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt', ann: 'user.id' } }),
  upload('img1', 'tiny.png', 'image/png'), upload('img2', 'wide.png', 'image/png'), upload('img3', 'photo.jpg', 'image/jpeg'),
  make('event', 'events', 'e1', { name: 'Dzień Dziecka', start: '2025-06-01T10:00:00.000Z', end: '2025-06-01T16:00:00.000Z',
    description: 'Zabawy dla dzieci', content: blocks('Program dnia.'), image: '@@img1', inBuilding: false }),
  make('event', 'events', 'e2', { name: 'Bal Polski', start: '2025-02-15T19:00:00.000Z', description: 'Bal w Domu PZKO',
    inBuilding: true, image: '@@img2' }),
  make('event', 'events', 'e3', { name: 'Bal Polski', start: '2026-02-14T19:00:00.000Z', inBuilding: true }),
  make('event', 'events', 'e4', { name: 'Wigilia Koła', slug: 'ignored-by-the-lifecycle', start: '2025-12-20T17:00:00.000Z' }),
  make('event', 'events', 'e5', { name: 'Zebranie członków', start: '2025-03-10T17:00:00.000Z' }, '?status=draft'),
  put('seed.event.e1.cs', '/api/events/@@e1?locale=cs', { data: { name: 'Den dětí', description: 'Hry pro děti' } }),
  put('seed.event.e2.cs', '/api/events/@@e2?locale=cs', { data: { name: 'Polský ples', start: '2025-02-15T19:00:00.000Z' } }),
  make('gallery', 'galleries', 'g1', { name: 'Dzień Dziecka 2025', photos: ['@@img1', '@@img2'] }),
  make('gallery', 'galleries', 'g2', { name: 'Bal', photos: ['@@img3'] }),
  make('gallery', 'galleries', 'g3', { name: 'Bal', photos: ['@@img1'] }, '?status=draft'),
  put('seed.gallery.g1.cs', '/api/galleries/@@g1?locale=cs', { data: { name: 'Den dětí 2025' } }),
  make('page', 'pages', 'p1', { title: 'Historia Koła', slug: 'historia', description: 'Skąd jesteśmy', image: '@@img1', content: ZONE }),
  make('page', 'pages', 'p2', { title: 'Kontakt', slug: 'kontakt', description: 'Napisz do nas', image: '@@img2',
    content: [{ __component: 'page.youtube', url: 'https://youtu.be/xyz' }] }),
  make('page', 'pages', 'p3', { title: 'Szkic', slug: 'szkic', description: 'W przygotowaniu' }, '?status=draft'),
  put('seed.page.p1.cs', '/api/pages/@@p1?locale=cs', { data: { title: 'Historie spolku', slug: 'historie', description: 'Odkud jsme',
    content: [{ __component: 'page.page', text: blocks('Místní skupina PZKO.') }] } }),
  make('aktywny-emeryt', 'aktywny-emeryts', 'a1', { title: 'Wycieczka do Krakowa', description: 'Relacja z wycieczki', image: '@@img3',
    page: [{ __component: 'page.gallery', gallery: ['@@img3'] }, { __component: 'page.event-detail', event: '@@e2' }] }),
  make('aktywny-emeryt', 'aktywny-emeryts', 'a2', { title: 'Wycieczka do Krakowa', description: 'Druga wycieczka', image: '@@img1' }),
  make('member', 'members', 'm1', { name: 'Jan Kowalski', role: 'Prezes', email: 'jan@example.com', phone: '+420 123 456 789', order: 1 }),
  make('member', 'members', 'm2', { name: 'Anna Nowak', role: 'Skarbnik', email: 'anna@example.com', order: 2 }),
  make('member', 'members', 'm3', { name: 'Piotr Wiśniewski', role: 'Sekretarz', order: 3 }),
  make('member', 'members', 'm4', { name: 'Ewa Zielińska', order: 4 }),
  put('seed.member.m1.cs', '/api/members/@@m1?locale=cs', { data: { role: 'Předseda' } }),
  make('occupancy', 'occupancies', 'o1', { name: 'Wesele Kowalskich', start: '2025-08-09T12:00:00.000Z', end: '2025-08-10T02:00:00.000Z',
    private: true, description: 'Sala duża', confirmed: true, email: 'k@example.com', phone: '777 000 111' }),
  make('occupancy', 'occupancies', 'o2', { name: 'Próba chóru', start: '2025-08-12T17:00:00.000Z', private: false, confirmed: true }),
  post('seed.occupancy.public', '/api/occupancies', { data: { name: 'Urodziny', start: '2025-09-01T15:00:00.000Z', email: 'u@example.com',
    phone: '600 100 200', description: 'Prośba o salę' } }, { ...NONE, capture: { o3: 'data.documentId' } }),
  make('config', 'configs', 'c1', { key: 'festDate', value: '2025-07-26' }),
  make('config', 'configs', 'c2', { key: 'ticketsOpen', value: 'true' }),
  make('config', 'configs', 'c3', { key: 'empty' }),
  make('fest-outdoor-guest', 'fest-outdoor-guests', 'fg1', { name: 'Kapela Gorole', start: '2025-07-26T18:00:00.000Z',
    end: '2025-07-26T19:30:00.000Z', title: 'Koncert', role: 'Gwiazda wieczoru', description: 'Muzyka góralska',
    content: blocks('Zespół z Jabłonkowa.'), image: '@@img2', showAsSnippet: true }),
  make('fest-outdoor-guest', 'fest-outdoor-guests', 'fg2', { name: 'DJ Olza', start: '2025-07-26T21:00:00.000Z',
    end: '2025-07-27T01:00:00.000Z', description: 'Zabawa taneczna', image: '@@img1' }),
  put('seed.fest-outdoor-guest.fg1.cs', '/api/fest-outdoor-guests/@@fg1?locale=cs', { data: { name: 'Kapela Gorole',
    role: 'Hvězda večera', description: 'Horalská hudba' } }),
  put('seed.fest-outdoor-info', '/api/fest-outdoor-info', { data: { content: blocks('Fest Outdoor 2025 w Gródku.') } }),
  put('seed.fest-outdoor-info.cs', '/api/fest-outdoor-info?locale=cs', { data: { content: blocks('Fest Outdoor 2025 v Hrádku.') } }),
  make('fest-outdoor-ticket', 'fest-outdoor-tickets', 't1', { code: 'A001', name: 'Jan', email: 'jan@example.com', person: 'dorosły' }),
  make('fest-outdoor-ticket', 'fest-outdoor-tickets', 't2', { code: 'A002', name: 'Ola' }),
  make('fest-outdoor-ticket', 'fest-outdoor-tickets', 't3', { code: 'B001', name: 'Karel', person: 'dziecko' }),
  post('seed.fest-outdoor-tickets-log.ann', '/api/fest-outdoor-tickets-logs', { data: { fest_outdoor_ticket: '@@t1', code: 'A001',
    scanTime: '2025-07-26T17:05:00.000Z', data: { gate: 1, device: 'scanner-a' } } }, { ...ANN, ...doc('l1') }),
  make('fest-outdoor-tickets-log', 'fest-outdoor-tickets-logs', 'l2', { code: 'X999', scanTime: '2025-07-26T17:06:00.000Z',
    data: ['unknown', 42] }),
  post('seed.fest-outdoor-feedback.public', '/api/fest-outdoor-feedbacks', { data: { name: 'Marek', content: 'Super impreza', rating: 5 } },
    { ...NONE, ...doc('f1') }),
  make('fest-outdoor-feedback', 'fest-outdoor-feedbacks', 'f2', { content: 'Za głośno', rating: 2 }),
];
