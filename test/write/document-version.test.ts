import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { SAMPLE, writeServer, type WriteServer } from './helpers.js';

// The version precondition of a write (core/service/document-version.ts): a client that sends the
// version it edited as `If-Match` never writes over a change it has not seen. Strapi has no such
// header; a client that sends none is answered as Strapi answers.
let server: WriteServer;
beforeAll(async () => {
  server = await writeServer();
});

const path = `/api/articles/${SAMPLE.coffee}?status=draft`;
const versionOf = async () => (await server.request(path)).headers.get('document-version');
const putIfMatch = (ifMatch: string, data: unknown) => server.request(path, { method: 'PUT', headers: { 'content-type': 'application/json', 'if-match': ifMatch }, body: JSON.stringify({ data }) });

describe('If-Match on PUT: the version the client edited', () => {
  it('a one-document answer names the document\'s version; a list does not', async () => {
    expect(await versionOf()).toMatch(/^"[\w-]{27}"$/);
    expect((await server.request('/api/articles')).headers.get('document-version')).toBeNull();
  });

  it('the current version lets the write through and the answer names the next version', async () => {
    const before = await versionOf();
    const response = await putIfMatch(before!, { views: 1 });
    expect(response.status).toBe(200);
    const after = response.headers.get('document-version');
    expect(after).not.toBe(before);
    expect(await versionOf()).toBe(after);
  });

  it('a version changed on disk since (a pull, a hand edit) is refused with 412 and nothing is written', async () => {
    const held = await versionOf();
    const file = `content/articles/${SAMPLE.coffee}.draft.yaml`;
    const text = server.file(file) ?? server.file(`content/articles/${SAMPLE.coffee}.yaml`)!;
    const target = server.file(file) === undefined ? `content/articles/${SAMPLE.coffee}.yaml` : file;
    writeFileSync(join(server.root, target), text.replace(/^views: .*$/m, 'views: 4242'));
    await reindexFiles(server.cms, [target], () => {});
    const response = await putIfMatch(held!, { title: 'Stale title' });
    expect(response.status).toBe(412);
    const body = await response.json();
    expect(body.error).toMatchObject({ status: 412, name: 'PreconditionFailedError', details: { current: await versionOf() } });
    expect(server.file(target)).toMatch(/^views: 4242$/m);
    expect(server.file(target)).not.toMatch(/Stale title/);
  });

  it('no If-Match (every Strapi client) writes as before', async () => {
    const { status, body } = await server.sendJson('PUT', path, { data: { views: 5 } });
    expect(status).toBe(200);
    expect(body.data.views).toBe(5);
  });

  it('If-Match: * asks only that the version exists', async () => {
    expect((await putIfMatch('*', { views: 6 })).status).toBe(200);
    const missing = await server.request(`/api/articles/${SAMPLE.coffee}?locale=fr`, { method: 'PUT', headers: { 'content-type': 'application/json', 'if-match': '*' }, body: JSON.stringify({ data: { title: 'x' } }) });
    expect(missing.status).toBe(412);
  });
});
