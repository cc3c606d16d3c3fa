import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startApp, type TestServer } from '../helpers/project.js';

/**
 * Every Strapi filter operator (notes §3.2; `packages/core/utils/src/operators.ts`,
 * `packages/core/database/src/query/helpers/where.ts`) evaluated by the engine over a fixture whose
 * values we control, NULLs included. Rows come back in creation order, so each answer is a list of names.
 */
const item = (fields: Record<string, unknown>, createdAt: string) => ({ ...fields, createdAt, updatedAt: createdAt });

const FIXTURE = {
  'cms.config.json': { permissions: { public: { items: ['find', 'findOne'] } } },
  'schemas/item.json': {
    kind: 'collectionType',
    info: { singularName: 'item', pluralName: 'items', displayName: 'Item' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string' },
      note: { type: 'text' },
      views: { type: 'integer' },
      price: { type: 'decimal' },
      active: { type: 'boolean' },
      day: { type: 'date' },
      at: { type: 'datetime' },
    },
  },
  'content/items/apple.json': item({ name: 'Apple', note: 'Red fruit', views: 10, price: 1.5, active: true, day: '2025-01-10',
    at: '2025-01-10T10:00:00.000Z' }, '2025-01-01T00:00:00.000Z'),
  'content/items/banana.json': item({ name: 'banana', note: null, views: 20, price: 0.25, active: false, day: '2025-02-20',
    at: '2025-02-20T12:30:00.000Z' }, '2025-01-02T00:00:00.000Z'),
  'content/items/cherry.json': item({ name: 'Cherry pie', note: 'Sweet, 50%_off', views: 30, price: 12, active: true, day: '2025-03-30',
    at: '2025-03-30T23:59:59.999Z' }, '2025-01-03T00:00:00.000Z'),
  'content/items/tart.json': item({ name: 'apple tart', note: 'apple', views: null, price: null, active: null, day: null, at: null },
    '2025-01-04T00:00:00.000Z'),
  'content/items/date.json': item({ name: 'Date', note: 'Brown FRUIT', views: 0, price: 3, active: false, day: '2024-12-31',
    at: '2024-12-31T08:00:00.000Z' }, '2025-01-05T00:00:00.000Z'),
};

let server: TestServer;
beforeAll(async () => {
  server = await startApp(makeProject(FIXTURE));
});

