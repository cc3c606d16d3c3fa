// Issue 40: a kept GraphQL answer is written from Node (core/http/graphql-fast.ts) as REST's kept GETs are, byte for
// byte as h3's GraphQL route writes it; everything else (mutations, bad credentials or bodies, stale answers, types a
// project route owns) still goes the long way. Which way a request went: h3 asks auth.catchUp first, the fast path never.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { toNodeHandler } from 'h3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { roleGrants } from '../../core/extensions/role-grants.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { createApp } from '../../core/http/app.js';
import { builtFace } from '../../core/http/graphql-route.js';
import type { ExtensionRoute } from '../../core/http/extensions.js';
import { EXTENSIONS } from '../../core/http/extensions.js';
import { projectRoutes } from '../../core/http/project-routes.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { REPO_ROOT } from '../helpers/project.js';
import { exchange, RawListeners } from '../helpers/raw-exchange.js';
import { removeAfterFile } from '../helpers/temp-folders.js';

const listeners = new RawListeners();
const listen = listeners.listen.bind(listeners);

/** Two listeners on one site: the server's own (fast path, then h3) and h3 alone, the way every request went before. */
async function both(cms: Cms, extensions?: ExtensionRoute[]) {
  const fast = await listen(createNodeHandler(cms, { extensions }));
  const h3 = await listen(toNodeHandler(createApp(cms, { log: () => {}, extensions })));
  return { fast, h3 };
}

