// Reads with a credential are answered from the kept answers once the turn of the event loop that read them is done
// (core/http/turn-answers.ts), their credential judged on one look at the auth state made after all of them arrived:
// requests sent together share it, and a change another writer finished between two groups is seen by every request of
// the second. The other writer here is a second store on the same site (temp file + rename, as another process writes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStateStore } from '../../core/auth/file-state-store.js';
import type { Cms } from '../../core/cms.js';
import { turnAnswers } from '../../core/http/turn-answers.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { onRealPort } from '../helpers/project.js';
import { longWaySite } from './helpers.js';

const ARTICLES = '{ articles { documentId title } }';

describe('reads with a credential sent together share one look at the auth state, made after they all arrived', () => {
  let root: string;
  let cms: Cms;
  let server: Awaited<ReturnType<typeof onRealPort>>;
  /** Requests that reached h3 (it asks auth.catchUp first); kept answers are written before it. */
  let longWay: () => number;

  /** Another writer of the site's auth state, as `cms token revoke` or a second server is. */
  const elsewhere = async (change: (store: FileStateStore) => Promise<unknown>) => {
    const store = new FileStateStore(root);
    try {
      await change(store);
    } finally {
      await store.close();
    }
  };
  const together = <T>(ask: () => Promise<T>) => Promise.all(Array.from({ length: 8 }, ask));
  const restStatus = (key: string) => async () => (await fetch(`${server.url}/api/articles`, { headers: { authorization: `Bearer ${key}` } })).status;
  /** A GraphQL query's status (or its error's code), sent as a JSON POST or as a GET (with Apollo's preflight header). */
  const graphqlStatus = (key: string, method: 'POST' | 'GET' = 'POST') => async () => {
    const authorization = `Bearer ${key}`;
    const response = method === 'POST'
      ? await fetch(`${server.url}/graphql`, {
        method, headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ query: ARTICLES }),
      })
      : await fetch(`${server.url}/graphql?query=${encodeURIComponent(ARTICLES)}`, { headers: { authorization, 'apollo-require-preflight': 'true' } });
    const body = await response.json();
    return body.errors ? `${response.status}: ${body.errors[0].extensions?.code ?? body.errors[0].message}` : response.status;
  };

  beforeAll(async () => {
    ({ root, cms, longWay } = await longWaySite());
    server = await onRealPort(cms);
  });
  afterAll(async () => {
    await server?.close();
    await cms?.close();
  });

  it('REST GETs with an API token are kept answers, and a token removed between two groups is refused by all of the second', async () => {
    const key = (await cms.auth.tokens.create({ name: 'together', type: 'read-only' })).accessKey;
    expect(await together(restStatus(key))).toEqual(Array(8).fill(200));
    const before = longWay();
    expect(await together(restStatus(key))).toEqual(Array(8).fill(200));
    expect(longWay()).toBe(before);
    await elsewhere((store) => store.removeToken('together'));
    expect(await together(restStatus(key))).toEqual(Array(8).fill(401));
  });

  it('GraphQL GETs with an API token are kept answers, and a token removed between two groups is refused by all of the second', async () => {
    const key = (await cms.auth.tokens.create({ name: 'together-get', type: 'read-only' })).accessKey;
    expect(await together(graphqlStatus(key, 'GET'))).toEqual(Array(8).fill(200));
    const before = longWay();
    expect(await together(graphqlStatus(key, 'GET'))).toEqual(Array(8).fill(200));
    expect(longWay()).toBe(before);
    await elsewhere((store) => store.removeToken('together-get'));
    const refused = await together(graphqlStatus(key, 'GET'));
    expect(refused.every((status) => status !== 200), String(refused)).toBe(true);
  });

  it('GraphQL POSTs with a JWT are kept answers, and a user blocked between two groups is refused by all of the second', async () => {
    const user = await cms.auth.users.add({ username: 'turn', email: 'turn@example.com', password: 'turn-password-123' });
    const jwt = cms.auth.issueJwt(user);
    expect(await together(graphqlStatus(jwt))).toEqual(Array(8).fill(200));
    const before = longWay();
    expect(await together(graphqlStatus(jwt))).toEqual(Array(8).fill(200));
    expect(longWay()).toBe(before);
    await elsewhere((store) => store.editUser(user.id, (stored) => { stored.blocked = true; }));
    const refused = await together(graphqlStatus(jwt));
    expect(refused.every((status) => status !== 200), String(refused)).toBe(true);
    await elsewhere((store) => store.editUser(user.id, (stored) => { stored.blocked = false; }));
    expect(await together(graphqlStatus(jwt))).toEqual(Array(8).fill(200));
  });
});

describe('turnAnswers', () => {
  const request = (url: string, destroyed = false) => ({ method: 'GET', url, socket: { destroyed } }) as unknown as IncomingMessage;
  const response = () => {
    const res = { destroyed: false, destroy: () => { res.destroyed = true; } };
    return res as unknown as ServerResponse & { destroyed: boolean };
  };

  it('answers what one turn handed it after that turn, in order, with one batch; an answer that throws ends only its own', async () => {
    const later = turnAnswers();
    const answered: [string, object][] = [];
    const [first, failing, last] = [response(), response(), response()];
    later(request('/a'), first, (batch) => answered.push(['a', batch]));
    later(request('/b'), failing, () => { throw new Error('an answer that cannot be written'); });
    later(request('/c'), last, (batch) => answered.push(['c', batch]));
    await Promise.resolve();
    expect(answered).toEqual([]);
    const written = process.stderr.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      await new Promise((done) => setImmediate(done));
    } finally {
      process.stderr.write = written;
    }
    expect(answered.map(([url]) => url)).toEqual(['a', 'c']);
    expect(answered[0][1]).toBe(answered[1][1]);
    expect([first.destroyed, failing.destroyed, last.destroyed]).toEqual([false, true, false]);
    later(request('/d'), first, (batch) => answered.push(['d', batch]));
    await new Promise((done) => setImmediate(done));
    expect(answered[2][0]).toBe('d');
    expect(answered[2][1]).not.toBe(answered[0][1]);
  });

  it('skips a request whose socket was destroyed before the turn ended: its answer never runs', async () => {
    const later = turnAnswers();
    const answered: string[] = [];
    later(request('/gone', true), response(), () => answered.push('gone'));
    later(request('/here'), response(), () => answered.push('here'));
    await new Promise((done) => setImmediate(done));
    expect(answered).toEqual(['here']);
  });
});
