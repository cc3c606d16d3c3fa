import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from '../../core/http/client-address.js';
import { serve } from '../../core/http/serve.js';
import { startApp, copySampleSite, type TestServer } from '../helpers/project.js';
import { remoteAndClones } from '../git-workflow/replica-helpers.js';
import { PASSWORD, PUBLIC_GRANTS, TEST_ENV, writeConfig } from '../auth/helpers.js';

// Issue 35 item 3: the auth rate limit keyed by the TCP peer (nginx, or the forwarding replica) let one client's wrong
// passwords answer 429 to everyone else's correct ones. Strapi keys on identifier, path and client address.

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => { for (const stop of stops.splice(0)) await stop(); });

/** Three sign-ins a minute (not ten: a password check costs, and the machine is busy) over a real socket. */
const LIMIT = { auth: { rateLimit: { max: 3 } } };

async function site(config: Record<string, unknown> = {}, env: Record<string, string> = TEST_ENV): Promise<TestServer & { url: string }> {
  const root = copySampleSite();
  writeConfig(root, (raw) => { raw.permissions = { public: PUBLIC_GRANTS, authenticated: {} }; Object.assign(raw, LIMIT, config); });
  const server = await startApp(root, { env, report: () => {} });
  for (const name of ['ada', 'bob']) await server.cms.auth.users.add({ username: name, email: `${name}@example.com`, password: PASSWORD });
  const listener = await serve(server.cms, { port: 0, host: '127.0.0.1', showURL: false });
  stops.push(() => listener.close(), () => server.cms.close());
  return { ...server, url: listener.url.replace(/\/$/, '') };
}

const signIn = (url: string, identifier: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/auth/local`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ identifier, password }),
  }).then((answer) => answer.status);

describe('sign-in limits keyed by identifier and client, as Strapi\'s', () => {
  it('wrong passwords up to the limit for one account leave another account\'s sign-in from the same address alone', async () => {
    const { url } = await site();
    for (let i = 0; i < 3; i++) expect(await signIn(url, 'ada', 'wrong')).toBe(400);
    expect(await signIn(url, 'ada', 'wrong')).toBe(429);
    expect(await signIn(url, 'ADA', PASSWORD)).toBe(429);
    expect(await signIn(url, 'bob@example.com', PASSWORD)).toBe(200);
  });

  it('behind a trusted proxy (server.proxy.koa), a stranger\'s wrong passwords leave another client\'s correct one alone', async () => {
    const { url } = await site({ server: { proxy: { koa: true } } });
    const stranger = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i++) expect(await signIn(url, 'ada', 'wrong', stranger)).toBe(400);
    expect(await signIn(url, 'ada', 'wrong', stranger)).toBe(429);
    expect(await signIn(url, 'ada', PASSWORD, { 'x-forwarded-for': '198.51.100.2' })).toBe(200);
    // A chain the stranger began himself: only the last entry (the one the proxy added) is believed.
    expect(await signIn(url, 'ada', 'wrong', { 'x-forwarded-for': '198.51.100.9, 203.0.113.7' })).toBe(429);
  });

  it('without server.proxy, X-Forwarded-For is not believed: varying it does not escape the limit', async () => {
    const { url } = await site();
    for (let i = 0; i < 3; i++) expect(await signIn(url, 'ada', 'wrong', { 'x-forwarded-for': `203.0.113.${i}` })).toBe(400);
    expect(await signIn(url, 'ada', 'wrong', { 'x-forwarded-for': '198.51.100.2' })).toBe(429);
  });

  it('a writer replica counts a forwarded sign-in against the client its peer saw, believed only with the pull token', async () => {
    const { clones } = await remoteAndClones(1, {}, LIMIT);
    const token = 'a-long-replica-secret';
    const root = clones[0];
    const server = await startApp(root, { env: { ...TEST_ENV, CMS_GIT_PULL_TOKEN: token }, report: () => {} });
    await server.cms.auth.users.add({ username: 'ada', email: 'ada@example.com', password: PASSWORD });
    const listener = await serve(server.cms, { port: 0, host: '127.0.0.1', showURL: false });
    stops.push(() => listener.close(), () => server.cms.close());
    const url = listener.url.replace(/\/$/, '');
    const from = (client: string, marker = token) => ({ 'x-cms-forwarded': marker, 'x-cms-client': client });
    for (let i = 0; i < 3; i++) expect(await signIn(url, 'ada', 'wrong', from('203.0.113.7'))).toBe(400);
    expect(await signIn(url, 'ada', 'wrong', from('203.0.113.7'))).toBe(429);
    expect(await signIn(url, 'ada', PASSWORD, from('198.51.100.2'))).toBe(200);
    // Without the cluster's secret, a claimed client is the TCP peer, whatever it says.
    for (let i = 0; i < 3; i++) expect(await signIn(url, 'ada', 'wrong', from(`192.0.2.${i}`, 'guess'))).toBe(400);
    expect(await signIn(url, 'ada', 'wrong', from('192.0.2.99', 'guess'))).toBe(429);
  });
});

describe('clientAddress', () => {
  const proxy = (koa: boolean, maxIpsCount = 1, ipHeader = 'X-Forwarded-For') => ({ koa, maxIpsCount, ipHeader });
  it.each([
    ['the TCP peer without a trusted proxy', {}, proxy(false), '10.0.0.1'],
    ['the last forwarded entry behind one proxy', { 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }, proxy(true), '2.2.2.2'],
    ['the first of the last two behind two proxies', { 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3' }, proxy(true, 2), '2.2.2.2'],
    ['the first entry with maxIpsCount 0 (koa\'s default)', { 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }, proxy(true, 0), '1.1.1.1'],
    ['another header when named', { 'cf-connecting-ip': '4.4.4.4' }, proxy(true, 1, 'CF-Connecting-IP'), '4.4.4.4'],
    ['the peer when the trusted header is missing', {}, proxy(true), '10.0.0.1'],
    ['the peer\'s client with the pull token', { 'x-cms-forwarded': 'secret', 'x-cms-client': '5.5.5.5' }, proxy(false), '5.5.5.5'],
    ['the peer itself with a wrong token', { 'x-cms-forwarded': 'nope', 'x-cms-client': '5.5.5.5' }, proxy(false), '10.0.0.1'],
  ])('%s', (_, headers: Record<string, string>, setting, expected) => {
    expect(clientAddress((name) => headers[name], '10.0.0.1', { proxy: setting, peerToken: 'secret' })).toBe(expected);
  });
});
