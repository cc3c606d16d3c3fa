// Requests to test/extensions/hartcurtains, the back end of a real curtain shop (hartcurtains/strapi-cloud-template-blog-
// fd6a150c04, README.md): custom routers opening every type to the Public role (`auth: false`), controllers that
// re-populate through strapi.entityService (findMany, findPage, findOne by the URL's id, create/update/delete),
// this.sanitizeQuery and this.transformResponse, an order controller filtering on request headers, an
// order-management API reading every type, and core routers behind the role's permissions. Seeded through the API,
// recorded from the real Strapi 5.54 running the same src/ (record.mjs --set hartcurtains) and replayed against
// this server (hartcurtains.test.ts).
// @ts-nocheck
import { del, get, post, put, q } from '../../conformance/catalogue/helpers.mjs';

const NONE = { auth: 'none' };
const ANN = { auth: 'jwt:ann' };
const AUTHS = [['token', {}], ['public', NONE], ['user', ANN]];

const fabric = (n, extra = {}) => ({
  name: `Fabric ${n}`, productId: `FAB-${n}`, slug: `fab-${n}`, pattern: n % 2 ? 'Plain' : 'Stripe', composition: `${50 + n}% cotton`,
  patternRepeat_cm: n * 1.5, usableWidth_cm: 140, availability: ['in_stock', 'out_of_stock', 'discontinued'][n % 3],
  price_per_metre: 10 + n * 2.25, is_featured: n % 2 === 0, is_curtain: n < 4, is_blind: n > 2, martindale: `${20000 + n * 1000}`,
  ...extra,
});

