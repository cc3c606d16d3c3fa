import { beforeAll, describe, expect, it } from 'vitest';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';
import { writableSample } from './helpers.js';

/** Article "Release notes" (YAML): published with a differing draft. */
const RELEASE = 'ws1hnjhoh5q7f19uq4u5e8yo';

let server: TestServer;
let readOnly: TestServer;
beforeAll(async () => {
  server = await startApp(writableSample());
  readOnly = await startApp(copySampleSite()); // the sample's Public role: find and findOne only
});

const post = (app: TestServer, path: string) => app.request(path, { method: 'POST' });

describe('POST /api/_cms/:plural/:documentId/publish|unpublish|discard-draft: error paths', () => {
  it.each([
    ['a caller without update', () => post(readOnly, `/api/_cms/articles/${RELEASE}/publish`), 403, 'ForbiddenError'],
    ['an unknown document', () => post(server, '/api/_cms/articles/nosuchdocument/publish'), 404, 'NotFoundError'],
    ['an unknown action', () => post(server, `/api/_cms/articles/${RELEASE}/archive`), 404, 'NotFoundError'],
    ['a type without draft & publish', () => post(server, '/api/_cms/tags/b2hjgyg2kdh9a72boali13fe/publish'), 400, 'ValidationError'],
    ['an unconfigured locale', () => post(server, `/api/_cms/articles/${RELEASE}/publish?locale=de`), 400, 'ValidationError'],
    ['a path below the action', () => post(server, `/api/_cms/articles/${RELEASE}/publish/now`), 404, 'NotFoundError'],
    ['discarding the draft of a never-published document', () => post(server, '/api/_cms/articles/a6lq8hv931vnhq1mwjzx78jv/discard-draft'),
      400, 'ValidationError'],
    ['unpublishing a never-published draft (never a success that did nothing)',
      () => post(server, '/api/_cms/articles/a6lq8hv931vnhq1mwjzx78jv/unpublish'), 400, 'ValidationError'],
  ])('answers %s with %i', async (_case, send, status, name) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect((await response.json()).error.name).toBe(name);
  });

  it('answers 405 with Allow: POST to a GET', async () => {
    const response = await server.request(`/api/_cms/articles/${RELEASE}/publish`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('publishes a single type by its singular API id, without a documentId', async () => {
    const response = await post(server, '/api/_cms/about/publish');
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.publishedAt).toEqual(expect.any(String));
    expect((await server.getJson('/api/about')).body.data.title).toBe(data.title);
  });
});
