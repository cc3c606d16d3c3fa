import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeHandler } from '../../core/http/serve.js';
import { cms as runCli } from '../git-workflow/helpers.js';
import { authSite, bearer, TEST_ENV, type AuthSite } from './helpers.js';

/** Articles with everything populated: what each caller may see differs by what it may `find`. */
const POPULATED = '/api/articles?populate=*&sort=title&pagination[pageSize]=5';

const servers: Server[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) server.close();
});

/** The site behind the real Node handler (the cached fast path included) on a real socket. */
async function overSocket(
  site: AuthSite,
): Promise<(path: string, headers?: Record<string, string>) => Promise<{ status: number; body: any; etag: string | null }>> {
  const server = createServer(createNodeHandler(site.cms));
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  return async (path, headers = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, etag: response.headers.get('etag') };
  };
}

describe('cached answers never cross a permission boundary', () => {
  it('token A\'s answer never reaches token B or the Public role, in any order, in process and over a socket', async () => {
    const site = await authSite();
    for (const get of [(path: string, headers?: Record<string, string>) => site.getJson(path, { headers }), await overSocket(site)]) {
      // Each caller twice, interleaved, so every answer after the first may come from the cache.
      for (let round = 0; round < 2; round++) {
        const readOnly = await get(POPULATED, bearer(site.keys.readOnly));
        const custom = await get(POPULATED, bearer(site.keys.custom));
        const anonymous = await get(POPULATED);
        const user = await get(POPULATED, bearer(site.jwt));
        expect(readOnly.status).toBe(200);
        // The read-only token may find authors, categories and tags: they are populated.
        expect(readOnly.body.data[0].author).toBeDefined();
        expect(readOnly.body.data[0].tags).toBeDefined();
        // The custom token may find articles only: no relation is populated for it.
        expect(custom.status).toBe(200);
        expect(custom.body.data[0].author).toBeUndefined();
        expect(custom.body.data[0].tags).toBeUndefined();
        // The Public role may find authors and categories, not tags.
        expect(anonymous.status).toBe(200);
        expect(anonymous.body.data[0].tags).toBeUndefined();
        // A signed-in user may find articles and tags, not authors.
        expect(user.body.data[0].author).toBeUndefined();
        expect(user.body.data[0].tags).toBeDefined();
      }
    }
  });

  it('callers who may read exactly the same share one cached answer and one ETag', async () => {
    const site = await authSite();
    const second = (await site.cms.auth.tokens.create({ name: 'reader-two', type: 'read-only' })).accessKey;
    const get = await overSocket(site);
    const one = await get(POPULATED, bearer(site.keys.readOnly));
    const two = await get(POPULATED, bearer(second));
    expect(one.status).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(two.etag).toBe(one.etag);
    const custom = await get(POPULATED, bearer(site.keys.custom));
    expect(custom.etag).not.toBe(one.etag);
  });

  it('a revoked token is refused on the next request, though its answer was cached (in process, over a socket, and revoked by another process)', async () => {
    const site = await authSite();
    const get = await overSocket(site);
    expect((await get(POPULATED, bearer(site.keys.readOnly))).status).toBe(200);
    expect((await get(POPULATED, bearer(site.keys.readOnly))).status).toBe(200);
    await site.cms.auth.tokens.revoke('reader');
    expect((await get(POPULATED, bearer(site.keys.readOnly))).status).toBe(401);
    expect((await site.getJson(POPULATED, { headers: bearer(site.keys.readOnly) })).status).toBe(401);

    expect((await get(POPULATED, bearer(site.keys.fullAccess))).status).toBe(200);
    const revoke = await runCli(['token', 'revoke', 'admin', '--root', site.root], { env: TEST_ENV });
    expect(revoke.code).toBe(0);
    expect((await get(POPULATED, bearer(site.keys.fullAccess))).status).toBe(401);
  });

  it('a token that expires while its answer is cached is refused with Token expired', async () => {
    const site = await authSite();
    const get = await overSocket(site);
    expect((await get(POPULATED, bearer(site.keys.fullAccess))).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 91 * 24 * 3600 * 1000 });
    const late = await get(POPULATED, bearer(site.keys.fullAccess));
    expect(late.status).toBe(401);
    expect(late.body.error.message).toBe('Token expired');
  });

  it('a JWT that expires while its answer is cached is refused on the next request', async () => {
    const site = await authSite();
    const get = await overSocket(site);
    const jwt = site.cms.auth.issueJwt(site.user);
    expect((await get(POPULATED, bearer(jwt))).status).toBe(200);
    expect((await get(POPULATED, bearer(jwt))).status).toBe(200);
    const { exp } = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
    vi.useFakeTimers({ toFake: ['Date'], now: exp * 1000 });
    const late = await get(POPULATED, bearer(jwt));
    expect(late.status).toBe(401);
    expect(late.body.error.message).toBe('Missing or invalid credentials');
  });

  it('a blocked user\'s JWT is refused on the next request', async () => {
    const site = await authSite();
    const get = await overSocket(site);
    expect((await get(POPULATED, bearer(site.jwt))).status).toBe(200);
    await site.cms.auth.users.edit(site.user.id, (user) => { user.blocked = true; });
    expect((await get(POPULATED, bearer(site.jwt))).status).toBe(401);
  });

  it('an invalid token is never answered from the cache; another scheme is the Public role, as in Strapi', async () => {
    const site = await authSite();
    const get = await overSocket(site);
    const anonymous = await get(POPULATED);
    expect(anonymous.status).toBe(200);
    const invalid = await get(POPULATED, bearer('not-a-token'));
    expect(invalid.status).toBe(401);
    expect(invalid.body.error.message).toBe('Missing or invalid credentials');
    const basic = await get(POPULATED, { authorization: 'Basic abc' });
    expect(basic.body).toEqual(anonymous.body);
  });
});
