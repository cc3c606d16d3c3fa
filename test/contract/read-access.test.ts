import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject, startApp, type TestServer } from '../helpers/project.js';
import { ARTICLES as A } from './sample-site.js';

/** Two types: `notes` readable by the Public role, `secrets` not (private by default). */
const ACCESS_FIXTURE = {
  'cms.config.json': { permissions: { public: { 'api::note.note': ['find'] } } },
  'schemas/note.json': {
    kind: 'collectionType',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
    options: { draftAndPublish: false },
    attributes: { text: { type: 'string' }, secret: { type: 'relation', relation: 'manyToOne', target: 'api::secret.secret' } },
  },
  'schemas/secret.json': {
    kind: 'collectionType',
    info: { singularName: 'secret', pluralName: 'secrets', displayName: 'Secret' },
    options: { draftAndPublish: false },
    attributes: { code: { type: 'string' } },
  },
  'content/notes/n1.json': { text: 'hello', secret: 's1', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
  'content/secrets/s1.json': { code: '1234', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
};

const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };
const UNAUTHORIZED = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials',
  details: {} } };

let sample: TestServer;
let access: TestServer;
beforeAll(async () => {
  [sample, access] = await Promise.all([startApp(), startApp(makeProject(ACCESS_FIXTURE))]);
});

describe('permissions of the Public role (Strapi: notes §9.3, users-permissions)', () => {
  it('a type the Public role may not read is 403 Forbidden (private by default)', async () => {
    const { status, body } = await access.getJson('/api/secrets');
    expect(status).toBe(403);
    expect(body).toEqual(FORBIDDEN);
  });

  it('a granted action is allowed and another action on the same type is 403', async () => {
    const list = await access.getJson('/api/notes');
    expect(list.status).toBe(200);
    expect(list.body.data.map((note: { text: string }) => note.text)).toEqual(['hello']);
    const one = await access.getJson('/api/notes/n1');
    expect(one.status).toBe(403);
    expect(one.body).toEqual(FORBIDDEN);
  });

  it('a project without any permissions answers 403 on every type', async () => {
    const { permissions: _dropped, ...config } = ACCESS_FIXTURE['cms.config.json'];
    const closed = await startApp(makeProject({ ...ACCESS_FIXTURE, 'cms.config.json': config }));
    for (const path of ['/api/notes', '/api/notes/n1', '/api/secrets']) {
      const { status, body } = await closed.getJson(path);
      expect(status, path).toBe(403);
      expect(body).toEqual(FORBIDDEN);
    }
  });

  it('populating a relation whose target the caller cannot find is silently dropped (notes §3.6)', async () => {
    const { status, body } = await access.getJson('/api/notes?populate=*');
    expect(status).toBe(200);
    expect(body.data[0]).not.toHaveProperty('secret');
    const named = await access.getJson('/api/notes?populate[secret]=true');
    expect(named.status).toBe(200);
    expect(named.body.data[0]).not.toHaveProperty('secret');
  });

  it('filtering through a relation the caller cannot find is a 400 Invalid key (notes §2.4)', async () => {
    const { status, body } = await access.getJson('/api/notes?filters[secret][code][$eq]=1234');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ name: 'ValidationError', message: 'Invalid key secret',
      details: { key: 'secret', path: 'secret', param: 'filters' } });
  });
});

describe('credentials (Strapi: notes §9.1, content-api-token strategy)', () => {
  it.each([
    ['a garbage Bearer token', 'Bearer not-a-real-token'],
    ['a lower-case bearer scheme', 'bearer not-a-real-token'],
  ])('%s is 401 even on a route the Public role may read', async (_name, authorization) => {
    const { status, body } = await sample.getJson('/api/articles', { headers: { authorization } });
    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED);
  });

  it.each([
    ['a Basic header', 'Basic Zm9vOmJhcg=='],
    ['a Bearer header with three parts', 'Bearer a b'],
    ['a lone Bearer', 'Bearer'],
  ])('%s is ignored: the request is anonymous (Public role)', async (_name, authorization) => {
    const { status, body } = await sample.getJson('/api/articles?pagination[pageSize]=1&fields=title', { headers: { authorization } });
    expect(status).toBe(200);
    expect(body.data[0].documentId).toBe(A.rome);
  });
});

describe('CORS (Strapi: middlewares/cors.ts defaults over @koa/cors)', () => {
  it('echoes the Origin with credentials on an actual request', async () => {
    const response = await sample.request('/api/articles?pagination[pageSize]=1', { headers: { origin: 'https://front.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://front.example');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('adds CORS headers to errors too', async () => {
    const response = await sample.request('/api/nope', { headers: { origin: 'https://front.example' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://front.example');
  });

  it('sends no allow-origin without an Origin header', async () => {
    const response = await sample.request('/api/articles?pagination[pageSize]=1');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows Cms-Branch to a cross-origin preflight that asks for it, and answers Strapi\'s list exactly to one that does not', async () => {
    const preflight = (asked: string) => sample.request('/api/articles', {
      method: 'OPTIONS', headers: { origin: 'https://preview.example', 'access-control-request-method': 'GET', 'access-control-request-headers': asked },
    });
    expect((await preflight('cms-branch,authorization')).headers.get('access-control-allow-headers')).toBe('Content-Type,Authorization,Origin,Accept,Cms-Branch');
    expect((await preflight('authorization')).headers.get('access-control-allow-headers')).toBe('Content-Type,Authorization,Origin,Accept');
  });

  it('answers a preflight OPTIONS with 204 and the allowed methods and headers', async () => {
    const response = await sample.request('/api/articles', {
      method: 'OPTIONS',
      headers: { origin: 'https://front.example', 'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://front.example');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(await response.text()).toBe('');
  });
});
