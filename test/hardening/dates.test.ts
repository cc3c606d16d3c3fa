import { beforeAll, describe, expect, it } from 'vitest';
import { parseIsoDateTime } from '../../core/schema/iso-date.js';
import { makeProject, startApp, type TestServer } from '../helpers/project.js';

/**
 * Issue 11, Low: `publishDate: "99999-01-01"` answered 500 and `"2024-02-30"` was stored as
 * `2024-03-01`. Dates and date-times are read as Strapi's database layer reads them (parsers.ts
 * over date-fns `parseISO`); every expected answer below is real Strapi 5.54's (strapi-ref, POST
 * /api/kitchens of the conformance fixture): a 400 ValidationError without details, or the stored value.
 */

let site: TestServer;
beforeAll(async () => {
  site = await startApp(makeProject({
    'cms.config.json': { permissions: { public: { event: ['find', 'findOne', 'create', 'update'] } } },
    'schemas/event.json': {
      kind: 'collectionType',
      info: { singularName: 'event', pluralName: 'events', displayName: 'Event' },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string' }, day: { type: 'date' }, at: { type: 'datetime' } },
    },
  }));
});

const create = (data: Record<string, unknown>) => site.sendJson('POST', '/api/events', { data: { title: 'x', ...data } });
const refused = (message: string) => (
  { status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message, details: {} } } });

describe('a date attribute', () => {
  it.each([
    ['99999-01-01', 'Invalid format, expected yyyy-MM-dd'],
    ['2024-02-30', 'Invalid date'],
    ['2023-02-29', 'Invalid date'],
    ['2024-04-31', 'Invalid date'],
    ['2024-13-01', 'Invalid format, expected yyyy-MM-dd'],
    ['20240105', 'Invalid format, expected yyyy-MM-dd'],
  ])('%s is a 400: %s', async (day, message) => {
    expect(await create({ day })).toEqual(refused(message));
  });

  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2024-01-05T10:00:00Z', '2024-01-05'],
  ])('%s is stored as %s', async (day, stored) => {
    const { status, body } = await create({ day });
    expect(status).toBe(201);
    expect(body.data.day).toBe(stored);
  });
});

describe('a datetime attribute', () => {
  it.each([
    ['99999-01-01'],
    ['99999-01-01T00:00:00Z'],
    ['2024-02-30'],
    ['2024-02-30T10:00:00Z'],
    ['2023-02-29T10:00:00Z'],
    ['2024-05-06T10:60:00Z'],
    ['2024-13-01T00:00:00Z'],
    ['March 7, 2024'],
    [''],
    [1.5],
    [true],
  ])('%j is a 400: Invalid format, expected a timestamp or an ISO date', async (at) => {
    expect(await create({ at })).toEqual(refused('Invalid format, expected a timestamp or an ISO date'));
  });

  it.each<[unknown, string]>([
    ['2024-02-29T10:00:00Z', '2024-02-29T10:00:00.000Z'],
    ['2024-05-06T24:00:00Z', '2024-05-07T00:00:00.000Z'],
    ['2024-05-06T10:00:00+0530', '2024-05-06T04:30:00.000Z'],
    ['2024-05-06T10:00:00+05', '2024-05-06T05:00:00.000Z'],
    ['2024-05-06T10:00:00,5Z', '2024-05-06T10:00:00.500Z'],
    ['20240506T1000Z', '2024-05-06T10:00:00.000Z'],
    ['+002024-05-06T00:00:00Z', '2024-05-06T00:00:00.000Z'],
    ['1700000000000', '2023-11-14T22:13:20.000Z'],
    [1700000000000, '2023-11-14T22:13:20.000Z'],
    [-5, '1969-12-31T23:59:59.995Z'],
  ])('%j is stored as %s', async (at, stored) => {
    const { status, body } = await create({ at });
    expect(status).toBe(201);
    expect(body.data.at).toBe(stored);
  });

  it('an impossible day on update is a 400 and the stored value stays', async () => {
    const { body } = await create({ at: '2024-01-01T00:00:00Z' });
    const documentId = body.data.documentId;
    expect(await site.sendJson('PUT', `/api/events/${documentId}`, { data: { at: '2024-02-30T00:00:00Z' } }))
      .toEqual(refused('Invalid format, expected a timestamp or an ISO date'));
    expect((await site.getJson(`/api/events/${documentId}`)).body.data.at).toBe('2024-01-01T00:00:00.000Z');
  });
});

describe('parseIsoDateTime (date-fns parseISO)', () => {
  it.each<[string, [number, number, number]]>([
    ['2024', [2024, 0, 1]],
    ['2024-05', [2024, 4, 1]],
    ['20240506', [2024, 4, 6]],
    ['2024-W01', [2024, 0, 1]],
    ['2024-W01-3', [2024, 0, 3]],
    ['2024-060', [2024, 1, 29]],
  ])('%s without a zone is local midnight of %j', (text, [year, month, day]) => {
    expect(parseIsoDateTime(text)).toBe(new Date(year, month, day).getTime());
  });

  it.each([
    ['2024-05-06T10:00:00Z', Date.UTC(2024, 4, 6, 10)],
    ['2024-05-06T10:00:00-02:30', Date.UTC(2024, 4, 6, 12, 30)],
    ['2024-05-06 10:00Z', Date.UTC(2024, 4, 6, 10)],
  ])('%s → %d', (text, expected) => {
    expect(parseIsoDateTime(text)).toBe(expected);
  });

  it.each(['2023-366', '2024-02-30', '99999-01-01', '2024-05-06T10:00:00+05:60', '2024-05-06T10:00:00Z extra', '10:00', 'yesterday',
    ''])('%j is NaN', (text) => {
    expect(parseIsoDateTime(text)).toBeNaN();
  });
});
