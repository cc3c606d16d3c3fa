// Hostile GraphQL documents: answered quickly, and refused with a 400 in the plugin's shape, never a 5xx.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';

let site: TestServer;
let root: string;
let token: string;
const gql = (query: string) => site.sendJson('POST', '/graphql', { query }, { authorization: `Bearer ${token}` });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-graphql-hostile-'));
  cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
  site = await startApp(root);
  token = (await site.cms.auth.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
  await gql('mutation { createTag(data: { name: "alpha", weight: 1 }) { documentId } }');
}, 120_000);

afterAll(async () => {
  await site?.cms.close();
  rmSync(root, { recursive: true, force: true });
});

describe('hostile GraphQL documents', () => {
  it('spreads each fragment once per selection, so a doubling chain of fragments answers at once', async () => {
    const chain = Array.from({ length: 27 }, (_, index) => (index === 26
      ? `fragment F${index} on Tag { name }` : `fragment F${index} on Tag { ...F${index + 1} ...F${index + 1} }`)).join('\n');
    const started = performance.now();
    const { status, body } = await gql(`query { tags { ...F0 } }\n${chain}`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { tags: [{ name: 'alpha' }] } });
    // 2^27 spreads expanded one by one take many seconds; once each, milliseconds (generous for a busy CI box)
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
