import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredUser } from '../../core/auth/state-store.js';
import { bearer, credentialSite, oneConnection, writeConfig } from './helpers.js';
import { stopChild } from '../helpers/stop-child.js';

// A verified credential is cached by the server (no hash of the key against the store; one fstat of
// the state file per request tells whether it changed). These tests run the real `cms serve` process and change the state
// from other processes (the real `cms token` CLI, and this test process writing `.cms/state.json`
// through the library), then ask on the very next request: no polling, no sleeping.

const JWT_SECRET = 'cached-credentials-jwt-secret-0123456789abcdef';

const status = async (path: string, key?: string) => (await fetch(base + path, { headers: key ? bearer(key) : {} })).status;

let site: Awaited<ReturnType<typeof credentialSite>>;
let base = '';
const cms = (args: string[]) => site.cms(args);
const createToken = (name: string, ...options: string[]) => site.createToken(name, ...options);
const editUser = (id: number, change: (user: StoredUser) => void) => site.editUser(id, change);
beforeAll(async () => {
  site = await credentialSite(JWT_SECRET);
  ({ base } = site);
}, 120_000);

afterAll(async () => {
  await stopChild(site?.server);
});

describe('a cached credential sees every change on the next request (real server, other processes)', () => {
  it('accepts a token the CLI made after the server found no auth state at all', async () => {
    // The server looks at the (missing) state once, for this unknown key...
    expect(await status('/api/tags', 'f'.repeat(256))).toBe(401);
    // ...and must notice the folder and file the CLI then creates.
    const key = await createToken('first', '--type', 'read-only');
    expect(await status('/api/tags', key)).toBe(200);
  });

  it('refuses a token on the first request after `cms token revoke` returns, though it was cached', async () => {
    const key = await createToken('revoked', '--type', 'read-only');
    expect(await status('/api/tags', key)).toBe(200);
    expect(await status('/api/tags', key)).toBe(200);
    expect(await status('/api/tags?pagination[pageSize]=1', key)).toBe(200);
    const revoke = await cms(['token', 'revoke', 'revoked']);
    expect(revoke.code, revoke.stderr).toBe(0);
    expect(await status('/api/tags', key)).toBe(401);
    expect(await status('/api/tags?pagination[pageSize]=1', key)).toBe(401);
  });

  it('never answers a key that differs from a cached one in a single character', async () => {
    const key = await createToken('exact', '--type', 'read-only');
    // The first use records `lastUsedAt` (a change of the state): the second is the one cached for good.
    expect(await status('/api/tags', key)).toBe(200);
    expect(await status('/api/tags', key)).toBe(200);
    const other = (char: string) => (char === '0' ? '1' : '0');
    const wrongs = [
      `${key.slice(0, -1)}${other(key.at(-1)!)}`, `${other(key[0])}${key.slice(1)}`, `${key}0`, key.slice(0, -1), key.toUpperCase(),
    ];
    for (const wrong of wrongs) {
      expect(wrong).not.toBe(key);
      expect(await status('/api/tags', wrong)).toBe(401);
    }
    expect(await status('/api/tags', key)).toBe(200);
  });

  it('refuses a key on the next request of the keep-alive connection that had it verified, once `cms token revoke` returns', async () => {
    const key = await createToken('kept-alive', '--type', 'read-only');
    const other = await createToken('other', '--type', 'read-only');
    const connection = oneConnection(base);
    try {
      expect(await connection.get('/api/tags', key)).toEqual({ status: 200, reused: false });
      expect(await connection.get('/api/tags', key)).toEqual({ status: 200, reused: true });
      // Another key and a key one character off, on the connection that remembers `key`: each judged on its own.
      expect(await connection.get('/api/tags', other)).toEqual({ status: 200, reused: true });
      expect(await connection.get('/api/tags', `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`)).toEqual({ status: 401, reused: true });
      expect(await connection.get('/api/tags', key)).toEqual({ status: 200, reused: true });
      // The CLI may outlast the server's 5 s keep-alive on a loaded machine (CI closed the connection once): the other key
      // keeps the connection in use meanwhile, one request a second.
      const revoking = cms(['token', 'revoke', 'kept-alive']);
      let revoked = false;
      void revoking.finally(() => { revoked = true; });
      while (!revoked) {
        expect(await connection.get('/api/tags', other)).toEqual({ status: 200, reused: true });
        await Promise.race([revoking, new Promise((tick) => setTimeout(tick, 1000))]);
      }
      const revoke = await revoking;
      expect(revoke.code, revoke.stderr).toBe(0);
      expect(await connection.get('/api/tags', key)).toEqual({ status: 401, reused: true });
      expect(await connection.get('/api/tags', other)).toEqual({ status: 200, reused: true });
    } finally {
      connection.close();
    }
  });

  it('applies a custom token\'s permissions changed by another process on the next request', async () => {
    const key = await createToken('scoped', '--type', 'custom', '--permissions', 'api::tag.tag.find');
    expect(await status('/api/tags', key)).toBe(200);
    expect(await status('/api/articles', key)).toBe(403);
    await site.edit(async (store) => {
      const token = store.data.apiTokens.find((entry) => entry.name === 'scoped')!;
      await store.editToken(token.id, (entry) => { entry.permissions = ['api::article.article.find']; });
    });
    expect(await status('/api/tags', key)).toBe(403);
    expect(await status('/api/articles', key)).toBe(200);
  });

  it('refuses a JWT on the next request after another process blocks its user, and accepts it again once unblocked', async () => {
    const registered = await fetch(`${base}/api/auth/local/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'blockme', email: 'blockme@example.com', password: 'blockme-password-1' }),
    });
    expect(registered.status).toBe(200);
    const { jwt, user } = await registered.json();
    expect(await status('/api/tags', jwt)).toBe(200);
    expect(await status('/api/tags', jwt)).toBe(200);
    await editUser(user.id, (stored) => { stored.blocked = true; });
    expect(await status('/api/tags', jwt)).toBe(401);
    await editUser(user.id, (stored) => { stored.blocked = false; });
    expect(await status('/api/tags', jwt)).toBe(200);
  });

  it('gives a cached JWT the grants of the role another process moved its user to, on the next request', async () => {
    const registered = await fetch(`${base}/api/auth/local/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mover', email: 'mover@example.com', password: 'mover-password-1' }),
    });
    const { jwt, user } = await registered.json();
    expect(await status('/api/tags', jwt)).toBe(200);
    await editUser(user.id, (stored) => { stored.role = 'public'; });
    // The Public role of this site may read nothing.
    expect(await status('/api/tags', jwt)).toBe(403);
    await editUser(user.id, (stored) => { stored.role = 'authenticated'; });
    expect(await status('/api/tags', jwt)).toBe(200);
  });

  it('applies a role\'s grants changed in the config once the server has reloaded it', async () => {
    const key = await createToken('unrelated', '--type', 'read-only');
    const registered = await fetch(`${base}/api/auth/local/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'granted', email: 'granted@example.com', password: 'granted-password-1' }),
    });
    const { jwt } = await registered.json();
    expect(await status('/api/articles', jwt)).toBe(200);
    writeConfig(site.root, (config) => { config.permissions.authenticated = { 'api::tag.tag': ['find'] }; });
    // The config is reloaded by the file watcher, in the background: asked until it has.
    await expect.poll(() => status('/api/articles', jwt)).toBe(403);
    expect(await status('/api/tags', jwt)).toBe(200);
    expect(await status('/api/articles', key)).toBe(200);
  });
});