async function names(query: string): Promise<string[]> {
  const { status, body } = await server.getJson(`/api/items?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((entry: { name: string }) => entry.name);
}

const ALL = ['Apple', 'banana', 'Cherry pie', 'apple tart', 'Date'];

describe('filter operators (Strapi: notes §3.2)', () => {
  it.each([
    // $eq / $eqi — Strapi: where.ts `$eq` (=, cast) and `$eqi` (LOWER(col) = LOWER(v))
    ['$eq on a string is exact and case-sensitive', 'filters[name][$eq]=Apple', ['Apple']],
    ['$eq does not fold case', 'filters[name][$eq]=apple', []],
    ['$eq casts the value to an integer', 'filters[views][$eq]=20', ['banana']],
    ['$eqi folds case', 'filters[name][$eqi]=APPLE', ['Apple']],
    // $ne / $nei — Strapi: SQL `<>`, so NULL rows never match (notes §3.2)
    ['$ne leaves out the equal row and NULL rows', 'filters[views][$ne]=10', ['banana', 'Cherry pie', 'Date']],
    ['$nei folds case and leaves out NULL rows', 'filters[note][$nei]=RED FRUIT', ['Cherry pie', 'apple tart', 'Date']],
    // comparisons — Strapi: where.ts `$lt $lte $gt $gte`, cast to the attribute type; NULL never compares
    ['$lt is strictly less (NULL never compares)', 'filters[views][$lt]=20', ['Apple', 'Date']],
    ['$lte includes the bound', 'filters[views][$lte]=20', ['Apple', 'banana', 'Date']],
    ['$gt is strictly greater', 'filters[views][$gt]=10', ['banana', 'Cherry pie']],
    ['$gte includes the bound', 'filters[views][$gte]=10', ['Apple', 'banana', 'Cherry pie']],
    ['$gt on a decimal', 'filters[price][$gt]=1.5', ['Cherry pie', 'Date']],
    // lists — Strapi: `$in`/`$notIn` take arrays, a single value is wrapped; NOT IN never matches NULL
    ['$in matches any listed value', 'filters[views][$in][0]=10&filters[views][$in][1]=30', ['Apple', 'Cherry pie']],
    ['$in with a single value', 'filters[views][$in]=20', ['banana']],
    ['$notIn leaves out NULL rows', 'filters[views][$notIn][0]=10&filters[views][$notIn][1]=30', ['banana', 'Date']],
    ['$between is inclusive', 'filters[views][$between][0]=10&filters[views][$between][1]=20', ['Apple', 'banana']],
    // LIKE family — Strapi: `%`/`_` in the value are escaped (literal); NOT LIKE never matches NULL
    ['$contains is a substring match', 'filters[name][$contains]=pple', ['Apple', 'apple tart']],
    ['$contains folds case as SQLite LIKE does (project choice: SQLite semantics)', 'filters[name][$contains]=APPLE',
      ['Apple', 'apple tart']],
    ['$contains treats % and _ literally', 'filters[note][$contains]=50%_off', ['Cherry pie']],
    ['$contains does not treat _ as a wildcard', 'filters[note][$contains]=5_%', []],
    ['$notContains leaves out NULL rows', 'filters[note][$notContains]=fruit', ['Cherry pie', 'apple tart']],
    ['$containsi is a case-insensitive substring match', 'filters[note][$containsi]=FRUIT', ['Apple', 'Date']],
    ['$notContainsi leaves out NULL rows', 'filters[note][$notContainsi]=FRUIT', ['Cherry pie', 'apple tart']],
    ['$startsWith is a prefix match', 'filters[name][$startsWith]=Ch', ['Cherry pie']],
    ['$startsWithi is a case-insensitive prefix match', 'filters[name][$startsWithi]=APP', ['Apple', 'apple tart']],
    ['$endsWith is a suffix match', 'filters[name][$endsWith]=tart', ['apple tart']],
    ['$endsWithi is a case-insensitive suffix match', 'filters[name][$endsWithi]=PIE', ['Cherry pie']],
    // $null / $notNull — Strapi: value force-cast to a boolean (true,t,1 / false,f,0 / other text → true)
    ['$null=true finds NULL', 'filters[note][$null]=true', ['banana']],
    ['$null=false finds non-NULL', 'filters[note][$null]=false', ['Apple', 'Cherry pie', 'apple tart', 'Date']],
    ['$null=t is true', 'filters[views][$null]=t', ['apple tart']],
    ['$null=0 is false', 'filters[views][$null]=0', ['Apple', 'banana', 'Cherry pie', 'Date']],
    ['$null with other text means true', 'filters[views][$null]=yes', ['apple tart']],
    ['$notNull=true finds non-NULL', 'filters[views][$notNull]=true', ['Apple', 'banana', 'Cherry pie', 'Date']],
    ['$notNull=f finds NULL', 'filters[views][$notNull]=f', ['apple tart']],
    ['$eq with a null value (key without =) is IS NULL', 'filters[views][$eq]', ['apple tart']],
    // $not — Strapi: NOT (…) at attribute level and at root; NOT of an unknown (NULL) stays unknown
    ['$not at attribute level', 'filters[views][$not][$gt]=15', ['Apple', 'Date']],
    ['$not at root', 'filters[$not][name][$startsWithi]=app', ['banana', 'Cherry pie', 'Date']],
    // $and / $or — Strapi: root-level arrays of filter objects
    ['$or matches either branch', 'filters[$or][0][views][$eq]=0&filters[$or][1][name][$eq]=banana', ['banana', 'Date']],
    ['$and needs every branch', 'filters[$and][0][active][$eq]=true&filters[$and][1][views][$gt]=10', ['Cherry pie']],
    ['nested $or inside $and',
      'filters[$and][0][$or][0][views][$lt]=5&filters[$and][0][$or][1][views][$gt]=25&filters[$and][1][active]=false', ['Date']],
    ['several keys are ANDed', 'filters[active]=true&filters[views][$lt]=20', ['Apple']],
  ])('%s', async (_name, query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('covers every operator Strapi exposes', async () => {
    const { OPERATORS, LOGICAL_OPERATORS } = await import('../../core/query/operators.js');
    // Strapi: packages/core/utils/src/operators.ts (minus the internal $jsonSupersetOf)
    expect([...Object.keys(OPERATORS), ...LOGICAL_OPERATORS].sort()).toEqual([
      '$and', '$between', '$contains', '$containsi', '$endsWith', '$endsWithi', '$eq', '$eqi', '$gt', '$gte', '$in',
      '$lt', '$lte', '$ne', '$nei', '$not', '$notContains', '$notContainsi', '$notIn', '$notNull', '$null', '$or',
      '$startsWith', '$startsWithi',
    ].sort());
  });
});

describe('implicit operators (Strapi: notes §3.2 rules)', () => {
  it.each([
    ['a bare value is $eq', 'filters[name]=Date', ['Date']],
    ['a list is $in', 'filters[views][0]=0&filters[views][1]=20', ['banana', 'Date']],
    ['a list on a non-array operator ORs each value', 'filters[name][$containsi][0]=cherry&filters[name][$containsi][1]=date',
      ['Cherry pie', 'Date']],
    ['a list on $eq ORs each value', 'filters[views][$eq][0]=10&filters[views][$eq][1]=30', ['Apple', 'Cherry pie']],
    ['id and documentId are filterable', 'filters[documentId][$in][0]=tart&filters[documentId][$in][1]=apple', ['Apple', 'apple tart']],
    ['an empty filters value is ignored', 'filters=', ALL],
  ])('%s', async (_name, query, expected) => {
    expect(await names(query)).toEqual(expected);
  });
});

describe('casting per attribute type (Strapi: database fields toDB, notes §3.2)', () => {
  it.each([
    ['integer from text', 'filters[views][$gte]=+20', ['banana', 'Cherry pie']],
    ['integer compared with a decimal value (lodash toNumber)', 'filters[views][$gt]=9.5', ['Apple', 'banana', 'Cherry pie']],
    ['boolean true', 'filters[active][$eq]=true', ['Apple', 'Cherry pie']],
    ['boolean t', 'filters[active][$eq]=t', ['Apple', 'Cherry pie']],
    ['boolean 1', 'filters[active][$eq]=1', ['Apple', 'Cherry pie']],
    ['boolean false', 'filters[active][$eq]=false', ['banana', 'Date']],
    ['boolean f', 'filters[active][$eq]=f', ['banana', 'Date']],
    ['boolean 0', 'filters[active][$eq]=0', ['banana', 'Date']],
    ['boolean $ne leaves out NULL', 'filters[active][$ne]=true', ['banana', 'Date']],
    ['date equality', 'filters[day][$eq]=2025-02-20', ['banana']],
    ['date range', 'filters[day][$between][0]=2025-01-01&filters[day][$between][1]=2025-02-28', ['Apple', 'banana']],
    ['date from a date-time keeps the written day', 'filters[day][$eq]=2025-03-30T01:00:00%2B05:00', ['Cherry pie']],
    ['datetime from ISO', 'filters[at][$gt]=2025-02-20T12:30:00.000Z', ['Cherry pie']],
    ['datetime from ISO with an offset', 'filters[at][$eq]=2025-02-20T13:30:00%2B01:00', ['banana']],
    ['datetime from epoch milliseconds', `filters[at][$lt]=${Date.parse('2025-01-10T10:00:00.001Z')}`, ['Apple', 'Date']],
    ['createdAt (a system datetime)', 'filters[createdAt][$gte]=2025-01-04T00:00:00.000Z', ['apple tart', 'Date']],
    ['id is cast to an integer', 'filters[id][$gt]=0', ALL],
  ])('%s', async (_name, query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it.each([
    ['integer', 'filters[views][$eq]=abc', 'views', 'abc'],
    ['decimal', 'filters[price][$lt]=cheap', 'price', 'cheap'],
    ['a value inside $in', 'filters[views][$in][0]=1&filters[views][$in][1]=two', 'views', 'two'],
    ['a value inside $not', 'filters[views][$not][$eq]=x', 'views', 'x'],
  ])('an uncastable %s value is a 400 ValidationError naming the path (project choice; Strapi 500s)', async (_type, query, path, value) => {
    const { status, body } = await server.getJson(`/api/items?${query}`);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toContain(path);
    expect(body.error.message).toContain(value);
    expect(body.error.details).toMatchObject({ path, source: 'query', param: 'filters' });
  });

  // Strapi's own 400s, not 500s: its database parsers refuse these values (recorded: conformance
  // filter.day.bad, filter.at.bad, filter.clock.short), with their message and no details.
  it.each([
    ['date', 'filters[day][$eq]=31/12/2024', 'Invalid format, expected yyyy-MM-dd'],
    ['impossible date', 'filters[day][$eq]=2025-02-30', 'Invalid date'],
    ['datetime', 'filters[at][$gt]=yesterday', 'Invalid format, expected a timestamp or an ISO date'],
  ])('an unparsable %s value is Strapi\'s 400 from its database parser', async (_type, query, message) => {
    const { status, body } = await server.getJson(`/api/items?${query}`);
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 400, name: 'ValidationError', message, details: {} });
  });

  it('a boolean filter reads any other text by its truthiness, as Strapi\'s BooleanField (recorded: filter.active.yes)', async () => {
    expect((await server.getJson('/api/items?filters[active][$eq]=maybe')).status).toBe(200);
  });

  it('names the nested path of an uncastable value inside $or', async () => {
    const { status, body } = await server.getJson('/api/items?filters[$or][0][views][$gt]=ten');
    expect(status).toBe(400);
    expect(body.error.details.path).toBe('views');
  });
});

describe('operator misuse (Strapi: validate/utils.ts throwInvalidKey)', () => {
  it.each([
    ['an unknown operator', 'filters[name][$like]=a', 'Invalid key $like at name', { key: '$like', path: 'name' }],
    ['an unknown field', 'filters[colour]=red', 'Invalid key colour', { key: 'colour', path: null }],
  ])('%s is a 400 Invalid key', async (_name, query, message, details) => {
    const { status, body } = await server.getJson(`/api/items?${query}`);
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 400, name: 'ValidationError', message,
      details: { ...details, source: 'query', param: 'filters' } });
  });

  it('a non-logical operator at the root is a 400 ValidationError (project choice; Strapi 500s)', async () => {
    const { status, body } = await server.getJson('/api/items?filters[$eq]=x');
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    expect(body.error.message).toContain('$eq');
  });
});
