import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, runCms } from '../cli/built-cli.js';
import { copySampleSite, onRealPort, startApp, type TestServer } from '../helpers/project.js';
import { startPostgres } from '../../core/cluster/postgres-server.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { requires } from '../helpers/requires.js';
import { AUTHENTICATED_GRANTS, bearer, oneConnection, PASSWORD, PUBLIC_GRANTS, writeConfig } from './helpers.js';

// Two replicas of one project sharing users, tokens and secrets through PostgreSQL: no JWT secret
// or salt in the environment, so what makes a JWT or a token valid on both is the shared store.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let postgres: TestPostgres;
const needsPostgres = requires('postgresql');
const open: TestServer[] = [];

beforeAll(async () => {
  ensureBuilt();
  if (!needsPostgres.skip) postgres = await startTestPostgres();
});
afterEach(async () => { for (const server of open.splice(0)) await server.cms.close(); });
afterAll(async () => { await postgres?.stop(); });

/**
 * `count` copies of the sample site served in process on one state store; the caller closes them. A listener that lost
 * PostgreSQL tries again every 0.1 s (`state.reconnectInterval`) rather than every second.
 */
async function startReplicas(url: string, count = 2, auth?: Record<string, unknown>): Promise<{ roots: string[]; servers: TestServer[] }> {
  const roots = Array.from({ length: count }, () => {
    const root = copySampleSite();
    writeConfig(root, (config) => {
      config.permissions = { public: PUBLIC_GRANTS, authenticated: AUTHENTICATED_GRANTS };
      config.state = { reconnectInterval: 0.1 };
      if (auth) config.auth = auth;
    });
    return root;
  });
  const servers = await Promise.all(roots.map((root) => startApp(root, { env: { CMS_STATE_URL: url }, report: () => {} })));
  return { roots, servers };
}

/** Replicas of a test's own, closed after it. */
async function replicas(url: string, count = 2, auth?: Record<string, unknown>): Promise<{ roots: string[]; servers: TestServer[] }> {
  const started = await startReplicas(url, count, auth);
  open.push(...started.servers);
  return started;
}

const register = (server: TestServer, name: string) =>
  server.sendJson('POST', '/api/auth/local/register', { username: name, email: `${name}@example.com`, password: PASSWORD });
const me = (server: TestServer, key: string) => server.getJson('/api/users/me', { headers: bearer(key) });
const tags = (server: TestServer, key: string) => server.getJson('/api/tags', { headers: bearer(key) });

