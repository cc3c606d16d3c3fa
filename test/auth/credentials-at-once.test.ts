// A GET with a credential waits for the end of the turn of the event loop that read it (core/http/turn-answers.ts) only
// where that turn can answer it from kept state: a content-API route's path or the GraphQL endpoint. Every other GET
// (`/users/me`, the media library, i18n's locales) goes the long way at once. And a deferred GET whose client is gone
// before the turn ends is not answered at all. The long way is seen through `auth.catchUp`, which h3's app asks first.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { mayBeKept } from '../../core/http/kept-answers.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { longWaySite } from './helpers.js';

describe('a GET with a credential waits for the turn only where a kept answer can answer it', () => {
  let cms: Cms;
  let server: Server;
  let url: string;
  let port: number;
  let token: string;
  let jwt: string;
  /** Requests that reached h3's app (it asks auth.catchUp before anything else). */
  let longWay: () => number;
  /** What the test's server does with a request (set per case): the real handler around the case's own observation. */
  let listener: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  let handler: (req: IncomingMessage, res: ServerResponse) => unknown;

  beforeAll(async () => {
    ({ cms, longWay } = await longWaySite());
    handler = createNodeHandler(cms);
    server = createServer((req, res) => listener(req, res));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as { port: number }).port;
    url = `http://127.0.0.1:${port}`;
    token = (await cms.auth.tokens.create({ name: 'at-once', type: 'read-only' })).accessKey;
    const user = await cms.auth.users.add({ username: 'at-once', email: 'at-once@example.com', password: 'at-once-password-1' });
    jwt = cms.auth.issueJwt(user);
  });
  afterAll(async () => {
    await new Promise<void>((closed) => { server?.closeAllConnections(); server?.close(() => closed()); });
    await cms?.close();
  });

  /**
   * One GET sent, and whether the long way had begun when the turn that read it ended: the case's `setImmediate` is
   * queued before the handler's own (turn-answers.ts), so it runs before any answer handed to the turn's end.
   */
  const longWayInTurn = async (path: string, credential: string) => {
    let inTurn: boolean | undefined;
    listener = (req, res) => {
      const before = longWay();
      setImmediate(() => { inTurn = longWay() > before; });
      handler(req, res);
    };
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${credential}` } });
    await response.arrayBuffer();
    return { inTurn, status: response.status };
  };

  it('/users/me, the media library and the locales are answered at once, with their usual answers', async () => {
    expect(await longWayInTurn('/api/users/me', jwt)).toEqual({ inTurn: true, status: 200 });
    expect(await longWayInTurn('/api/upload/files', jwt)).toEqual({ inTurn: true, status: expect.any(Number) });
    expect(await longWayInTurn('/api/i18n/locales', token)).toEqual({ inTurn: true, status: expect.any(Number) });
  });

  it('a content-API GET not kept yet waits for the turn\'s end, then goes the long way', async () => {
    expect(await longWayInTurn('/api/articles?sort=title:desc&pagination[pageSize]=3', token)).toEqual({ inTurn: false, status: 200 });
  });

  it('mayBeKept names the content-API routes and the GraphQL endpoint, however the route\'s name is spelled', () => {
    expect(mayBeKept(cms, '/api/articles', true)).toBe(true);
    expect(mayBeKept(cms, '/api/articles/abc?locale=fr', true)).toBe(true);
    expect(mayBeKept(cms, '/api/global', true)).toBe(true);
    expect(mayBeKept(cms, '/api/Articles', true)).toBe(true);
    expect(mayBeKept(cms, '/api/%61rticles', true)).toBe(true);
    expect(mayBeKept(cms, '/api//articles', true)).toBe(true);
    const graphql = cms.config.graphql.endpoint;
    expect(cms.config.graphql.enabled).toBe(true);
    for (const path of [graphql, `${graphql}?query=x`, `${graphql}/`, `${graphql}/?query=x`]) expect(mayBeKept(cms, path, true), path).toBe(true);
    for (const path of [`${graphql}x`, `${graphql}/x`]) expect(mayBeKept(cms, path, true), path).toBe(false);
    expect(mayBeKept(cms, graphql, false)).toBe(false);
    for (const path of ['/api/users/me', '/api/upload/files', '/api/i18n/locales', '/api', '/api/', '/apiarticles', '/admin', '/']) {
      expect(mayBeKept(cms, path, true), path).toBe(false);
    }
  });

  it('a GET handed to the turn\'s end whose client is gone before it ended is not answered: no long way, nothing logged', async () => {
    const path = '/api/articles?sort=title:asc&pagination[pageSize]=2';
    const logged: string[] = [];
    const write = process.stderr.write;
    let longWayAfterTurn: number | undefined;
    const turnsDone = new Promise<void>((done) => {
      listener = (req, res) => {
        const before = longWay();
        handler(req, res);
        // Its socket destroyed in the turn that read it, as a reset read with the request is.
        req.socket.destroy();
        // The handler's answers run in this turn's check phase; what they start (h3's microtasks) before the next one.
        setImmediate(() => setImmediate(() => { longWayAfterTurn = longWay() - before; done(); }));
      };
    });
    process.stderr.write = ((chunk: string) => { logged.push(String(chunk)); return true; }) as typeof process.stderr.write;
    try {
      // A bare socket (fetch would send the GET again on a new connection).
      const client = connect(port, '127.0.0.1');
      client.on('error', () => {});
      client.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      await Promise.all([turnsDone, once(client, 'close')]);
    } finally {
      process.stderr.write = write;
    }
    expect(longWayAfterTurn).toBe(0);
    expect(logged).toEqual([]);
    // The same GET from a client that stays is answered the long way, after the turn.
    expect(await longWayInTurn(path, token)).toEqual({ inTurn: false, status: 200 });
  });
  it('a credentialed GraphQL mutation whose client is gone before the turn ended is still carried out (only reads are skipped)', async () => {
    const writer = (await cms.auth.tokens.create({ name: 'at-once-writer', type: 'full-access' })).accessKey;
    // The GraphQL route reached once, so that the fast path reads the next POST's body itself (graphql-fast.ts).
    listener = (req, res) => handler(req, res);
    const asked = await fetch(`${url}${cms.config.graphql.endpoint}`, {
      method: 'POST', headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ articles { title } }' }),
    });
    expect(asked.status).toBe(200);
    const body = JSON.stringify({ query: 'mutation { createArticle(status: DRAFT, data: { title: "Sent then gone" }) { title } }' });
    let longWayAfterTurn: number | undefined;
    const turnsDone = new Promise<void>((done) => {
      listener = (req, res) => {
        const before = longWay();
        handler(req, res);
        // Its socket destroyed once the body came, in the turn that read it (after the fast path's own `data` listener).
        req.on('data', () => {
          req.socket.destroy();
          setImmediate(() => setImmediate(() => { longWayAfterTurn = longWay() - before; done(); }));
        });
      };
    });
    const client = connect(port, '127.0.0.1');
    client.on('error', () => {});
    client.write(`POST ${cms.config.graphql.endpoint} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${writer}\r\n`
      + `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    await Promise.all([turnsDone, once(client, 'close')]);
    expect(longWayAfterTurn).toBe(1);
    const made = () => cms.documents('api::article.article').findFirst({ status: 'draft', filters: { title: 'Sent then gone' } });
    await vi.waitFor(async () => expect(await made()).toMatchObject({ title: 'Sent then gone' }), { timeout: 30_000, interval: 50 });
  });
});
