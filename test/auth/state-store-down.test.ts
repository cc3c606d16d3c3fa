// Issue 35, item 7: with PostgreSQL down, register and change-password answered 500, and a replica restarted meanwhile
// did not start. Now a change of users or tokens is Strapi's 503 ServiceUnavailableError, and `cms serve` starts
// without the store (content served, no user or token known yet) and loads it once PostgreSQL answers.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startPostgres, type PostgresServer } from '../../core/cluster/postgres-server.js';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite, REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { cuttableLink } from '../helpers/replica-set.js';
import { requires } from '../helpers/requires.js';
import { startServe } from '../helpers/serve-process.js';
import { AUTHENTICATED_GRANTS, bearer, PASSWORD, PUBLIC_GRANTS, writeConfig } from './helpers.js';
import { stopChild } from '../helpers/stop-child.js';

const needsPostgres = requires('postgresql');
let postgres: TestPostgres;
let restarted: PostgresServer | undefined;
beforeAll(async () => {
  if (needsPostgres.skip) return;
  ensureBuilt();
  postgres = await startTestPostgres();
});
afterAll(async () => {
  await restarted?.stop();
  await postgres?.stop();
});

/** The sample site with sign-up open; PostgreSQL is tried again every 0.1 s (`state.reconnectInterval`) rather than every second. */
function site(): string {
  const root = copySampleSite();
  writeConfig(root, (config) => {
    config.permissions = { public: PUBLIC_GRANTS, authenticated: AUTHENTICATED_GRANTS };
    config.state = { reconnectInterval: 0.1 };
  });
  return root;
}
const register = (server: TestServer, name: string) =>
  server.sendJson('POST', '/api/auth/local/register', { username: name, email: `${name}@example.com`, password: PASSWORD });
/** The file's PostgreSQL as it runs now: tests stop it and start it again on the same folder (no second initdb). */
const running = () => restarted ?? postgres.server;
const UNAVAILABLE = {
  data: null,
  error: { status: 503, name: 'ServiceUnavailableError', message: expect.stringMatching(/PostgreSQL.*try again/), details: {} },
};

describe.skipIf(needsPostgres.skip)(`PostgreSQL down${needsPostgres.note}`, () => {
  it('register and change-password answer 503 ServiceUnavailableError, and work again once PostgreSQL is back', async () => {
    const url = await postgres.database();
    const server = await startApp(site(), { env: { CMS_STATE_URL: url }, report: () => {} });
    onTestFinished(() => server.cms.close());
    const { body } = await register(server, 'ada');
    await running().stop();
    expect(await register(server, 'bob')).toEqual({ status: 503, body: UNAVAILABLE });
    const change = { currentPassword: PASSWORD, password: 'another long password', passwordConfirmation: 'another long password' };
    expect(await server.sendJson('POST', '/api/auth/change-password', change, bearer(body.jwt))).toEqual({ status: 503, body: UNAVAILABLE });
    // Reads of users and content go on from memory.
    const me = await server.getJson('/api/users/me', { headers: bearer(body.jwt) });
    expect(me.status, JSON.stringify([me.body, body])).toBe(200);
    restarted = await startPostgres(postgres.server.dir);
    await expect.poll(async () => (await register(server, 'bob')).status, { timeout: 20_000, interval: 200 }).toBe(200);
  });

  it('a replica started while PostgreSQL is down serves content, answers 503 to state writes, sign-ins and credentials, and loads tokens once it is back', async () => {
    const url = await postgres.database();
    const root = site();
    const seeding = await startApp(root, { env: { CMS_STATE_URL: url }, report: () => {} });
    const { accessKey } = await seeding.cms.auth.tokens.create({ name: 'ci', type: 'read-only' });
    await seeding.cms.close();
    await running().stop();

    const env = { ...process.env, CMS_STATE_URL: url, CMS_ROOT: '' };
    const { child, base, stderr } = await startServe(BIN, ['--root', root, '--no-watch'], { cwd: REPO_ROOT, env });
    onTestFinished(() => stopChild(child));
    expect(stderr()).toMatch(/state store: PostgreSQL cannot be reached .*answer 503 until it answers/);
    expect((await fetch(`${base}/api/articles?fields=title`)).status).toBe(200);
    const registered = await fetch(`${base}/api/auth/local/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'eve', email: 'eve@example.com', password: PASSWORD }),
    });
    expect({ status: registered.status, body: await registered.json() }).toEqual({ status: 503, body: UNAVAILABLE });
    // Nothing is known yet: a sign-in or a credential cannot be judged, so they are 503s too, not a wrong 400 or 401.
    const signIn = await fetch(`${base}/api/auth/local`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'eve@example.com', password: PASSWORD }),
    });
    expect({ status: signIn.status, body: await signIn.json() }).toEqual({ status: 503, body: UNAVAILABLE });
    const early = await fetch(`${base}/api/tags`, { headers: bearer(accessKey) });
    expect({ status: early.status, body: await early.json() }).toEqual({ status: 503, body: UNAVAILABLE });

    restarted = await startPostgres(postgres.server.dir);
    const withToken = async () => (await fetch(`${base}/api/tags`, { headers: bearer(accessKey) })).status;
    await expect.poll(withToken, { timeout: 20_000, interval: 200 }).toBe(200);
    expect(stderr()).toContain('state store: PostgreSQL answers: users and tokens loaded');
  });

  it('a PostgreSQL that stops answering on an open connection (a cut link) leaves no request waiting for ever', async () => {
    const link = await cuttableLink(await postgres.database());
    onTestFinished(() => link.close());
    // The bounds on a query and on a connection attempt from the URL (node-postgres's query_timeout, libpq's connect_timeout):
    // 1.5 s and 1 s here rather than the 10 s and 5 s defaults this test would otherwise wait out (the same answers, sooner).
    const url = `${link.url}?query_timeout=1500&connect_timeout=1`;
    const server = await startApp(site(), { env: { CMS_STATE_URL: url }, report: () => {} });
    onTestFinished(() => server.cms.close());
    const { body } = await register(server, 'cyril');
    link.cut();
    // An unknown credential makes the store catch up first: that query fails at the driver's bound and the copy in memory
    // judges it (before, it waited on the silent connection, and so did every later unknown credential).
    const unknown = await server.getJson('/api/tags', { headers: bearer('not-a-token-anyone-made') });
    expect(unknown.status).toBe(401);
    const me = await server.getJson('/api/users/me', { headers: bearer(body.jwt) });
    expect(me.status, JSON.stringify([me.body, body])).toBe(200);
    expect(await register(server, 'delia')).toEqual({ status: 503, body: UNAVAILABLE });
  });
});
