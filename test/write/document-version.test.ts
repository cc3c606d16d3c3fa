import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { startApp } from '../helpers/project.js';
import { SAMPLE, writableSite, writeServer, type WriteServer } from './helpers.js';

// The version precondition of a write (core/service/document-version.ts): a client that sends the
// version it edited as `If-Match` never writes over a change it has not seen. Strapi has no such
// header; a client that sends none is answered as Strapi answers.
let server: WriteServer;
beforeAll(async () => {
  server = await writeServer();
});

const path = `/api/articles/${SAMPLE.coffee}?status=draft`;
const versionOf = async () => (await server.request(path)).headers.get('document-version');
const putIfMatch = (ifMatch: string, data: unknown) => server.request(
  path, { method: 'PUT', headers: { 'content-type': 'application/json', 'if-match': ifMatch }, body: JSON.stringify({ data }) },
);

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
    const missing = await server.request(`/api/articles/${SAMPLE.coffee}?locale=fr`,
      { method: 'PUT', headers: { 'content-type': 'application/json', 'if-match': '*' }, body: JSON.stringify({ data: { title: 'x' } }) });
    expect(missing.status).toBe(412);
  });
});

describe('the version a write answers is the one its data has', () => {
  it('a pull landing after the write (while its hooks run) does not lend the answer its newer version', async () => {
    const root = writableSite();
    let pulled = false;
    // A replica's write is answered after the push and the webhooks: here the "pull" lands then.
    const landing = await startApp(root, {
      afterWrite: async (event) => {
        if (pulled || event.action !== 'update') return;
        pulled = true;
        const [file] = event.files;
        writeFileSync(join(root, file!), readFileSync(join(root, file!), 'utf8').replace(/^views: .*$/m, 'views: 4343'));
        await reindexFiles(landing.cms, [file!], () => {});
      },
    });
    const json = { 'content-type': 'application/json' };
    const put = await landing.request(path, { method: 'PUT', headers: json, body: JSON.stringify({ data: { views: 7 } }) });
    expect(put.status).toBe(200);
    expect((await put.json()).data.views).toBe(7);
    const answered = put.headers.get('document-version');
    const now = await landing.request(path);
    expect((await now.json()).data.views).toBe(4343);
    expect(answered).not.toBe(now.headers.get('document-version'));
    // A form that took the answer holds views 7: its next save must not pass over the pulled 4343.
    const stale = await landing.request(path, { method: 'PUT', headers: { ...json, 'if-match': answered! },
      body: JSON.stringify({ data: { title: 'x' } }) });
    expect(stale.status).toBe(412);
  });

  it('a POST answers the version it created', async () => {
    const body = JSON.stringify({ data: { title: 'Versioned' } });
    const created = await server.request('/api/articles?status=draft',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const { data } = await created.json();
    const read = await server.request(`/api/articles/${data.documentId}?status=draft`);
    expect(created.headers.get('document-version')).toMatch(/^"[\w-]{27}"$/);
    expect(created.headers.get('document-version')).toBe(read.headers.get('document-version'));
  });
});

describe('If-None-Match: * on PUT: a new locale never replaces one created meanwhile', () => {
  let id: string;
  // Over HTTP, as the studio sends it when it saves a locale that did not exist when the form opened.
  const put = async (ifNoneMatch: string | undefined, title: string) => {
    const response = await server.request(`/api/articles/${id}?locale=fr&status=draft`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      body: JSON.stringify({ data: { title } }),
    });
    return { status: response.status, body: await response.json() };
  };

  it('creates the locale when it does not exist, and refuses (412) once it does', async () => {
    id = (await server.sendJson('POST', '/api/articles', { data: { title: 'Coffee' } })).body.data.documentId;
    expect((await put('*', 'Café')).status).toBe(200);
    const refused = await put('*', 'Mon café');
    expect([refused.status, refused.body.error.name]).toEqual([412, 'PreconditionFailedError']);
    const read = await server.getJson(`/api/articles/${id}?locale=fr&status=draft`);
    expect(read.body.data.title).toBe('Café');
  });

  it('without the header (every Strapi client) the PUT writes as before', async () => {
    expect((await put(undefined, 'Notre café')).body.data).toMatchObject({ title: 'Notre café' });
  });

  it('a read\'s If-None-Match is a cache\'s question, never a write precondition', async () => {
    const read = await server.request(`/api/articles/${id}?locale=fr&status=draft`, { headers: { 'if-none-match': '*' } });
    expect(read.status).toBe(200);
  });
});

describe('If-Match on DELETE and on publish, unpublish, discard-draft', () => {
  const send = (method: string, url: string, ifMatch?: string, data?: unknown) => server.request(url, {
    method,
    headers: { 'content-type': 'application/json', ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  });
  /** A published article with a newer draft; `held` is the draft's version before a teammate's later change. */
  async function changedSince() {
    const { body } = await server.sendJson('POST', '/api/articles', { data: { title: 'Published' } });
    const id: string = body.data.documentId;
    const saveDraft = async (title: string) => (await send('PUT', `/api/articles/${id}?status=draft`, undefined,
      { title })).headers.get('document-version')!;
    const held = await saveDraft('My draft');
    const current = await saveDraft('Their draft');
    return { id, held, current };
  }

  it('a DELETE over a newer version is refused (412) and deletes nothing; the current version deletes', async () => {
    const { id, held, current } = await changedSince();
    expect((await send('DELETE', `/api/articles/${id}`, held)).status).toBe(412);
    expect(server.folder('articles').filter((name) => name.startsWith(id))).toEqual([`${id}.draft.json`, `${id}.json`]);
    expect((await send('DELETE', `/api/articles/${id}`, current)).status).toBe(204);
    expect(server.folder('articles').filter((name) => name.startsWith(id))).toEqual([]);
  });

  it.each(['publish', 'unpublish', 'discard-draft'])('%s over a newer version is refused (412) and changes nothing', async (action) => {
    const { id, held, current } = await changedSince();
    const refused = await send('POST', `/api/_cms/articles/${id}/${action}`, held);
    expect(refused.status).toBe(412);
    expect((await refused.json()).error).toMatchObject({ name: 'PreconditionFailedError', details: { current } });
    expect(server.folder('articles').filter((name) => name.startsWith(id))).toEqual([`${id}.draft.json`, `${id}.json`]);
    expect((await send('POST', `/api/_cms/articles/${id}/${action}`, current)).status).toBe(200);
  });
});