interface Ask { headers?: Record<string, string | undefined>; body?: string; path?: string; method?: string }
/** A request's bytes: POST of a JSON body by default (a header given as undefined is left out), with its length unless chunked. */
function request({ method = 'POST', path = '/graphql', headers = {}, body = '' }: Ask): string {
  const all: Record<string, string | undefined> = { host: 'localhost', connection: 'close', ...headers };
  if (method === 'POST' && !all['transfer-encoding']) all['content-length'] = String(Buffer.byteLength(body));
  if (method === 'POST' && !('content-type' in all)) all['content-type'] = 'application/json';
  const head = Object.entries(all).filter(([, value]) => value !== undefined).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`;
}
const post = (query: string, headers: Record<string, string> = {}, variables?: unknown) =>
  request({ headers, body: JSON.stringify({ query, variables }) });
const bodyOf = (raw: string) => JSON.parse(Buffer.from(raw.slice(raw.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));
const statusOf = (raw: string) => Number(raw.split(' ')[1]);

afterAll(() => listeners.closeAll());

describe('the Node fast path of /graphql on a site without project code', () => {
  let cms: Cms;
  let ports: { fast: number; h3: number };
  let token: string;
  beforeAll(async () => {
    const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-graphql-fast-')));
    cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
    cms = await createCms({ root });
    token = (await cms.auth.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
    for (const name of ['fast-a', 'fast-b']) await cms.documents('api::tag.tag').create({ data: { name, weight: 1 } });
    ports = await both(cms);
  }, 120_000);
  afterAll(async () => { await cms?.close(); });

  it('answers a kept POST from Node with the status, headers and bytes h3 answers it with', async () => {
    const ask = post('query ($w: Int) { tags(filters: { weight: { eq: $w } }, sort: "name") { name } }',
      { origin: 'https://front.example' }, { w: 1 });
    const first = await exchange(cms, ports.fast, ask);
    expect(first.viaH3).toBe(true);
    expect(bodyOf(first.raw)).toEqual({ data: { tags: [{ name: 'fast-a' }, { name: 'fast-b' }] } });
    const kept = await exchange(cms, ports.fast, ask);
    expect(kept.viaH3).toBe(false);
    const h3 = await exchange(cms, ports.h3, ask);
    expect(h3.viaH3).toBe(true);
    expect(kept.raw).toBe(h3.raw);
    expect(kept.raw).toBe(first.raw);
    // Asked again, its header list is the one written last time (graphql-fast.ts keeps it): the same bytes still.
    const again = await exchange(cms, ports.fast, ask);
    expect(again).toEqual(kept);
    expect(kept.raw).toMatch(/\r\naccess-control-allow-origin: https:\/\/front\.example\r\n/);
    expect(kept.raw).toMatch(/\r\ncontent-length: \d+\r\n/);
    expect(kept.raw).toMatch(/\r\nx-frame-options: SAMEORIGIN\r\n/);
    // Another origin's CORS headers are its own, from the same kept answer.
    const other = await exchange(cms, ports.fast, post('query ($w: Int) { tags(filters: { weight: { eq: $w } }, sort: "name") { name } }',
      {}, { w: 1 }));
    expect(other.viaH3).toBe(false);
    expect(other.raw).not.toMatch(/access-control-allow-origin/);
    expect(other.raw).toBe((await exchange(cms, ports.h3, post('query ($w: Int) { tags(filters: { weight: { eq: $w } }, sort: "name") '
      + '{ name } }', {}, { w: 1 }))).raw);
  });

  it('answers a kept GET with its tag and cache headers, and a 304 to a client holding it, as h3 does', async () => {
    const path = `/graphql?query=${encodeURIComponent('{ tags(sort: "name") { name weight } }')}`;
    const ask = (headers: Record<string, string> = {}) =>
      request({ method: 'GET', path, headers: { 'apollo-require-preflight': 'true', ...headers } });
    expect((await exchange(cms, ports.fast, ask())).viaH3).toBe(true);
    const kept = await exchange(cms, ports.fast, ask());
    expect(kept.viaH3).toBe(false);
    expect(kept.raw).toBe((await exchange(cms, ports.h3, ask())).raw);
    expect(await exchange(cms, ports.fast, ask())).toEqual(kept);
    const tag = /\r\netag: ("[^"]+")\r\n/.exec(kept.raw)![1];
    expect(kept.raw).toMatch(/\r\ncache-control: no-cache\r\n/);
    const held = await exchange(cms, ports.fast, ask({ 'if-none-match': tag }));
    expect(held.viaH3).toBe(false);
    expect(statusOf(held.raw)).toBe(304);
    expect(held.raw).toBe((await exchange(cms, ports.h3, ask({ 'if-none-match': tag }))).raw);
    // Without Apollo's CSRF header a GET is refused, kept answer or not.
    const blocked = await exchange(cms, ports.fast, request({ method: 'GET', path }));
    expect(blocked.viaH3).toBe(true);
    expect(statusOf(blocked.raw)).toBe(400);
  });

  it('a query after a write is answered afresh, with the write in it', async () => {
    const ask = post('{ tags(sort: "name", filters: { name: { startsWith: "fresh" } }) { name } }');
    await exchange(cms, ports.fast, ask);
    expect((await exchange(cms, ports.fast, ask)).viaH3).toBe(false);
    await cms.documents('api::tag.tag').create({ data: { name: 'fresh-one', weight: 2 } });
    const after = await exchange(cms, ports.fast, ask);
    expect(after.viaH3).toBe(true);
    expect(bodyOf(after.raw)).toEqual({ data: { tags: [{ name: 'fresh-one' }] } });
    expect((await exchange(cms, ports.fast, ask)).raw).toBe(after.raw);
  });

  it('a write through REST is in the next GraphQL answer, and a request text asked before is not parsed again', async () => {
    const ask = (name: string) => post('query ($n: String) { tags(filters: { name: { eq: $n } }) { name weight } }', {}, { n: name });
    expect(bodyOf((await exchange(cms, ports.fast, ask('rest-made'))).raw)).toEqual({ data: { tags: [] } });
    const face = builtFace(cms)!;
    const lookups = vi.spyOn(face, 'readModels');
    expect((await exchange(cms, ports.fast, ask('rest-made'))).viaH3).toBe(false);
    expect(lookups).not.toHaveBeenCalled();
    const made = await exchange(cms, ports.fast, request({ path: '/api/tags', body: JSON.stringify({ data: { name: 'rest-made', weight: 3 } }) }));
    expect(statusOf(made.raw)).toBe(201);
    const after = await exchange(cms, ports.fast, ask('rest-made'));
    expect(after.viaH3).toBe(true);
    expect(bodyOf(after.raw)).toEqual({ data: { tags: [{ name: 'rest-made', weight: 3 }] } });
    expect((await exchange(cms, ports.fast, ask('rest-made'))).raw).toBe(after.raw);
    // Other variables are another text: looked up afresh (by the fast path, then by the route that answers it).
    lookups.mockClear();
    await exchange(cms, ports.fast, ask('other'));
    expect(lookups).toHaveBeenCalledTimes(2);
    lookups.mockRestore();
  });

  it('two sites served by one process each answer their own kept answers, asked in turns', async () => {
    const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-graphql-fast-other-')));
    cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
    const other = await createCms({ root });
    try {
      await other.documents('api::tag.tag').create({ data: { name: 'fast-other', weight: 1 } });
      const otherPorts = await both(other);
      const ask = post('{ tags(filters: { name: { startsWith: "fast-" } }, sort: "name") { name } }');
      for (let turn = 0; turn < 3; turn++) {
        const mine = await exchange(cms, ports.fast, ask);
        const theirs = await exchange(other, otherPorts.fast, ask);
        expect(bodyOf(mine.raw)).toEqual({ data: { tags: [{ name: 'fast-a' }, { name: 'fast-b' }] } });
        expect(bodyOf(theirs.raw)).toEqual({ data: { tags: [{ name: 'fast-other' }] } });
        // Kept since the first turn: each site's own, from Node.
        if (turn > 0) expect([mine.viaH3, theirs.viaH3]).toEqual([false, false]);
      }
    } finally {
      await other.close();
    }
  });

  it('runs every mutation, even one sent twice, and keeps no answer of it', async () => {
    const ask = post('mutation { createPost(data: { title: "made-twice" }) { title } }', { authorization: `Bearer ${token}` });
    for (let i = 0; i < 2; i++) {
      const made = await exchange(cms, ports.fast, ask);
      expect(made.viaH3).toBe(true);
      expect(bodyOf(made.raw)).toEqual({ data: { createPost: { title: 'made-twice' } } });
    }
    expect(await cms.documents('api::post.post').findMany({ filters: { title: 'made-twice' }, status: 'draft' })).toHaveLength(2);
  });

  it('answers an invalid token, a malformed or refused body and an oversized one the long way, as h3 alone does', async () => {
    const query = '{ tags(sort: "name") { name } }';
    const kept = post(query, { authorization: `Bearer ${token}` });
    await exchange(cms, ports.fast, kept);
    expect((await exchange(cms, ports.fast, kept)).viaH3).toBe(false);
    const asks = [
      post(query, { authorization: 'Bearer not-a-token' }),
      request({ body: '{"query": "{ tags { name } }"' }),
      request({ body: '[]' }),
      request({ body: JSON.stringify({ query, variables: '{}' }) }),
      request({ body: JSON.stringify({ query }), headers: { 'content-type': 'text/plain' } }),
      // no type at all, let through CSRF prevention by Apollo's header: Strapi's body parser reads no JSON from it
      request({ body: JSON.stringify({ query }), headers: { 'content-type': undefined, 'apollo-require-preflight': 'true' } }),
      request({ body: `{"query": ${JSON.stringify(query)}, "x": "${'y'.repeat(1024 * 1024)}"}` }),
    ];
    const statuses = [];
    for (const ask of asks) {
      const fast = await exchange(cms, ports.fast, ask);
      expect(fast.viaH3).toBe(true);
      expect(fast.raw).toBe((await exchange(cms, ports.h3, ask)).raw);
      statuses.push(statusOf(fast.raw));
    }
    expect(statuses).toEqual([401, 400, 400, 400, 400, 400, 413]);
    expect(bodyOf((await exchange(cms, ports.fast, asks[0])).raw).error.name).toBe('UnauthorizedError');
  });

  it('a permission change refuses the next GraphQL request whose answer was kept, and a grant answers it again', async () => {
    const ask = post('{ tags(sort: "name", filters: { name: { startsWith: "fast" } }) { name } }');
    const granted = await exchange(cms, ports.fast, ask);
    expect((await exchange(cms, ports.fast, ask)).raw).toBe(granted.raw);
    await roleGrants(cms).change('public', [], ['api::tag.tag.find']);
    const refused = await exchange(cms, ports.fast, ask);
    expect(refused.viaH3).toBe(true);
    expect(bodyOf(refused.raw).errors[0].extensions.code).toBe('FORBIDDEN');
    expect(bodyOf((await exchange(cms, ports.fast, ask)).raw).errors[0].extensions.code).toBe('FORBIDDEN');
    await roleGrants(cms).change('public', ['api::tag.tag.find'], []);
    expect((await exchange(cms, ports.fast, ask)).raw).toBe(granted.raw);
  });

  it('answers a chunked body (no declared length) the long way, read by h3 as before', async () => {
    const body = JSON.stringify({ query: '{ tags(sort: "name") { name } }' });
    const chunked = request({ body: `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`, headers: { 'transfer-encoding': 'chunked' } });
    const answer = await exchange(cms, ports.fast, chunked);
    expect(answer.viaH3).toBe(true);
    expect(statusOf(answer.raw)).toBe(200);
    expect(bodyOf(answer.raw).data.tags.length).toBeGreaterThan(1);
  });
});

describe('the Node fast path of /graphql on a site with project routes', () => {
  let cms: Cms;
  let ports: { fast: number; h3: number };
  let root = '';
  const ran = () => readFileSync(join(root, 'ran.log'), 'utf8').split('\n').filter(Boolean).length;
  beforeAll(async () => {
    root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-graphql-fast-project-')));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('cms.config.json', JSON.stringify({
      permissions: { public: { 'api::article.article': ['find', 'findOne'], 'api::note.note': ['find'] } },
      graphql: { enabled: true, endpoint: '/gql' },
    }));
    for (const [singular, plural] of [['article', 'articles'], ['note', 'notes']]) {
      write(`schemas/api/${singular}/content-types/${singular}/schema.json`, JSON.stringify({
        kind: 'collectionType', collectionName: plural, options: { draftAndPublish: false },
        info: { singularName: singular, pluralName: plural, displayName: singular }, attributes: { title: { type: 'string' } },
      }));
    }
    write('ran.log', '');
    // the project's middleware on the article route notes each time it runs
    write('src/middlewares/note-run.js', `'use strict';
const { appendFileSync } = require('node:fs');
module.exports = () => async (ctx, next) => { appendFileSync(${JSON.stringify(join(root, 'ran.log'))}, 'ran\\n'); await next(); };`);
    write('src/api/article/routes/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', {
  config: { find: { middlewares: ['global::note-run'] } },
});`);
    write('src/api/article/controllers/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');`);
    write('src/api/article/services/article.js', `'use strict';
