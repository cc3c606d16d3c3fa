import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../helpers/project.js';
import { writeServer, type WriteServer } from './helpers.js';

// Strapi 5.54 on SQLite keeps a biginteger's exact digits in its column (a filter on them matches)
// but answers the JavaScript number it reads back (recorded: valid.create.big.unsafe*). This server
// answers the same, and its content file keeps every digit the client sent.
let server: WriteServer;
let id: string;

beforeAll(async () => {
  const root = makeProject({
    'cms.config.json': { permissions: { public: { counter: ['find', 'findOne', 'create', 'update'] } } },
    'schemas/counter.json': { kind: 'collectionType', info: { singularName: 'counter', pluralName: 'counters' },
      options: { draftAndPublish: false }, attributes: { big: { type: 'biginteger' } } },
    'content/counters/.gitkeep': '',
  });
  server = await writeServer(root);
  const { status, body } = await server.post('/api/counters', { big: '9007199254740993' });
  expect(status).toBe(201);
  id = body.data.documentId;
});

describe('a biginteger past 2^53', () => {
  it('is answered as the nearest JavaScript number, as Strapi on SQLite answers it', async () => {
    expect((await server.getJson(`/api/counters/${id}`)).body.data.big).toBe('9007199254740992');
  });

  it('keeps the exact digits sent in the content file', () => {
    expect(server.json(`content/counters/${id}.json`).big).toBe('9007199254740993');
  });

  it.each([
    ['$eq the exact digits', 'filters[big][$eq]=9007199254740993', 1],
    ['$eq the rounded digits', 'filters[big][$eq]=9007199254740992', 0],
    ['$gt 2^53', 'filters[big][$gt]=9007199254740992', 1],
  ])('filters compare the stored digits: %s', async (_name, query, total) => {
    expect((await server.getJson(`/api/counters?${query}`)).body.meta.pagination.total).toBe(total);
  });

  it('int64 max is printed as JavaScript prints that number', async () => {
    const { body } = await server.post('/api/counters', { big: '9223372036854775807' });
    expect(body.data.big).toBe('9223372036854776000');
    expect(server.json(`content/counters/${body.data.documentId}.json`).big).toBe('9223372036854775807');
  });
});
