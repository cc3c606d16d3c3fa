import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStateStore } from '../../core/auth/file-state-store.js';
import type { StoredUser } from '../../core/auth/state-store.js';
import { credentialSite, oneConnection } from '../auth/helpers.js';
import { stopChild } from '../helpers/stop-child.js';

// test/auth/cached-credentials.test.ts for GraphQL: a repeated `POST /graphql` is answered from its kept answer by the
// Node fast path (core/http/graphql-fast.ts), its credential recognised from what its keep-alive connection had
// verified. The real `cms serve` process; the state changed from other processes (the `cms token` CLI, this process
// writing `.cms/state.json` through the library); the change asked on the very next request of the same connection.

const JWT_SECRET = 'graphql-cached-credentials-jwt-secret-0123456789';
const TAGS = { query: '{ tags(sort: "name") { name } }' };
const ARTICLES = { query: '{ articles(sort: "title") { title } }' };

let site: Awaited<ReturnType<typeof credentialSite>>;
let base = '';
const cms = (args: string[]) => site.cms(args);
const createToken = (name: string, ...options: string[]) => site.createToken(name, ...options);
const edit = (change: (store: FileStateStore) => Promise<unknown>) => site.edit(change);
const editUser = (id: number, change: (user: StoredUser) => void) => site.editUser(id, change);

async function register(username: string): Promise<{ jwt: string; user: StoredUser }> {
  const registered = await fetch(`${base}/api/auth/local/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: `${username}-password-1` }),
  });
  expect(registered.status).toBe(200);
  return registered.json();
}

/** What a GraphQL answer says: its status, and its first error's code when it has one. */
const outcome = ({ status, body, reused }: { status: number; body: string; reused: boolean }) => {
  const parsed = JSON.parse(body);
  return { status, reused, refused: parsed.errors?.[0]?.extensions?.code ?? parsed.error?.name };
};
const ANSWERED = { status: 200, reused: true, refused: undefined };

beforeAll(async () => {
  site = await credentialSite(JWT_SECRET, (config) => { config.graphql = { ...config.graphql, enabled: true }; });
  ({ base } = site);
}, 120_000);

afterAll(async () => {
  await stopChild(site?.server);
});

describe('a kept GraphQL answer sees every credential change on the next request of its connection (real server, other processes)', () => {
  it('refuses a token on the next POST of the keep-alive connection that had its answer kept, once `cms token revoke` returns', async () => {
    const key = await createToken('graphql-revoked', '--type', 'read-only');
    const other = await createToken('graphql-other', '--type', 'read-only');
    const connection = oneConnection(base);
    try {
      const first = await connection.post('/graphql', key, TAGS);
      expect(outcome(first)).toEqual({ ...ANSWERED, reused: false });
      expect(JSON.parse(first.body).data.tags.length).toBeGreaterThan(0);
      // asked again, on the same connection: the kept answer, byte for byte
      expect((await connection.post('/graphql', key, TAGS)).body).toBe(first.body);
      expect((await connection.post('/graphql', other, TAGS)).body).toBe(first.body);
      expect(outcome(await connection.post('/graphql', `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`, TAGS)))
        .toEqual({ status: 401, reused: true, refused: 'UnauthorizedError' });
      expect((await connection.post('/graphql', key, TAGS)).body).toBe(first.body);
      // (the CLI may outlast the server's keep-alive on a loaded machine: the other key keeps the connection in use)
      const revoking = cms(['token', 'revoke', 'graphql-revoked']);
      let revoked = false;
      void revoking.finally(() => { revoked = true; });
      while (!revoked) {
        expect(outcome(await connection.post('/graphql', other, TAGS))).toEqual(ANSWERED);
        await Promise.race([revoking, new Promise((tick) => setTimeout(tick, 1000))]);
      }
      const revoke = await revoking;
      expect(revoke.code, revoke.stderr).toBe(0);
      expect(outcome(await connection.post('/graphql', key, TAGS))).toEqual({ status: 401, reused: true, refused: 'UnauthorizedError' });
      expect((await connection.post('/graphql', other, TAGS)).body).toBe(first.body);
    } finally {
      connection.close();
    }
  });

  it('applies a custom token\'s permissions changed by another process on the next POST of the connection', async () => {
    const key = await createToken('graphql-scoped', '--type', 'custom', '--permissions', 'api::tag.tag.find');
    const connection = oneConnection(base);
    try {
      for (let twice = 0; twice < 2; twice++) {
        expect(outcome(await connection.post('/graphql', key, TAGS)).refused).toBeUndefined();
        expect(outcome(await connection.post('/graphql', key, ARTICLES)).refused).toBe('FORBIDDEN');
      }
      await edit(async (store) => {
        const token = store.data.apiTokens.find((entry) => entry.name === 'graphql-scoped')!;
        await store.editToken(token.id, (entry) => { entry.permissions = ['api::article.article.find']; });
      });
      expect(outcome(await connection.post('/graphql', key, TAGS)).refused).toBe('FORBIDDEN');
      expect(outcome(await connection.post('/graphql', key, ARTICLES))).toEqual(ANSWERED);
    } finally {
      connection.close();
    }
  });

  it('refuses a JWT on the next POST after another process blocks its user, and answers it again once unblocked', async () => {
    const { jwt, user } = await register('graphqlblocked');
    const connection = oneConnection(base);
    try {
      const answered = await connection.post('/graphql', jwt, TAGS);
      expect((await connection.post('/graphql', jwt, TAGS)).body).toBe(answered.body);
      await editUser(user.id, (stored) => { stored.blocked = true; });
      expect(outcome(await connection.post('/graphql', jwt, TAGS))).toMatchObject({ status: 401, reused: true });
      await editUser(user.id, (stored) => { stored.blocked = false; });
      expect((await connection.post('/graphql', jwt, TAGS)).body).toBe(answered.body);
    } finally {
      connection.close();
    }
  });

  it('gives a JWT whose answer was kept the grants of the role another process moved its user to, on the next POST', async () => {
    const { jwt, user } = await register('graphqlmover');
    const connection = oneConnection(base);
    try {
      const answered = await connection.post('/graphql', jwt, TAGS);
      expect((await connection.post('/graphql', jwt, TAGS)).body).toBe(answered.body);
      // The Public role of this site may read nothing.
      await editUser(user.id, (stored) => { stored.role = 'public'; });
      expect(outcome(await connection.post('/graphql', jwt, TAGS)).refused).toBe('FORBIDDEN');
      await editUser(user.id, (stored) => { stored.role = 'authenticated'; });
      expect((await connection.post('/graphql', jwt, TAGS)).body).toBe(answered.body);
    } finally {
      connection.close();
    }
  });

  it('puts a write made through REST in the next POST\'s answer of a connection whose answer was kept', async () => {
    const key = await createToken('graphql-writer', '--type', 'full-access');
    const connection = oneConnection(base);
    try {
      const before = await connection.post('/graphql', key, TAGS);
      expect((await connection.post('/graphql', key, TAGS)).body).toBe(before.body);
      const created = await fetch(`${base}/api/tags`, {
        method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { name: 'graphql-written' } }),
      });
      expect(created.status).toBe(201);
      const names = (answer: { body: string }) => JSON.parse(answer.body).data.tags.map((tag: { name: string }) => tag.name);
      const after = names(await connection.post('/graphql', key, TAGS));
      expect(names(before)).not.toContain('graphql-written');
      expect(after.filter((name: string) => name !== 'graphql-written')).toEqual(names(before));
      expect(after).toContain('graphql-written');
    } finally {
      connection.close();
    }
  });
});