module.exports = require('@strapi/strapi').factories.createCoreService('api::article.article');`);
    cms = await createCms({ root, reportProblems: false });
    const code = await startProjectCode(cms);
    await cms.documents('api::article.article').create({ data: { title: 'Owned' } });
    await cms.documents('api::note.note').create({ data: { title: 'Free' } });
    ports = await both(cms, [...EXTENSIONS, projectRoutes(code!)]);
  }, 120_000);
  afterAll(async () => { await cms?.close(); });

  it('never answers a type a project route owns from Node: its middleware runs for every request', async () => {
    const ask = request({ path: '/gql', body: JSON.stringify({ query: '{ articles { title } }' }) });
    for (let i = 1; i <= 3; i++) {
      const answer = await exchange(cms, ports.fast, ask);
      expect(answer.viaH3).toBe(true);
      expect(bodyOf(answer.raw)).toEqual({ data: { articles: [{ title: 'Owned' }] } });
      expect(ran()).toBe(i);
    }
  });

  it('answers a type no project route owns from Node at the configured endpoint, and nothing at the default one', async () => {
    const ask = (path: string) => request({ path, body: JSON.stringify({ query: '{ notes { title } }' }) });
    const first = await exchange(cms, ports.fast, ask('/gql'));
    const kept = await exchange(cms, ports.fast, ask('/gql'));
    expect(kept.viaH3).toBe(false);
    expect(kept.raw).toBe(first.raw);
    expect(bodyOf(kept.raw)).toEqual({ data: { notes: [{ title: 'Free' }] } });
    const elsewhere = await exchange(cms, ports.fast, ask('/graphql'));
    expect(elsewhere.viaH3).toBe(true);
    expect(statusOf(elsewhere.raw)).toBe(404);
  });
});