const seed = [
  post('seed.user.ann', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt' } }),
  { id: 'seed.upload.swatch', method: 'POST', path: '/api/upload', multipart: { files: [{ name: 'swatch.png', type: 'image/png', asset: 'tiny.png' }] },
    capture: { img: '0.id', imgDoc: '0.documentId' } },
  post('seed.brand.acme', '/api/brands', { data: { name: 'Acme', description: 'Cotton weaves', thumbnail: '@@img' } },
    { ...NONE, capture: { b1: 'data.documentId', b1id: 'data.id' } }),
  post('seed.brand.zenith', '/api/brands', { data: { name: 'Zenith' } }, { ...NONE, capture: { b2: 'data.documentId', b2id: 'data.id' } }),
  post('seed.brand.loom', '/api/brands?status=draft', { data: { name: 'Loom', description: 'Draft only' } },
    { capture: { b3: 'data.documentId' } }),
  post('seed.care.wash', '/api/care-instructions', { data: { name: 'Wash 30' } }, { ...NONE, capture: { c1: 'data.documentId', c1id: 'data.id' } }),
  post('seed.care.iron', '/api/care-instructions', { data: { name: 'Iron low', icon: '@@img' } },
    { ...NONE, capture: { c2: 'data.documentId', c2id: 'data.id' } }),
  post('seed.care.dry', '/api/care-instructions', { data: { name: 'Dry clean' } }, { ...NONE, capture: { c3: 'data.documentId' } }),
  post('seed.colour.red', '/api/colours', { data: { name: 'Red', thumbnail: '@@img' } }, { capture: { co1: 'data.documentId', co1id: 'data.id' } }),
  post('seed.colour.blue', '/api/colours', { data: { name: 'Blue' } }, { capture: { co2: 'data.documentId', co2id: 'data.id' } }),
  post('seed.colour.green', '/api/colours', { data: { name: 'Green' } }, { capture: { co3: 'data.documentId' } }),
  post('seed.pricing.metre', '/api/pricing-rules', { data: { name: 'Per metre', formula: { base: 10, perMetre: 2.5 }, product_type: 'curtain' } },
    { capture: { pr1: 'data.documentId', pr1id: 'data.id' } }),
  post('seed.pricing.flat', '/api/pricing-rules', { data: { name: 'Flat', formula: [1, 2, 3], product_type: 'cushion' } },
    { capture: { pr2: 'data.documentId', pr2id: 'data.id' } }),
  post('seed.cushion-type.square', '/api/cushion-types', { data: { name: 'Square', types: 'square' } },
    { ...NONE, capture: { ct1: 'data.documentId', ct1id: 'data.id' } }),
  post('seed.cushion-type.round', '/api/cushion-types', { data: { name: 'Round', types: 'round' } }, { ...NONE, capture: { ct2: 'data.documentId' } }),
  // The custom fabric routes are `auth: false`: Strapi refuses relations in their bodies (Invalid key) for anyone, so
  // fabrics are linked as the project links them: its bulk import (entityService), and the core routers' other side.
  post('seed.fabric.1', '/api/fabrics', { data: fabric(1, { images: ['@@img'], description: 'Soft' }) },
    { ...NONE, capture: { f1: 'data.documentId', f1id: 'data.id' } }),
  post('seed.fabric.2', '/api/fabrics', { data: fabric(2, { collection: 'Summer' }) }, { ...NONE, capture: { f2: 'data.documentId', f2id: 'data.id' } }),
  post('seed.fabric.3', '/api/fabrics', { data: fabric(3, { collection: 'Winter' }) }, { ...NONE, capture: { f3: 'data.documentId', f3id: 'data.id' } }),
  post('seed.fabric.4', '/api/fabrics', { data: fabric(4, { collection: 'Summer' }) }, { ...NONE, capture: { f4: 'data.documentId' } }),
  post('seed.fabric.5', '/api/fabrics?status=draft', { data: fabric(5) }, { ...NONE, capture: { f5: 'data.documentId' } }),
  post('seed.import.links', '/api/order-management/import', { data: { fabrics: [
    // Rows without productId/slug get ones made from the clock: these name theirs.
    { name: 'Fabric 1', productId: 'FAB-1', slug: 'fab-1', brand_name: 'Acme', care_instruction_names: 'Wash 30, Iron low' },
    { name: 'Fabric 2', productId: 'FAB-2', slug: 'fab-2', brand_name: 'Acme', care_instruction_names: 'Wash 30' },
    { name: 'Fabric 3', productId: 'FAB-3', slug: 'fab-3', brand_name: 'Zenith', pricing_rules_names: 'Per metre, Flat' },
  ] } }, NONE),
  put('seed.pricing.metre.fabrics', '/api/pricing-rules/@@pr1?fields[0]=name', { data: { fabrics: { connect: ['@@f1'] } } }),
  put('seed.colour.red.fabrics', '/api/colours/@@co1', { data: { fabrics: ['@@f1', '@@f2'] } }),
  put('seed.colour.blue.fabrics', '/api/colours/@@co2', { data: { fabrics: ['@@f3'] } }),
  post('seed.cushion.1', '/api/cushions', { data: { name: 'Scatter', fabrics: ['@@f1', '@@f3'], cushion_type: '@@ct1' } },
    { capture: { cu1: 'data.documentId', cu1id: 'data.id' } }),
  post('seed.cushion.2', '/api/cushions', { data: { name: 'Bolster', fabrics: ['@@f2'] } }, { capture: { cu2: 'data.documentId' } }),
  post('seed.lining.1', '/api/linings', { data: { liningType: 'Blackout', colour: 'White', price_per_metre: 8.5 } },
    { ...NONE, capture: { l1: 'data.documentId', l1id: 'data.id' } }),
  post('seed.lining.2', '/api/linings', { data: { liningType: 'Thermal', colour: 'Cream', price_per_metre: 6 } },
    { ...NONE, capture: { l2: 'data.documentId' } }),
  post('seed.trimming.1', '/api/trimmings', { data: { type: 'Fringe', price: 4.2 } }, { ...NONE, capture: { t1: 'data.documentId' } }),
  post('seed.trimming.2', '/api/trimmings', { data: { type: 'Piping', price: 2 } }, { ...NONE, capture: { t2: 'data.documentId' } }),
  post('seed.trimming.3', '/api/trimmings', { data: { type: 'Tassel', price: 7.75 } }, { ...NONE, capture: { t3: 'data.documentId' } }),
  post('seed.mechanisation.1', '/api/mechanisations', { data: { name: 'Motor', price: 120, thumbnail: '@@img' } },
    { ...NONE, capture: { m1: 'data.documentId' } }),
  post('seed.mechanisation.2', '/api/mechanisations', { data: { name: 'Chain', price: 15 } }, { ...NONE, capture: { m2: 'data.documentId' } }),
  post('seed.blind-type.1', '/api/blind-types', { data: { name: 'Roller' } }, { ...NONE, capture: { bt1: 'data.documentId' } }),
  post('seed.blind-type.2', '/api/blind-types', { data: { name: 'Roman', thumbnail: '@@img' } }, { ...NONE, capture: { bt2: 'data.documentId' } }),
  post('seed.curtain-type.1', '/api/curtain-types', { data: { name: 'Pencil pleat', price: 30, fullness_multiplier: 2 } },
    { ...NONE, capture: { cty1: 'data.documentId' } }),
  post('seed.curtain-type.2', '/api/curtain-types', { data: { name: 'Eyelet', price: 35.5, fullness_multiplier: 1.8 } },
    { ...NONE, capture: { cty2: 'data.documentId' } }),
  post('seed.curtain-pole.1', '/api/curtain-poles', { data: { name: 'Brass', price: 49.99 } }, { capture: { cp1: 'data.documentId' } }),
  post('seed.curtain-pole.2', '/api/curtain-poles', { data: { name: 'Wood', price: 29 } }, { capture: { cp2: 'data.documentId' } }),
  post('seed.finish-option.1', '/api/finish-options', { data: { name: 'Matte' } }, { capture: { fo1: 'data.documentId' } }),
  post('seed.color-code.aq', '/api/color-codes', { data: { code: 'AQ', name: 'Aqua' } }, { capture: { cc1: 'data.documentId' } }),
  post('seed.color-code.rd', '/api/color-codes', { data: { code: 'RD', name: 'Red' } }, { capture: { cc2: 'data.documentId' } }),
  put('seed.site-state', '/api/site-state', { data: { ordersEnabled: true } }),
];

const order = (n, extra = {}) => ({
  orderNumber: `HC-${1000 + n}`, customerName: `Customer ${n}`, customerEmail: `c${n}@example.com`, shippingAddress: `${n} High St`,
  postcode: `AB${n} 1CD`, billingAddress: `${n} High St`, subtotal: 100 + n, shipping: 5, total: 105 + n, paymentStatus: 'pending',
  statusOrder: 'pending', orderItems: [{ fabric: `FAB-${n}`, metres: n }], ...extra,
});

const orders = [
  post('order.create.1', '/api/orders', { data: order(1, { fabrics: ['@@f1'] }) }, { ...NONE, capture: { o1: 'data.documentId', o1id: 'data.id' } }),
  post('order.create.2', '/api/orders', { data: order(2, { notes: 'Leave at door', paymentStatus: 'paid' }) },
    { ...NONE, capture: { o2: 'data.documentId', o2id: 'data.id' } }),
  post('order.create.unwrapped-body', '/api/orders', order(3), { ...NONE, capture: { o3: 'data.documentId', o3id: 'data.id' } }),
  post('order.create.missing-required', '/api/orders', { data: { orderNumber: 'HC-X' } }, NONE),
  post('order.create.bad-email', '/api/orders', { data: order(4, { customerEmail: 'not-an-email' }) }, NONE),
  post('order.create.bad-enum', '/api/orders', { data: order(5, { paymentStatus: 'refunded' }) }, NONE),
  post('order.create.unknown-field', '/api/orders', { data: order(6, { coupon: 'X' }) }, NONE),
  post('order.create.no-body', '/api/orders', undefined, NONE),
  get('order.find.guest', '/api/orders', NONE),
  get('order.find.admin', '/api/orders', { ...NONE, headers: { 'x-is-admin': 'true' } }),
  get('order.find.user-header', '/api/orders', { ...NONE, headers: { 'x-user-id': '1', 'x-user-role': 'authenticated' } }),
  get('order.find.token', '/api/orders'),
  get('order.find.query-ignored', '/api/orders?filters[orderNumber][$eq]=HC-1001&fields[0]=orderNumber', NONE),
  get('order.findOne.documentId', '/api/orders/@@o1', NONE),
  get('order.findOne.numeric-id', '/api/orders/@@o1id', NONE),
  get('order.findOne.missing', '/api/orders/999999', NONE),
  get('order.findOne.missing-documentId', '/api/orders/abcdefghijklmnopqrstuvwx', NONE),
  put('order.update.numeric-id', '/api/orders/@@o2id', { data: { statusOrder: 'shipped' } }, NONE),
  put('order.update.unwrapped', '/api/orders/@@o2id', { notes: 'Ring twice' }, NONE),
  put('order.update.documentId', '/api/orders/@@o2', { data: { statusOrder: 'delivered' } }, NONE),
  put('order.update.bad-enum', '/api/orders/@@o2id', { data: { statusOrder: 'lost' } }, NONE),
  put('order.update.missing', '/api/orders/999999', { data: { statusOrder: 'shipped' } }, NONE),
  get('order.find.after-updates', '/api/orders', NONE),
  del('order.delete.numeric-id', '/api/orders/@@o3id', NONE),
  del('order.delete.documentId', '/api/orders/@@o3', NONE),
  del('order.delete.missing', '/api/orders/999999', NONE),
  get('order.find.after-delete', '/api/orders', { ...NONE, headers: { 'x-is-admin': 'true' } }),
  get('order.populate.fabrics.core-not-used', '/api/fabrics/@@f1?fields[0]=name&populate[orders][fields][0]=orderNumber', NONE),
];

/** A type served by a custom router (`auth: false`) over the core controller: reads in every form, as anyone. */
function coreControllerFamily(name, plural, { sortField, captures, filterCases, populateCases = [] }) {
  const base = `/api/${plural}`;
  const cases = [];
  for (const [who, auth] of AUTHS) {
    cases.push(get(`${name}.find.${who}`, `${base}?sort=${sortField}`, auth));
  }
  cases.push(
    get(`${name}.find.sort.desc`, `${base}?sort=${sortField}:desc&fields[0]=${sortField}`, NONE),
    get(`${name}.find.sort.createdAt`, `${base}?sort=createdAt:desc&fields[0]=${sortField}`, NONE),
    get(`${name}.find.sort.list`, `${base}?sort[0]=${sortField}:asc&sort[1]=id:desc&fields[0]=${sortField}`, NONE),
    get(`${name}.find.sort.unknown`, `${base}?sort=nope`, NONE),
    get(`${name}.find.fields.two`, `${base}?sort=${sortField}&fields[0]=${sortField}&fields[1]=createdAt`, NONE),
    get(`${name}.find.fields.csv`, `${base}?sort=${sortField}&fields=${sortField},updatedAt`, NONE),
    get(`${name}.find.fields.unknown`, `${base}?fields[0]=nope`, NONE),
    get(`${name}.find.page.1`, `${base}?sort=${sortField}&pagination[page]=1&pagination[pageSize]=1&fields[0]=${sortField}`, NONE),
    get(`${name}.find.page.2`, `${base}?sort=${sortField}&pagination[page]=2&pagination[pageSize]=1&fields[0]=${sortField}`, NONE),
    get(`${name}.find.page.beyond`, `${base}?sort=${sortField}&pagination[page]=9&pagination[pageSize]=5`, NONE),
    get(`${name}.find.start-limit`, `${base}?sort=${sortField}&pagination[start]=1&pagination[limit]=1&fields[0]=${sortField}`, NONE),
    get(`${name}.find.withCount.false`, `${base}?sort=${sortField}&pagination[withCount]=false&fields[0]=${sortField}`, NONE),
    get(`${name}.find.page.invalid`, `${base}?pagination[page]=abc`, NONE),
    get(`${name}.find.page.mixed`, `${base}?pagination[page]=1&pagination[limit]=2`, NONE),
    get(`${name}.find.status.draft`, `${base}?sort=${sortField}&status=draft&fields[0]=${sortField}`, NONE),
    get(`${name}.find.status.published`, `${base}?sort=${sortField}&status=published&fields[0]=${sortField}`, NONE),
    get(`${name}.find.status.bogus`, `${base}?status=bogus&fields[0]=${sortField}`, NONE),
    get(`${name}.find.populate.star`, `${base}?sort=${sortField}&populate=*`, NONE),
    get(`${name}.find.populate.unknown`, `${base}?populate=nope`, NONE),
    get(`${name}.find.filters.unknown-field`, `${base}?filters[nope][$eq]=1`, NONE),
    get(`${name}.find.filters.bad-operator`, `${base}?filters[${sortField}][$nope]=1`, NONE),
    get(`${name}.find.v4`, `${base}?sort=${sortField}&fields[0]=${sortField}`, { ...NONE, headers: { 'Strapi-Response-Format': 'v4' } }),
    get(`${name}.findOne.first`, `${base}/@@${captures[0]}`, NONE),
    get(`${name}.findOne.fields`, `${base}/@@${captures[0]}?fields[0]=${sortField}`, NONE),
    get(`${name}.findOne.populate.star`, `${base}/@@${captures[0]}?populate=*`, NONE),
    get(`${name}.findOne.status.draft`, `${base}/@@${captures[1]}?status=draft&fields[0]=${sortField}`, NONE),
    get(`${name}.findOne.missing`, `${base}/nope-not-here`, NONE),
    get(`${name}.findOne.numeric`, `${base}/1`, NONE),
  );
  for (const [label, filter] of filterCases) cases.push(get(`${name}.find.filter.${label}`, `${base}?sort=${sortField}&fields[0]=${sortField}&${filter}`, NONE));
  for (const [label, query] of populateCases) cases.push(get(`${name}.find.populate.${label}`, `${base}?sort=${sortField}&fields[0]=${sortField}&${query}`, NONE));
  return cases;
}

const textFilters = (field, value) => [
  ['eq', `filters[${field}][$eq]=${q(value)}`], ['eqi', `filters[${field}][$eqi]=${q(value.toUpperCase())}`],
  ['ne', `filters[${field}][$ne]=${q(value)}`], ['contains', `filters[${field}][$contains]=${q(value.slice(1, 3))}`],
  ['containsi', `filters[${field}][$containsi]=${q(value.slice(0, 2).toUpperCase())}`],
  ['notContains', `filters[${field}][$notContains]=${q(value.slice(1, 3))}`],
  ['startsWith', `filters[${field}][$startsWith]=${q(value.slice(0, 2))}`], ['endsWith', `filters[${field}][$endsWith]=${q(value.slice(-2))}`],
  ['in', `filters[${field}][$in][0]=${q(value)}&filters[${field}][$in][1]=zzz`], ['notIn', `filters[${field}][$notIn][0]=${q(value)}`],
  ['null', `filters[${field}][$null]=true`], ['notNull', `filters[${field}][$notNull]=true`],
  ['or', `filters[$or][0][${field}][$eq]=${q(value)}&filters[$or][1][${field}][$startsWith]=Z`],
  ['not', `filters[$not][${field}][$eq]=${q(value)}`], ['implicit-eq', `filters[${field}]=${q(value)}`],
];
const numberFilters = (field, value, kind = 'num') => [
  [`${kind}.eq`, `filters[${field}][$eq]=${value}`], [`${kind}.gt`, `filters[${field}][$gt]=${value}`], [`${kind}.gte`, `filters[${field}][$gte]=${value}`],
  [`${kind}.lt`, `filters[${field}][$lt]=${value}`], [`${kind}.lte`, `filters[${field}][$lte]=${value}`],
  [`${kind}.between`, `filters[${field}][$between][0]=0&filters[${field}][$between][1]=${value}`],
  [`${kind}.string`, `filters[${field}][$gt]=abc`],
];

const families = [
  ...coreControllerFamily('brand', 'brands', { sortField: 'name', captures: ['b1', 'b3'], filterCases: textFilters('name', 'Acme'),
    populateCases: [['fabrics', 'populate=fabrics'], ['fabrics.fields', 'populate[fabrics][fields][0]=name'],
      ['fabrics.list', 'populate[0]=fabrics'], ['thumbnail', 'populate[thumbnail][fields][0]=name'],
      ['fabrics.nested', 'populate[fabrics][populate][care_instructions][fields][0]=name'],
      ['fabrics.filtered', 'populate[fabrics][filters][is_featured][$eq]=true&populate[fabrics][fields][0]=name'],
      ['fabrics.sorted', 'populate[fabrics][sort]=name:desc&populate[fabrics][fields][0]=name'],
      ['fabrics.count', 'populate[fabrics][count]=true']] }),
  ...coreControllerFamily('care', 'care-instructions', { sortField: 'name', captures: ['c1', 'c3'], filterCases: textFilters('name', 'Wash 30'),
    populateCases: [['fabrics', 'populate[fabrics][fields][0]=name'], ['icon', 'populate=icon']] }),
  ...coreControllerFamily('cushion-type', 'cushion-types', { sortField: 'name', captures: ['ct1', 'ct2'],
    filterCases: [...textFilters('name', 'Square'), ['enum.eq', 'filters[types][$eq]=round'], ['enum.in', 'filters[types][$in][0]=round&filters[types][$in][1]=oval']] }),
  ...coreControllerFamily('mechanisation', 'mechanisations', { sortField: 'name', captures: ['m1', 'm2'],
    filterCases: [...textFilters('name', 'Motor'), ...numberFilters('price', 100)], populateCases: [['thumbnail', 'populate=thumbnail']] }),
  ...coreControllerFamily('blind-type', 'blind-types', { sortField: 'name', captures: ['bt1', 'bt2'], filterCases: textFilters('name', 'Roman') }),
  ...coreControllerFamily('curtain-type', 'curtain-types', { sortField: 'name', captures: ['cty1', 'cty2'],
    filterCases: [...textFilters('name', 'Eyelet'), ...numberFilters('fullness_multiplier', 1.9)] }),
];

/** A type whose controller re-reads through strapi.entityService.findPage/findOne (sanitizeQuery, transformResponse). */
function entityServiceFamily(name, plural, { sortField, first, filterCases, populateCases = [] }) {
  const base = `/api/${plural}`;
  return [
    get(`${name}.find.public`, `${base}?sort=${sortField}`, NONE),
    get(`${name}.find.token`, `${base}?sort=${sortField}`),
    get(`${name}.find.user`, `${base}?sort=${sortField}`, ANN),
    get(`${name}.find.default-order`, `${base}?fields[0]=${sortField}`, NONE),
    get(`${name}.find.sort.desc`, `${base}?sort=${sortField}:desc&fields[0]=${sortField}`, NONE),
    get(`${name}.find.fields`, `${base}?sort=${sortField}&fields[0]=${sortField}&fields[1]=createdAt`, NONE),
    get(`${name}.find.page.1`, `${base}?sort=${sortField}&pagination[page]=1&pagination[pageSize]=2&fields[0]=${sortField}`, NONE),
    get(`${name}.find.page.2`, `${base}?sort=${sortField}&pagination[page]=2&pagination[pageSize]=2&fields[0]=${sortField}`, NONE),
    get(`${name}.find.pageSize.only`, `${base}?sort=${sortField}&pagination[pageSize]=1&fields[0]=${sortField}`, NONE),
    get(`${name}.find.start-limit`, `${base}?sort=${sortField}&pagination[start]=1&pagination[limit]=1&fields[0]=${sortField}`, NONE),
    get(`${name}.find.status.draft`, `${base}?sort=${sortField}&status=draft&fields[0]=${sortField}`, NONE),
    get(`${name}.find.populate.star`, `${base}?sort=${sortField}&populate=*`, NONE),
    get(`${name}.find.populate.unknown-key`, `${base}?sort=${sortField}&populate[nope]=true`, NONE),
    get(`${name}.find.filters.unknown`, `${base}?filters[nope][$eq]=1`, NONE),
    get(`${name}.find.v4`, `${base}?sort=${sortField}&fields[0]=${sortField}`, { ...NONE, headers: { 'Strapi-Response-Format': 'v4' } }),
    get(`${name}.findOne.documentId`, `${base}/@@${first}`, NONE),
    get(`${name}.findOne.numeric-id`, `${base}/@@${first}id`, NONE),
    get(`${name}.findOne.numeric-id.fields`, `${base}/@@${first}id?fields[0]=${sortField}`, NONE),
    get(`${name}.findOne.missing`, `${base}/999999`, NONE),
    ...filterCases.map(([label, filter]) => get(`${name}.find.filter.${label}`, `${base}?sort=${sortField}&fields[0]=${sortField}&${filter}`, NONE)),
    ...populateCases.map(([label, query]) => get(`${name}.find.populate.${label}`, `${base}?sort=${sortField}&fields[0]=${sortField}&${query}`, NONE)),
  ];
}

const entityServiceTypes = [
  ...entityServiceFamily('lining', 'linings', { sortField: 'liningType', first: 'l1',
    filterCases: [...textFilters('liningType', 'Blackout'), ...numberFilters('price_per_metre', 7)],
    populateCases: [['pricing_rule', 'populate[pricing_rule][fields][0]=name'], ['thumbnail', 'populate[thumbnail]=true']] }),
  ...entityServiceFamily('trimming', 'trimmings', { sortField: 'type', first: 't1', filterCases: [...textFilters('type', 'Fringe'), ...numberFilters('price', 4.2)] }),
  ...entityServiceFamily('cushion', 'cushions', { sortField: 'name', first: 'cu1', filterCases: textFilters('name', 'Scatter'),
    populateCases: [['fabrics.brand.off', 'populate[fabrics][populate][brand]=false'], ['cushion_type.fields', 'populate[cushion_type][fields][0]=name']] }),
];
// cushion's ids captured as cu1/cu1id, lining's as l1/l1id; trimming's numeric id is read from its list.
entityServiceTypes.splice(entityServiceTypes.findIndex((kase) => kase.id === 'trimming.find.public'), 1,
  get('trimming.find.public', '/api/trimmings?sort=type', { ...NONE, capture: { t1id: 'data.0.id' } }));

const fabrics = [
  get('fabric.find.public', '/api/fabrics?sort=name', NONE),
  get('fabric.find.token', '/api/fabrics?sort=name'),
  get('fabric.find.default', '/api/fabrics', NONE),
  get('fabric.find.fields', '/api/fabrics?sort=name&fields[0]=name&fields[1]=price_per_metre', NONE),
  get('fabric.find.populate.brand.fields', '/api/fabrics?sort=name&fields[0]=name&populate[brand][fields][0]=name', NONE),
  get('fabric.find.populate.colours.thumbnail', '/api/fabrics?sort=name&fields[0]=name&populate[colours][populate][thumbnail][fields][0]=name', NONE),
  get('fabric.find.populate.off', '/api/fabrics?sort=name&fields[0]=name&populate[brand]=false&populate[care_instructions]=false'
    + '&populate[images]=false&populate[colours]=false&populate[cushions]=false&populate[pricing_rules]=false', NONE),
  get('fabric.find.populate.invalid-keys-dropped', '/api/fabrics?sort=name&fields[0]=name&populate[linings]=true&populate[brand]=false'
    + '&populate[care_instructions]=false&populate[images]=false&populate[colours]=false&populate[cushions]=false&populate[pricing_rules]=false', NONE),
  get('fabric.find.populate.orders', '/api/fabrics?sort=name&fields[0]=name&populate[orders][fields][0]=orderNumber&populate[brand]=false', NONE),
  get('fabric.find.page.1', '/api/fabrics?sort=name&fields[0]=name&pagination[page]=1&pagination[pageSize]=2', NONE),
  get('fabric.find.page.2', '/api/fabrics?sort=name&fields[0]=name&pagination[page]=2&pagination[pageSize]=2', NONE),
  get('fabric.find.page.only', '/api/fabrics?sort=name&fields[0]=name&pagination[page]=2', NONE),
  get('fabric.find.getAll', '/api/fabrics?sort=name&fields[0]=name&pagination[pageSize]=1000', NONE),
  get('fabric.find.getAll.populate', '/api/fabrics?sort=name&pagination[pageSize]=5000&populate[colours]=true', NONE),
  get('fabric.find.getAll.populate.colours-fields', '/api/fabrics?pagination[pageSize]=1000&populate[colours][fields][0]=name', NONE),
  get('fabric.find.status.draft', '/api/fabrics?sort=name&fields[0]=name&status=draft', NONE),
  get('fabric.find.v4', '/api/fabrics?sort=name&fields[0]=name&populate[brand][fields][0]=name', { ...NONE, headers: { 'Strapi-Response-Format': 'v4' } }),
  ...[...textFilters('name', 'Fabric 2'), ...numberFilters('price_per_metre', 15), ...numberFilters('martindale', 22000, 'biginteger'),
    ['bool.true', 'filters[is_featured][$eq]=true'], ['bool.false', 'filters[is_curtain][$eq]=false'],
    ['enum', 'filters[availability][$eq]=out_of_stock'], ['uid', 'filters[slug][$eq]=fab-3'],
    ['collection.null', 'filters[collection][$null]=true'], ['relation.brand.name', 'filters[brand][name][$eq]=Acme'],
    ['relation.brand.id', 'filters[brand][id][$eq]=@@b1id'], ['relation.brand.documentId', 'filters[brand][documentId][$eq]=@@b1'],
    ['relation.care.name', 'filters[care_instructions][name][$eq]=Iron low'], ['relation.colours.name.in', 'filters[colours][name][$in][0]=Red&filters[colours][name][$in][1]=Blue'],
    ['relation.brand.null', 'filters[brand][id][$null]=true'], ['relation.pricing.and', 'filters[$and][0][pricing_rules][name][$eq]=Flat&filters[$and][1][is_blind][$eq]=true'],
    ['relation.deep', 'filters[cushions][cushion_type][name][$eq]=Square'],
  ].map(([label, filter]) => get(`fabric.find.filter.${label}`, `/api/fabrics?sort=name&fields[0]=name&populate[brand]=false&populate[care_instructions]=false`
    + `&populate[images]=false&populate[colours]=false&populate[cushions]=false&populate[pricing_rules]=false&${filter}`, NONE)),
  get('fabric.find.sort.price.desc', '/api/fabrics?sort=price_per_metre:desc&fields[0]=name&fields[1]=price_per_metre&populate[brand]=false', NONE),
  get('fabric.find.sort.martindale', '/api/fabrics?sort=martindale&fields[0]=martindale&populate[brand]=false', NONE),
  get('fabric.find.sort.relation', `/api/fabrics?sort=${q('brand.name')}:desc&sort[1]=name&fields[0]=name&populate[brand][fields][0]=name`, NONE),
  get('fabric.findOne.documentId', '/api/fabrics/@@f1', NONE),
  get('fabric.findOne.numeric-id', '/api/fabrics/@@f1id', NONE),
  get('fabric.findOne.numeric-id.fields', '/api/fabrics/@@f3id?fields[0]=name&populate[brand][fields][0]=name', NONE),
  get('fabric.findOne.numeric-id.v4', '/api/fabrics/@@f2id?fields[0]=name&populate[brand]=false', { ...NONE, headers: { 'Strapi-Response-Format': 'v4' } }),
  get('fabric.findOne.missing', '/api/fabrics/999999', NONE),
  // Writes through the custom router to the core controller.
  post('fabric.create.missing-required', '/api/fabrics', { data: { name: 'Half' } }, NONE),
  post('fabric.create.bad-enum', '/api/fabrics', { data: fabric(7, { availability: 'soon' }) }, NONE),
  post('fabric.create.bad-decimal', '/api/fabrics', { data: fabric(8, { price_per_metre: 'cheap' }) }, NONE),
  post('fabric.create.bad-biginteger', '/api/fabrics', { data: fabric(9, { martindale: 'lots' }) }, NONE),
  post('fabric.create.bad-boolean', '/api/fabrics', { data: fabric(10, { is_featured: 'maybe' }) }, NONE),
  post('fabric.create.bad-uid', '/api/fabrics', { data: fabric(11, { slug: 'has spaces!' }) }, NONE),
  post('fabric.create.duplicate-uid', '/api/fabrics', { data: fabric(12, { slug: 'fab-1' }) }, NONE),
  post('fabric.create.bad-relation', '/api/fabrics', { data: fabric(13, { brand: 'nope-not-a-brand' }) }),
  post('fabric.create.relation.public', '/api/fabrics', { data: fabric(16, { brand: '@@b1' }) }, NONE),
  post('fabric.create.bad-datetime', '/api/fabrics', { data: fabric(14, { featured_until: 'tomorrow' }) }, NONE),
  post('fabric.create.defaults', '/api/fabrics', { data: { name: 'Defaults', productId: 'FAB-D', slug: 'fab-d', pattern: 'Plain', composition: 'Linen',
    patternRepeat_cm: 0, usableWidth_cm: 137, availability: 'in_stock', price_per_metre: 20 } }, { ...NONE, capture: { fd: 'data.documentId' } }),
  post('fabric.create.draft', '/api/fabrics?status=draft', { data: fabric(15, { featured_until: '2027-01-01T10:00:00.000Z' }) },
    { ...NONE, capture: { f15: 'data.documentId' } }),
  post('fabric.create.no-data', '/api/fabrics', { name: 'Bare' }, NONE),
  put('fabric.update.price', '/api/fabrics/@@f4?fields[0]=name&fields[1]=price_per_metre', { data: { price_per_metre: 19.99 } }, NONE),
  put('fabric.update.connect-brand.public', '/api/fabrics/@@f4?fields[0]=name', { data: { brand: { connect: ['@@b2'] } } }, NONE),
  put('fabric.update.connect-brand', '/api/fabrics/@@f4?fields[0]=name&populate[brand][fields][0]=name', { data: { brand: { connect: ['@@b2'] } } }),
  put('fabric.update.set-colours', '/api/fabrics/@@f4?fields[0]=name&populate[colours][fields][0]=name',
    { data: { colours: { set: ['@@co2', '@@co3'] } } }),
  put('fabric.update.disconnect-care', '/api/fabrics/@@f1?fields[0]=name&populate[care_instructions][fields][0]=name',
    { data: { care_instructions: { disconnect: ['@@c2'] } } }),
  put('fabric.update.bad-enum', '/api/fabrics/@@f4', { data: { availability: 'soon' } }, NONE),
  put('fabric.update.missing', '/api/fabrics/nope-not-here', { data: { name: 'x' } }, NONE),
  put('fabric.update.draft-only', '/api/fabrics/@@f15?status=draft&fields[0]=name', { data: { name: 'Fabric 15 draft' } }, NONE),
  put('fabric.publish.draft', '/api/fabrics/@@f15?status=published&fields[0]=name', { data: { name: 'Fabric 15 live' } }, NONE),
  get('fabric.find.after-writes', '/api/fabrics?sort=name&fields[0]=name&fields[1]=price_per_metre&populate[brand][fields][0]=name'
    + '&populate[colours][fields][0]=name&populate[care_instructions]=false&populate[images]=false&populate[cushions]=false&populate[pricing_rules]=false', NONE),
  del('fabric.delete.defaults', '/api/fabrics/@@fd', NONE),
  del('fabric.delete.again', '/api/fabrics/@@fd', NONE),
  get('fabric.find.after-delete', '/api/fabrics?sort=name&fields[0]=name&populate[brand]=false', NONE),
  post('fabric.import.no-file', '/api/fabrics/import', undefined, NONE),
  get('fabric.colours.inverse', '/api/colours?sort=name&fields[0]=name&populate[fabrics][fields][0]=name'),
  get('fabric.cushions.inverse', '/api/cushions?sort=name&fields[0]=name&populate[fabrics][fields][0]=name', NONE),
];

const brands = [
  get('brand.custom.populate.star.fabrics', '/api/brands?sort=name&populate=*', NONE),
  get('brand.custom.populate.list.fabrics', '/api/brands?sort=name&fields[0]=name&populate[0]=fabrics', NONE),
  get('brand.custom.populate.object', '/api/brands?sort=name&fields[0]=name&populate[fabrics]=true', NONE),
  get('brand.custom.findOne.populate.star', '/api/brands/@@b1?populate=*', NONE),
  get('brand.custom.findOne.populate.fabrics', '/api/brands/@@b2?fields[0]=name&populate[fabrics]=true', NONE),
  get('brand.custom.findOne.populate.list', '/api/brands/@@b1?fields[0]=name&populate[0]=fabrics', NONE),
  get('brand.custom.findOne.no-fabrics.populated', '/api/brands/@@b3?status=draft&fields[0]=name&populate=fabrics', NONE),
  post('brand.create.missing-name', '/api/brands', { data: { description: 'no name' } }, NONE),
  post('brand.create.bad-media', '/api/brands', { data: { name: 'Pic', thumbnail: 999999 } }, NONE),
  post('brand.create.with-fabrics.public', '/api/brands', { data: { name: 'Weaver', fabrics: ['@@f4'] } }, NONE),
  post('brand.create.with-fabrics', '/api/brands', { data: { name: 'Weaver', fabrics: ['@@f4'] } }),
  post('brand.create', '/api/brands', { data: { name: 'Weaver' } }, { ...NONE, capture: { b4: 'data.documentId' } }),
  get('brand.find.created', '/api/brands?filters[name][$eq]=Weaver&populate=*', NONE),
  put('brand.update.name', '/api/brands/@@b4?fields[0]=name', { data: { name: 'Weaver & Co' } }, NONE),
  put('brand.update.publish-draft', '/api/brands/@@b3?fields[0]=name', { data: { description: 'now live' } }, NONE),
  get('brand.find.after-publish', '/api/brands?sort=name&fields[0]=name', NONE),
  del('brand.delete', '/api/brands/@@b4', NONE),
  del('brand.delete.missing', '/api/brands/@@b4', NONE),
  get('brand.fabrics-after-brand-delete', '/api/fabrics?sort=name&fields[0]=name&populate[brand][fields][0]=name', NONE),
];

const simpleWrites = [
  post('care.create.missing-name', '/api/care-instructions', { data: {} }, NONE),
  post('care.create.fabrics', '/api/care-instructions', { data: { name: 'Tumble', fabrics: ['@@f2', '@@f3'] } }),
  post('care.create', '/api/care-instructions', { data: { name: 'Tumble', icon: '@@img' } }, { ...NONE, capture: { c4: 'data.documentId' } }),
  get('care.fabrics.inverse', '/api/fabrics?sort=name&fields[0]=name&populate[care_instructions][fields][0]=name&populate[brand]=false', NONE),
  put('care.update', '/api/care-instructions/@@c4?fields[0]=name&populate[fabrics][fields][0]=name', { data: { name: 'Tumble low' } }, NONE),
  del('care.delete', '/api/care-instructions/@@c4', NONE),
  post('cushion-type.create.bad-enum', '/api/cushion-types', { data: { name: 'Star', types: 'star' } }, NONE),
  post('cushion-type.create.draft', '/api/cushion-types?status=draft', { data: { name: 'Oval', types: 'oval' } }, { ...NONE, capture: { ct3: 'data.documentId' } }),
  get('cushion-type.find.draft-not-listed', '/api/cushion-types?sort=name&fields[0]=name', NONE),
  put('cushion-type.update.bad-enum', '/api/cushion-types/@@ct3', { data: { types: 'star' } }, NONE),
  del('cushion-type.delete', '/api/cushion-types/@@ct3', NONE),
  post('mechanisation.create.missing-price', '/api/mechanisations', { data: { name: 'Crank' } }, NONE),
  post('mechanisation.create.price-string', '/api/mechanisations', { data: { name: 'Crank', price: '12.5' } }, { ...NONE, capture: { m3: 'data.documentId' } }),
  put('mechanisation.update.price-null', '/api/mechanisations/@@m3', { data: { price: null } }, NONE),
  del('mechanisation.delete', '/api/mechanisations/@@m3', NONE),
  post('blind-type.create.missing', '/api/blind-types', { data: { thumbnail: '@@img' } }, NONE),
  post('curtain-type.create.no-name', '/api/curtain-types', { data: { price: 3 } }, { ...NONE, capture: { cty3: 'data.documentId' } }),
  put('curtain-type.update.bad-number', '/api/curtain-types/@@cty3', { data: { fullness_multiplier: 'double' } }, NONE),
  del('curtain-type.delete', '/api/curtain-types/@@cty3', NONE),
  post('lining.create.missing', '/api/linings', { data: { liningType: 'Interlining' } }, NONE),
  post('lining.create.relation', '/api/linings', { data: { liningType: 'Interlining', colour: 'Ivory', pricing_rule: '@@pr2' } }),
  post('lining.create', '/api/linings', { data: { liningType: 'Interlining', colour: 'Ivory', thumbnail: '@@img' } },
    { ...NONE, capture: { l3: 'data.documentId' } }),
  get('lining.findOne.created', '/api/linings/@@l3?populate[thumbnail][fields][0]=name', NONE),
  put('lining.update', '/api/linings/@@l3', { data: { price_per_metre: 11 } }, NONE),
  del('lining.delete', '/api/linings/@@l3', NONE),
  post('trimming.create.bad', '/api/trimmings', { data: { type: 'Braid', price: 'free' } }, NONE),
  post('trimming.create', '/api/trimmings', { data: { type: 'Braid', price: 3 } }, { ...NONE, capture: { t4: 'data.documentId' } }),
  put('trimming.update', '/api/trimmings/@@t4', { data: { price: 3.5 } }, NONE),
  del('trimming.delete', '/api/trimmings/@@t4', NONE),
  post('cushion.create.public-not-granted', '/api/cushions', { data: { name: 'Nope' } }, NONE),
  put('cushion.update.token', '/api/cushions/@@cu2?fields[0]=name', { data: { name: 'Bolster XL', cushion_type: '@@ct2' } }),
  get('cushion.findOne.after-update', '/api/cushions/@@cu2', NONE),
];

/** Types behind core routers: what each of Public, an API token and a users-permissions JWT may do. */
function coreRouterFamily(name, plural, { sortField, first, create }) {
  const base = `/api/${plural}`;
  const cases = [];
  for (const [who, auth] of AUTHS) {
    cases.push(
      get(`${name}.${who}.find`, `${base}?sort=${sortField}&fields[0]=${sortField}`, auth),
      get(`${name}.${who}.findOne`, `${base}/@@${first}?fields[0]=${sortField}`, auth),
      post(`${name}.${who}.create`, base, { data: create }, auth),
      put(`${name}.${who}.update.missing`, `${base}/nope-not-here`, { data: create }, auth),
      del(`${name}.${who}.delete.missing`, `${base}/nope-not-here`, auth),
    );
  }
  cases.push(
    get(`${name}.find.after-creates`, `${base}?sort=${sortField}&fields[0]=${sortField}`),
    get(`${name}.find.draft`, `${base}?sort=${sortField}&fields[0]=${sortField}&status=draft`),
    get(`${name}.find.populate.star`, `${base}?sort=${sortField}&populate=*`),
  );
  return cases;
}

const coreRouters = [
  ...coreRouterFamily('color-code', 'color-codes', { sortField: 'code', first: 'cc1', create: { code: 'BK', name: 'Black' } }),
  ...coreRouterFamily('colour', 'colours', { sortField: 'name', first: 'co1', create: { name: 'Teal' } }),
  ...coreRouterFamily('curtain-pole', 'curtain-poles', { sortField: 'name', first: 'cp1', create: { name: 'Steel', price: 19 } }),
  ...coreRouterFamily('finish-option', 'finish-options', { sortField: 'name', first: 'fo1', create: { name: 'Gloss' } }),
  ...coreRouterFamily('pricing-rule', 'pricing-rules', { sortField: 'name', first: 'pr1', create: { name: 'Tiered', formula: { tiers: [1, 2] } } }),
  get('colour.populate.fabrics.thumbnail', '/api/colours?sort=name&fields[0]=name&populate[fabrics][fields][0]=name&populate[thumbnail][fields][0]=name'),
  get('colour.filter.fabrics', '/api/colours?sort=name&fields[0]=name&filters[fabrics][name][$eq]=Fabric 3'.replace(' ', '%20')),
  get('pricing-rule.json.formula', '/api/pricing-rules?sort=name&fields[0]=name&fields[1]=formula'),
  get('pricing-rule.filter.enum', '/api/pricing-rules?fields[0]=name&filters[product_type][$eq]=cushion'),
  get('pricing-rule.populate.fabrics', '/api/pricing-rules/@@pr1?fields[0]=name&populate[fabrics][fields][0]=name'),
  post('pricing-rule.create.missing-formula', '/api/pricing-rules', { data: { name: 'No formula' } }),
  post('pricing-rule.create.bad-enum', '/api/pricing-rules', { data: { name: 'Bad', formula: {}, product_type: 'sofa' } }),
  post('pricing-rule.create.draft', '/api/pricing-rules?status=draft', { data: { name: 'Draft rule', formula: { x: 1 } } }, { capture: { pr3: 'data.documentId' } }),
  get('pricing-rule.findOne.draft.published', '/api/pricing-rules/@@pr3'),
  get('pricing-rule.findOne.draft.draft', '/api/pricing-rules/@@pr3?status=draft&fields[0]=name'),
  put('pricing-rule.publish', '/api/pricing-rules/@@pr3?fields[0]=name', { data: { name: 'Live rule' } }),
  del('pricing-rule.delete', '/api/pricing-rules/@@pr3'),
  get('pricing-rule.findOne.deleted', '/api/pricing-rules/@@pr3'),
  put('color-code.update', '/api/color-codes/@@cc2?fields[0]=code&fields[1]=name', { data: { name: 'Crimson' } }),
  del('color-code.delete', '/api/color-codes/@@cc2'),
  get('color-code.find.after-delete', '/api/color-codes?sort=code&fields[0]=code', NONE),
  put('curtain-pole.update.user-not-granted', '/api/curtain-poles/@@cp1', { data: { price: 1 } }, ANN),
  put('curtain-pole.update.bad', '/api/curtain-poles/@@cp1', { data: { price: 'ten' } }),
  get('curtain-pole.filter.price', '/api/curtain-poles?sort=price&fields[0]=name&fields[1]=price&filters[price][$lt]=40', NONE),
];

const siteState = [
  ...AUTHS.map(([who, auth]) => get(`site-state.${who}.find`, '/api/site-state', auth)),
  ...AUTHS.map(([who, auth]) => put(`site-state.${who}.update`, '/api/site-state', { data: { ordersEnabled: false } }, auth)),
  get('site-state.find.draft', '/api/site-state?status=draft'),
  get('site-state.find.fields', '/api/site-state?fields[0]=ordersEnabled', NONE),
  put('site-state.update.bad', '/api/site-state', { data: { ordersEnabled: 'yes' } }),
  put('site-state.update.draft', '/api/site-state?status=draft', { data: { ordersEnabled: true } }),
  get('site-state.find.published-after-draft', '/api/site-state', NONE),
  get('site-state.find.draft-after-draft', '/api/site-state?status=draft'),
  del('site-state.delete.public', '/api/site-state', NONE),
  del('site-state.delete', '/api/site-state'),
  get('site-state.find.after-delete', '/api/site-state', NONE),
];

const orderManagement = [
  get('order-management.test', '/api/order-management/test', NONE),
  get('order-management.test.token', '/api/order-management/test'),
  get('order-management.relation-data', '/api/order-management/relation-data', NONE),
  post('order-management.export.all', '/api/order-management/export', {}, NONE),
  post('order-management.export.selected', '/api/order-management/export', { selectedProductsByType: { brands: ['@@b1id'], linings: ['@@l1id'] } }, NONE),
  post('order-management.export.no-body', '/api/order-management/export', undefined, NONE),
  get('order-management.core.find-not-routed', '/api/order-managements', NONE),
  get('order-management.unknown-route', '/api/order-management/nope', NONE),
];

const routing = [
  get('routing.unknown-api', '/api/curtains', NONE),
  get('routing.method-not-routed', '/api/brands', { ...NONE, method: 'PATCH' }),
  get('routing.trailing-slash', '/api/brands/?sort=name&fields[0]=name', NONE),
  get('routing.fabric-import.get', '/api/fabrics/import', NONE),
  get('routing.head', '/api/trimmings', { ...NONE, method: 'HEAD' }),
  get('routing.bad-token', '/api/brands?fields[0]=name', { auth: 'none', headers: { authorization: 'Bearer nope' } }),
  get('routing.bad-token.core', '/api/colours', { auth: 'none', headers: { authorization: 'Bearer nope' } }),
];

export const CASES = [...seed, ...orders, ...families, ...entityServiceTypes, ...fabrics, ...brands, ...simpleWrites, ...coreRouters,
  ...siteState, ...orderManagement, ...routing];