describe.skipIf(needsPostgres.skip)(`users, tokens and secrets shared by every replica (PostgreSQL)${needsPostgres.note}`, () => {
  // A change on A reaches B only by PostgreSQL's NOTIFY (B never polls the store for it), so the polls below wait for it with
  // the suite's 10 s, not 1 s: the notice, B's reload from PostgreSQL and the next request are three processes' turns, which a
  // loaded 2-core machine can stretch past a second while the product is right.
  /**
   * Two replicas on one database for the tests below that each use accounts of their own (ada, grace, hopper) and make no API
   * token but the CLI's: started once for the file (when the first of them runs), not once per test.
   */
  let pair: Promise<{ url: string; roots: string[]; servers: TestServer[] }> | undefined;
  const sharedPair = () => pair ??= postgres.database().then(async (url) => ({ url, ...await startReplicas(url) }));
  afterAll(async () => { for (const server of (await pair?.catch(() => undefined))?.servers ?? []) await server.cms.close(); });

  it('a user registered on replica A signs in on replica B as the same user, and A\'s JWT is valid on B', async () => {
    const { servers: [a, b] } = await sharedPair();
    const registered = await register(a, 'ada');
    expect(registered.status).toBe(200);
    const login = await b.sendJson('POST', '/api/auth/local', { identifier: 'ada@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(registered.body.user.id);
    expect((await me(b, registered.body.jwt)).body.username).toBe('ada');
    expect((await register(b, 'ada')).body.error.message).toBe('Email or Username are already taken');
  });

  it('a CLI-made token works on both replicas, is listed on both, and once revoked on A is refused on B once PostgreSQL tells it', async () => {
    const { url, roots, servers: [a, b] } = await sharedPair();
    const create = ['token', 'create', '--root', roots[0], '--name', 'ci', '--type', 'full-access'];
    const made = await runCms(create, { env: { CMS_STATE_URL: url } });
    expect(made.code).toBe(0);
    const key = made.stdout.trim();
    expect((await tags(a, key)).status).toBe(200);
    expect((await tags(b, key)).status).toBe(200);
    const listed = await runCms(['token', 'list', '--root', roots[1], '--json'], { env: { CMS_STATE_URL: url } });
    expect(JSON.parse(listed.stdout).map((token: { name: string }) => token.name)).toEqual(['ci']);
    await a.cms.auth.tokens.revoke('ci');
    expect((await tags(a, key)).status).toBe(401);
    await expect.poll(async () => (await tags(b, key)).status, { interval: 20 }).toBe(401);
  });

  it('a token revoked on replica A is refused on the keep-alive connection to replica B that had it verified', async () => {
    const { servers: [a, b] } = await sharedPair();
    const key = (await a.cms.auth.tokens.create({ name: 'kept-alive', type: 'read-only' })).accessKey;
    const served = await onRealPort(b.cms);
    const connection = oneConnection(served.url);
    try {
      await expect.poll(async () => (await connection.get('/api/tags', key)).status, { interval: 20 }).toBe(200);
      expect(await connection.get('/api/tags', key)).toEqual({ status: 200, reused: true });
      await a.cms.auth.tokens.revoke('kept-alive');
      await expect.poll(async () => connection.get('/api/tags', key), { interval: 20 }).toEqual({ status: 401, reused: true });
    } finally {
      connection.close();
      await served.close();
    }
  });

  it('a user blocked on replica A is refused on replica B once PostgreSQL tells it, though B had verified their JWT', async () => {
    const { servers: [a, b] } = await sharedPair();
    const { body } = await register(a, 'grace');
    expect((await me(b, body.jwt)).status).toBe(200);
    await a.cms.auth.users.edit(body.user.id, (user) => { user.blocked = true; });
    await expect.poll(async () => (await me(b, body.jwt)).status, { interval: 20 }).toBe(401);
  });

  it('a user deleted on replica A is refused on replica B once PostgreSQL tells it, and the name is free again on both', async () => {
    const { servers: [a, b] } = await sharedPair();
    const { body } = await register(a, 'hopper');
    expect((await me(b, body.jwt)).status).toBe(200);
    expect((await a.cms.auth.users.remove(body.user.id))?.username).toBe('hopper');
    expect(await a.cms.auth.users.remove(body.user.id)).toBeUndefined();
    await expect.poll(async () => (await me(b, body.jwt)).status, { interval: 20 }).toBe(401);
    expect((await register(b, 'hopper')).status).toBe(200);
  });

  it('two replicas registering users at once give them distinct ids, and each sees all of them', async () => {
    const { servers: [a, b] } = await replicas(await postgres.database());
    const answers = await Promise.all(Array.from({ length: 16 }, (_, at) => register(at % 2 ? a : b, `user${at}`)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const ids = answers.map((answer) => answer.body.user.id);
    expect(new Set(ids).size).toBe(16);
    const sorted = (server: TestServer) => server.cms.auth.users.all().map((user) => user.id).sort((x, y) => x - y);
    // Each learns of the other's registrations by NOTIFY, a moment after they were answered.
    const all = [...ids].sort((x, y) => x - y);
    await expect.poll(() => sorted(a)).toEqual(all);
    await expect.poll(() => sorted(b)).toEqual(all);
  });

  it('keeps password hashes and token secrets out of the project folder', async () => {
    const url = await postgres.database();
    const { roots, servers: [a] } = await replicas(url, 1);
    await register(a, 'hedy');
    await a.cms.auth.tokens.create({ name: 'reader', type: 'read-only' });
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${roots[0]}/.cms/state.json`)).toBe(false);
  });

  it('counts sign-ins once across replicas: wrong passwords on A use up the limit on B and C too', async () => {
    const { servers: [a, b, c] } = await replicas(await postgres.database(), 3, { rateLimit: { max: 4 } });
    await register(a, 'ada');
    const wrong = (server: TestServer) => server.sendJson('POST', '/api/auth/local', { identifier: 'ada', password: 'wrong' });
    for (const server of [a, b, a, c]) expect((await wrong(server)).status).toBe(400);
    for (const server of [a, b, c]) {
      const limited = await server.request('/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'ada', password: PASSWORD }) });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another account's sign-in is its own count.
    await register(b, 'bob');
    expect((await b.sendJson('POST', '/api/auth/local', { identifier: 'bob', password: PASSWORD })).status).toBe(200);
  });

  it('goes on from memory while PostgreSQL is down, and catches up with a revocation once it is back', async () => {
    const own = await startTestPostgres();
    let again: Awaited<ReturnType<typeof startPostgres>> | undefined;
    try {
      const { servers: [a, b] } = await replicas(await own.database());
      const { accessKey } = await a.cms.auth.tokens.create({ name: 'steady', type: 'read-only' });
      expect((await tags(b, accessKey)).status).toBe(200);
      await own.server.stop();
      expect((await tags(a, accessKey)).status).toBe(200);
      expect((await tags(b, accessKey)).status).toBe(200);
      expect((await tags(b, 'unknown-key')).status).toBe(401);
      again = await startPostgres(own.server.dir);
      await a.cms.auth.tokens.revoke('steady');
      await expect.poll(async () => (await tags(b, accessKey)).status, { timeout: 10_000, interval: 50 }).toBe(401);
    } finally {
      for (const server of open.splice(0)) await server.cms.close();
      await again?.stop();
      await own.stop();
    }
  });

  it('names the state store in one line when it cannot be reached', async () => {
    const root = copySampleSite();
    const unreachable = 'postgres://cms@localhost/none?host=/nonexistent-socket-dir';
    const result = await runCms(['token', 'list', '--root', root], { env: { CMS_STATE_URL: unreachable } });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/CMS_STATE_URL.*cannot open the shared state store/);
  });
});
