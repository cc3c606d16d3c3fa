// The fuzzer found a 500 for a write naming a documentId of hundreds of characters or with a NUL: the per-document lock
// file (.cms/locks/) was named after the id as the request sent it, past the file system's limits. A request's id must
// also never place a lock file outside .cms/locks/ (a slash in the id).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLockFile } from '../../core/service/write-locks.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  server = await startApp(copySampleSite(), { report: () => {} });
  auth = { authorization: `Bearer ${(await server.cms.auth.tokens.create({ name: 'w', type: 'full-access' })).accessKey}` };
});
afterAll(() => server?.cms.close());

describe('the lock file of a write', () => {
  const tag = { uid: 'api::tag.tag', kind: 'collectionType' } as never;

  it('keeps a plain documentId readable and names any other by its hash, inside .cms/locks/', () => {
    expect(documentLockFile('/site', tag, 'abc123')).toBe('/site/.cms/locks/api--tag.tag~abc123.lock');
    for (const id of ['../../escape', 'x'.repeat(400), 'a\0b', 'a/b']) {
      const path = documentLockFile('/site', tag, id);
      expect(path).toMatch(/^\/site\/\.cms\/locks\/api--tag\.tag~#[0-9a-f]{64}\.lock$/);
    }
  });

  it.each([
    ['hundreds of characters', 'x'.repeat(400)],
    ['a NUL', 'a%00b'],
    ['slashes that would leave .cms/locks', '..%2F..%2F..%2Fescape'],
  ])('answers a write naming an id with %s as Strapi does (PUT 404, DELETE 204), never a 500', async (_what, id) => {
    const put = await server.sendJson('PUT', `/api/tags/${id}`, { data: { name: 'x' } }, auth);
    expect({ status: put.status, name: put.body?.error?.name }).toEqual({ status: 404, name: 'NotFoundError' });
    // Strapi deletes zero rows of an unknown documentId and answers 204 (contract notes).
    expect((await server.sendJson('DELETE', `/api/tags/${id}`, undefined, auth)).status).toBe(204);
    expect(existsSync(join(server.cms.root, 'escape.lock'))).toBe(false);
    expect(readdirSync(join(server.cms.root, '.cms', 'locks')).filter((name) => !name.endsWith('.lock'))).toEqual([]);
  });
});
