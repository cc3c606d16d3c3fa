// Issue 43: a plain content-API write (POST/PUT/DELETE /api/<plural>[/<id>]) is answered from Node's request
// (core/http/write-route.ts) past h3's web Request/Response, through the same content API and authorization. Each
// refusal answers the bytes h3 answers it with (the server's listener with `fastWrites: false` is h3's way); a write a
// project's route, policy or middleware is for never takes the fast route. Which way a request went: h3 asks
// auth.catchUp first, the fast route never.
import { cpSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { EXTENSIONS, type ExtensionRoute } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { makeProject, REPO_ROOT } from '../helpers/project.js';
import { exchange, RawListeners } from '../helpers/raw-exchange.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

const listeners = new RawListeners();
const listen = listeners.listen.bind(listeners);

/** The server's listener as it is (fast route on) and with `fastWrites: false`, where every write goes through h3. */
async function both(cms: Cms, extensions?: ExtensionRoute[]) {
  const fast = await listen(createNodeHandler(cms, { extensions }));
  const h3 = await listen(createNodeHandler(cms, { extensions, fastWrites: false }));
  return { fast, h3 };
}

interface Ask { method?: string; path: string; headers?: Record<string, string>; body?: string }
/** A request's bytes: a JSON body with its length (none for DELETE), the connection closed after the answer. */
function request({ method = 'POST', path, headers = {}, body }: Ask): string {
  const all: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
  if (body !== undefined) {
    all['content-type'] ??= 'application/json';
    all['content-length'] = String(Buffer.byteLength(body));
  }
  const head = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `${method} ${path} HTTP/1.1\r\n${head}\r\n${body ?? ''}`;
}
const json = (value: unknown) => JSON.stringify(value);
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const statusOf = (raw: string) => Number(raw.split(' ')[1]);
const bodyOf = (raw: string) => JSON.parse(Buffer.from(raw.slice(raw.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));
/** An answer's head with the values that differ between two writes (length, version) named, not given. */
const headOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n'))
  .replace(/^(content-length|document-version): .*$/gm, '$1: …');
/** A written document's fields with its own ids, times and given values left out: the shape of the answer. */
const shapeOf = (raw: string) => {
  const { data, meta } = bodyOf(raw);
  return { meta, keys: Object.keys(data).sort() };
};

afterAll(() => listeners.closeAll());

describe('the fast write route on a site without project code', () => {
  let cms: Cms;
  let ports: { fast: number; h3: number };
  let full = '';
  let reader = '';
  let takenId = '';
  beforeAll(async () => {
    const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-fast-write-')));
    cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
    cms = await createCms({ root, report: () => {} });
    full = (await cms.auth.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
    reader = (await cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
    takenId = (await cms.documents('api::tag.tag').create({ data: { name: 'taken', weight: 1 } })).documentId as string;
    ports = await both(cms);
  }, 120_000);
  afterAll(async () => { await cms?.close(); });

  it('creates, updates and deletes from Node with the status line, headers and answer shape h3 writes', async () => {
    const origin = { origin: 'https://front.example' };
    const created = await exchange(cms, ports.fast, request({ path: '/api/tags', headers: origin, body: json({ data: { name: 'fast' } }) }));
    const slow = await exchange(cms, ports.h3, request({ path: '/api/tags', headers: origin, body: json({ data: { name: 'slow' } }) }));
    expect([created.viaH3, slow.viaH3]).toEqual([false, true]);
    expect(statusOf(created.raw)).toBe(201);
    expect(headOf(created.raw)).toBe(headOf(slow.raw));
    expect(created.raw).toMatch(/\r\naccess-control-allow-origin: https:\/\/front\.example\r\n/);
    expect(shapeOf(created.raw)).toEqual(shapeOf(slow.raw));
    expect(bodyOf(created.raw).data.name).toBe('fast');
    const [fastId, slowId] = [bodyOf(created.raw).data.documentId, bodyOf(slow.raw).data.documentId];
    expect(await cms.documents('api::tag.tag').findOne({ documentId: fastId })).toMatchObject({ name: 'fast' });

    const put = (id: string, weight: number) => request({ method: 'PUT', path: `/api/tags/${id}?fields[0]=weight`, headers: bearer(full),
      body: json({ data: { weight } }) });
    const updated = await exchange(cms, ports.fast, put(fastId, 7));
    const slowUpdated = await exchange(cms, ports.h3, put(slowId, 7));
    expect([updated.viaH3, slowUpdated.viaH3]).toEqual([false, true]);
    expect(statusOf(updated.raw)).toBe(200);
    expect(headOf(updated.raw)).toBe(headOf(slowUpdated.raw));
    expect(shapeOf(updated.raw)).toEqual(shapeOf(slowUpdated.raw));
    expect(bodyOf(updated.raw).data).toEqual({ id: expect.any(Number), documentId: fastId, weight: 7 });

    const removed = await exchange(cms, ports.fast, request({ method: 'DELETE', path: `/api/tags/${fastId}`, headers: bearer(full) }));
    const slowRemoved = await exchange(cms, ports.h3, request({ method: 'DELETE', path: `/api/tags/${slowId}`, headers: bearer(full) }));
    expect([removed.viaH3, slowRemoved.viaH3]).toEqual([false, true]);
    expect(statusOf(removed.raw)).toBe(204);
    expect(removed.raw).toBe(slowRemoved.raw);
    expect(await cms.documents('api::tag.tag').findOne({ documentId: fastId })).toBeNull();
  });

  it('answers a create without Origin with the head h3 writes (the header list made once for that case)', async () => {
    const created = await exchange(cms, ports.fast, request({ path: '/api/tags', body: json({ data: { name: 'plain fast' } }) }));
    const slow = await exchange(cms, ports.h3, request({ path: '/api/tags', body: json({ data: { name: 'plain slow' } }) }));
    expect([created.viaH3, slow.viaH3]).toEqual([false, true]);
    expect(statusOf(created.raw)).toBe(201);
    expect(headOf(created.raw)).toBe(headOf(slow.raw));
    expect(created.raw).not.toMatch(/access-control-allow-origin/);
    expect(shapeOf(created.raw)).toEqual(shapeOf(slow.raw));
  });

  it('reads and drops the rest of a chunked body over the limit after its 413, and serves the next request on the connection', async () => {
    const big = json({ data: { name: 'x'.repeat(1024 * 1024) } });
    const next = request({ path: '/api/tags', body: json({ data: { name: 'after the big one' } }) });
    const answers = await new Promise<string>((done, fail) => {
      const socket = connect(ports.fast, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if ((text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length === 2 && text.endsWith('}}')) socket.end();
      }).on('end', () => done(text)).on('error', fail);
      // No declared length: the route reads the body up to the limit and stops there, so the guard must drop the rest.
      const head = 'POST /api/tags HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
      const size = Buffer.byteLength(big);
      socket.write(Buffer.from(`${head}${size.toString(16)}\r\n${big}\r\n0\r\n\r\n`, 'latin1'));
      socket.write(Buffer.from(next, 'latin1'));
    });
    const [first, second] = answers.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(statusOf(first!)).toBe(413);
    expect(statusOf(second!)).toBe(201);
    expect(bodyOf(second!).data.name).toBe('after the big one');
  });

  // Each refusal (and a delete of nothing, which Strapi answers 204), byte for byte as h3 answers it; `fast` says whether the fast route answers it itself (a caller it
  // may not authorise is handed to h3 untouched) — either way nothing is written.
  const refusals: Array<[string, () => Ask, boolean]> = [
    ['no credential for a type the Public role may not create', () => ({ path: '/api/posts', body: json({ data: { title: 'x' } }) }), false],
    ['a read-only token', () => ({ path: '/api/tags', headers: bearer(reader), body: json({ data: { name: 'ro' } }) }), false],
    ['an unknown token', () => ({ path: '/api/tags', headers: bearer('not-a-token'), body: json({ data: { name: 'no' } }) }), false],
    ['a private type (no grant at all)', () => ({ path: '/api/profiles', body: json({ data: {} }) }), false],
    ['an unknown type', () => ({ path: '/api/nothings', headers: bearer(full), body: json({ data: {} }) }), false],
    ['a method the route lacks', () => ({ method: 'DELETE', path: '/api/tags', headers: bearer(full) }), false],
    ['a body missing a required field', () => ({ path: '/api/tags', body: json({ data: { weight: 2 } }) }), true],
    ['a body of the wrong type', () => ({ path: '/api/tags', body: json({ data: { name: 'w', weight: 'heavy' } }) }), true],
    ['a unique value taken', () => ({ path: '/api/tags', body: json({ data: { name: 'taken' } }) }), true],
    ['a body without data', () => ({ path: '/api/tags', body: json({ name: 'flat' }) }), true],
    ['malformed JSON', () => ({ path: '/api/tags', body: '{"data": {' }), true],
    ['a JSON scalar', () => ({ path: '/api/tags', body: '"text"' }), true],
    ['a body over the 1 MB limit', () => ({ path: '/api/tags', body: json({ data: { name: 'x'.repeat(1024 * 1024) } }) }), true],
    ['an update of a document that does not exist', () => ({ method: 'PUT', path: '/api/tags/nosuchdocument', headers: bearer(full),
      body: json({ data: { weight: 1 } }) }), true],
    ['a delete of a document that does not exist', () => ({ method: 'DELETE', path: '/api/tags/nosuchdocument', headers: bearer(full) }),
      true],
    ['a stale If-Match', () => ({ method: 'PUT', path: `/api/tags/${takenId}`,
      headers: { ...bearer(full), 'if-match': '"stale"' }, body: json({ data: { weight: 3 } }) }), true],
  ];
  it.each(refusals)('refuses %s with the bytes h3 answers', async (name, ask, fast) => {
    const before = cms.index.rows('api::tag.tag').length;
    const mine = await exchange(cms, ports.fast, request({ ...ask(), headers: { origin: 'https://a.example', ...ask().headers } }));
    const theirs = await exchange(cms, ports.h3, request({ ...ask(), headers: { origin: 'https://a.example', ...ask().headers } }));
    if (name.startsWith('a delete')) expect(statusOf(mine.raw)).toBe(204);
    else expect(statusOf(mine.raw)).toBeGreaterThanOrEqual(400);
    expect(mine.viaH3).toBe(!fast);
    expect(theirs.viaH3).toBe(true);
    expect(mine.raw).toBe(theirs.raw);
    expect(cms.index.rows('api::tag.tag').length).toBe(before);
  });

  it('leaves other spellings to h3: a branch, repeated credentials, an encoded query, a form body', async () => {
    const asks: Ask[] = [
      { path: '/api/tags', headers: { 'cms-branch': 'nope' }, body: json({ data: { name: 'b' } }) },
      { path: '/API/tags', body: json({ data: { weight: 1 } }) },
      { path: "/api/tags?fields[0]='name'", body: json({ data: { weight: 1 } }) },
      { path: '/api/tags', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'data[weight]=1' },
    ];
    for (const ask of asks) {
      const mine = await exchange(cms, ports.fast, request(ask));
      expect(mine.viaH3).toBe(true);
      expect(mine.raw).toBe((await exchange(cms, ports.h3, request(ask))).raw);
    }
    const twice = 'POST /api/tags HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\nauthorization: Bearer a\r\n'
      + `authorization: Bearer ${full}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`;
    const mine = await exchange(cms, ports.fast, twice);
    expect(mine.viaH3).toBe(true);
    expect(mine.raw).toBe((await exchange(cms, ports.h3, twice)).raw);
  });
});

const NOTE = (singular: string, plural: string) => ({
  kind: 'collectionType', info: { singularName: singular, pluralName: plural, displayName: singular },
  options: { draftAndPublish: false }, attributes: { text: { type: 'string' } },
});

describe('the fast write route on a site with project routes, policies and middlewares', () => {
  let cms: Cms;
  let ports: { fast: number; h3: number };
  beforeAll(async () => {
    const root = makeProject({
      'schemas/api/note/content-types/note/schema.json': NOTE('note', 'notes'),
      'schemas/api/memo/content-types/memo/schema.json': NOTE('memo', 'memos'),
      'cms.config.json': { permissions: { public: { 'api::note.note': ['find', 'create'], 'api::memo.memo': ['find', 'create', 'update'] } } },
      'src/policies/refuse.js': "module.exports = (ctx) => (ctx.request.body?.data?.text === 'let me' ? true : false);\n",
      'src/api/note/routes/note.js': "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::note.note', "
        + "{ config: { create: { policies: ['global::refuse'], middlewares: [async (ctx, next) => { ctx.set('X-Ran', 'yes'); await next(); }] } } });\n",
      'src/api/note/routes/more.js': "module.exports = { routes: [{ method: 'PUT', path: '/memos/special', handler: 'note.special', "
        + 'config: { auth: false } }] };\n',
      'src/api/note/controllers/note.js': "module.exports = require('@strapi/strapi').factories.createCoreController('api::note.note', () => ({\n"
        + "  async special(ctx) { ctx.body = { special: true }; },\n}));\n",
    });
    cms = await createCms({ root, report: () => {} });
    const code = await startProjectCode(cms);
    ports = await both(cms, [...EXTENSIONS, projectRoutes(code!)]);
  }, 120_000);
  afterAll(async () => { await cms?.close(); });

  it('sends a write to an owned type through its route: a refusing policy, then its middleware, as h3 answers them', async () => {
    const refused = { path: '/api/notes', body: json({ data: { text: 'no' } }) };
    const mine = await exchange(cms, ports.fast, request(refused));
    expect(mine.viaH3).toBe(true);
    expect(statusOf(mine.raw)).toBe(403);
    expect(mine.raw).toBe((await exchange(cms, ports.h3, request(refused))).raw);
    expect(cms.index.rows('api::note.note')).toHaveLength(0);
    const admitted = await exchange(cms, ports.fast, request({ path: '/api/notes', body: json({ data: { text: 'let me' } }) }));
    expect(admitted.viaH3).toBe(true);
    expect(statusOf(admitted.raw)).toBe(201);
    expect(admitted.raw).toMatch(/\r\nx-ran: yes\r\n/i);
  });

  it('sends a custom route on a free type\'s path to the project, and the type\'s own writes the fast way', async () => {
    const special = { method: 'PUT', path: '/api/memos/special', body: json({ data: { text: 'x' } }) };
    const mine = await exchange(cms, ports.fast, request(special));
    expect(mine.viaH3).toBe(true);
    expect(mine.raw).toContain('{"special":true}');
    expect(mine.raw).toBe((await exchange(cms, ports.h3, request(special))).raw);
    const created = await exchange(cms, ports.fast, request({ path: '/api/memos', body: json({ data: { text: 'free' } }) }));
    expect(created.viaH3).toBe(false);
    expect(statusOf(created.raw)).toBe(201);
    expect(cms.index.rows('api::memo.memo')).toHaveLength(1);
  });
});
