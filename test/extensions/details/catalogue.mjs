// The smaller points of issue #38, as the real Strapi 5.54 answers them (record.mjs --set details): validation
// errors of component-holding fields, one-to-one relations on write (both sides, and one-way), dynamic-zone entries
// of a component the zone does not list, blocks image nodes with several problems, and custom controller actions
// granted to the Public and Authenticated roles by their permission names; also a relation to a users-permissions
// user inside a component (written, populated, filtered). Replayed by details.test.ts.
// @ts-nocheck
import { get, post, put } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const IMAGE = { name: 'a.png', url: '/uploads/a.png', hash: 'a', ext: '.png', mime: 'image/png', provider: 'local',
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', width: 10, height: 10, size: 1 };
const TEXT = [{ type: 'text', text: 'x' }];
const shop = (id, data) => post(id, '/api/shops?fields[0]=name', { data: { name: 'v', ...data } });
const ONE = '/api/shops?sort=name&fields[0]=name&populate[manager][fields][0]=name&populate[deputy][fields][0]=name';
const INVERSE = '/api/managers?sort=name&fields[0]=name&populate[shop][fields][0]=name';

const seed = [
  post('seed.manager.m1', '/api/managers', { data: { name: 'm1' } }, { capture: { m1: 'data.documentId', m1id: 'data.id' } }),
  post('seed.manager.m2', '/api/managers', { data: { name: 'm2' } }, { capture: { m2: 'data.documentId', m2id: 'data.id' } }),
  post('seed.manager.m3', '/api/managers', { data: { name: 'm3' } }, { capture: { m3: 'data.documentId' } }),
  post('seed.shop.s1', '/api/shops', { data: { name: 's1', manager: '@@m1', deputy: '@@m1' } }, { capture: { s1: 'data.documentId' } }),
  post('seed.user.ann', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt', annId: 'user.id', annDoc: 'user.documentId' } }),
];

const oneToOne = [
  post('one.create-takes', '/api/shops', { data: { name: 's2', manager: '@@m1', deputy: '@@m1' } }, { capture: { s2: 'data.documentId' } }),
  get('one.create-takes.owner', ONE),
  get('one.create-takes.inverse', INVERSE),
  put('one.connect-takes', '/api/shops/@@s1?fields[0]=name', { data: { manager: { connect: ['@@m1'] } } }),
  get('one.connect-takes.owner', ONE),
  get('one.connect-takes.inverse', INVERSE),
  put('one.inverse-takes', '/api/managers/@@m2?fields[0]=name', { data: { shop: '@@s1' } }),
  get('one.inverse-takes.owner', ONE),
  get('one.inverse-takes.inverse', INVERSE),
  put('one.id-takes', '/api/shops/@@s2?fields[0]=name', { data: { manager: '@@m2id' } }),
  get('one.id-takes.owner', ONE),
  get('one.id-takes.inverse', INVERSE),
  put('one.inverse-connect', '/api/managers/@@m3?fields[0]=name', { data: { shop: { connect: ['@@s2'] } } }),
  get('one.inverse-connect.owner', ONE),
  get('one.inverse-connect.inverse', INVERSE),
  put('one.one-way', '/api/shops/@@s2?fields[0]=name', { data: { deputy: { connect: ['@@m2'] } } }),
  get('one.one-way.owner', ONE),
];

const components = [
  shop('component.repeatable.required', { items: [{ label: 'ok' }, { qty: 3 }] }),
  shop('component.repeatable.max', { items: [{ label: 'ok', qty: 30 }] }),
  shop('component.repeatable.two', { items: [{ qty: 30 }, { label: 'b', qty: 'x' }] }),
  shop('component.single.maxLength', { seo: { title: 'much too long' } }),
  shop('component.single.required', { seo: {} }),
  shop('component.zone.required', { zone: [{ __component: 'shared.item', qty: 3 }] }),
  shop('component.zone.second', { zone: [{ __component: 'shared.seo', title: 'ok' }, { __component: 'shared.seo', title: 'far too long' }] }),
  shop('component.with-root-error', { name: null, items: [{ qty: 3 }] }),
  shop('component.repeatable.min', { tags: [{ note: 'a' }] }),
  shop('component.repeatable.max-items', { tags: [{ note: 'a' }, { note: 'b' }, { note: 'c' }, { note: 'd' }] }),
  shop('component.repeatable.min-and-item', { tags: [{ note: 5 }] }),
  shop('component.repeatable.not-list', { items: 'x' }),
  shop('component.repeatable.object', { items: { label: 'x' } }),
  shop('component.repeatable.strings', { items: ['x', 'y'] }),
  shop('component.single.list', { seo: [{ title: 'a' }] }),
  shop('component.single.text', { seo: 'x' }),
  shop('component.zone.object', { zone: { __component: 'shared.item', label: 'a' } }),
  put('component.update.min', '/api/shops/@@s1?fields[0]=name', { data: { tags: [{ note: 'a' }] } }),
  put('component.update.repeatable', '/api/shops/@@s1?fields[0]=name', { data: { items: [{ label: 'ok' }, { qty: 3 }] } }),
];

const zones = [
  shop('zone.unlisted.only', { name: 'zone-a', zone: [{ __component: 'shared.note', note: 'n' }] }),
  shop('zone.unlisted.mixed', { name: 'zone-b', zone: [{ __component: 'shared.item', label: 'a' }, { __component: 'shared.note', note: 'n' }] }),
  shop('zone.unknown', { name: 'zone-c', zone: [{ __component: 'shared.nothing', note: 'n' }] }),
  shop('zone.no-component', { name: 'zone-d', zone: [{ note: 'n' }] }),
  put('zone.unlisted.update', '/api/shops/@@s1?fields[0]=name&populate=zone', { data: { zone: [{ __component: 'shared.note', note: 'n' }] } }),
  get('zone.unlisted.read', '/api/shops?sort=name&fields[0]=name&populate=zone&filters[name][$startsWith]=zone'),
  get('zone.unlisted.read-s1', '/api/shops/@@s1?fields[0]=name&populate=zone'),
];

const blocks = [
  shop('blocks.image.empty', { body: [{ type: 'image', image: {}, children: TEXT }] }),
  shop('blocks.image.types', { body: [{ type: 'image', image: { ...IMAGE, name: 1, width: 'x', size: null }, children: TEXT }] }),
  shop('blocks.image.no-children', { body: [{ type: 'image', image: { ...IMAGE, url: 5 } }] }),
  shop('blocks.image.no-image', { body: [{ type: 'image', children: TEXT }] }),
  shop('blocks.image.not-object', { body: [{ type: 'image', image: 'a.png', children: [] }] }),
  shop('blocks.image.two-nodes', { body: [{ type: 'image', image: { url: 5 }, children: TEXT }, { type: 'image', image: {}, children: TEXT }] }),
  shop('blocks.image.and-paragraph', { body: [{ type: 'paragraph', children: [] }, { type: 'image', image: { ...IMAGE, hash: 3 }, children: TEXT }] }),
  shop('blocks.image.valid', { body: [{ type: 'image', image: IMAGE, children: TEXT }] }),
];

const SIGNED = '/api/shops/@@s1?fields[0]=name&populate[signature][populate][by][fields][0]=username';
const userInComponent = [
  put('users.component.set-id', SIGNED, { data: { signature: { label: 'sig', by: '@@annId' } } }),
  put('users.component.connect', SIGNED, { data: { signature: { label: 'sig', by: { connect: ['@@annDoc'] } } } }),
  get('users.component.populate', SIGNED),
  get('users.component.populate.public', '/api/shops/@@s1?fields[0]=name&populate[signature][populate]=by', NONE),
  get('users.component.populate.star', '/api/shops/@@s1?fields[0]=name&populate[signature][populate]=*'),
  get('users.component.filter', '/api/shops?fields[0]=name&filters[signature][by][username][$eq]=ann'),
  put('users.component.unknown', '/api/shops/@@s1?fields[0]=name', { data: { signature: { by: 999999 } } }),
];

const grants = [
  get('grants.custom.public', '/api/shops/featured', NONE),
  get('grants.custom.public-not-granted', '/api/shops/secret', NONE),
  get('grants.custom.token', '/api/shops/secret'),
  get('grants.custom.authenticated', '/api/shops/secret', { auth: 'jwt:ann' }),
  get('grants.custom.authenticated-not-granted', '/api/shops/featured', { auth: 'jwt:ann' }),
  get('grants.roles', '/api/users-permissions/roles'),
  get('grants.role.public', '/api/users-permissions/roles/2'),
  get('grants.role.authenticated', '/api/users-permissions/roles/1'),
];

export const CASES = [...seed, ...oneToOne, ...components, ...zones, ...blocks, ...userInComponent, ...grants];
