// Hostile GraphQL documents: answered quickly, and refused with a 400 in the plugin's shape, never a 5xx.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depthLimitRule } from '../../core/graphql/limits.js';
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

  it('refuses a document past the token limit with a 400 GRAPHQL_PARSE_FAILED', async () => {
    const { status, body } = await gql(`{ tags { ${'name '.repeat(150_000)} } }`);
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/^Syntax Error: Document contains more tha. 15000 tokens\. Parsing aborted\.$/);
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('refuses a document nested past the stack with a 400, not an Internal Server Error', async () => {
    // few tokens, deep enough that graphql-js's recursive parser overflows the stack
    const { status, body } = await gql(`{ tags(filters: { name: { in: ${'['.repeat(7000)}${']'.repeat(7000)} } }) { name } }`);
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(body.errors[0].message).toBe('Syntax Error: the document is nested too deeply to be read.');
  });

  it('measures the depth of 150k sibling selections without overflowing the stack', () => {
    const schema = buildSchema('type Query { tag: Tag } type Tag { name: String }');
    const document = parse(`{ tag { ${'name '.repeat(150_000)} } }`);
    expect(validate(schema, document, [depthLimitRule(5)])).toEqual([]);
  });

  it('refuses an operation asking more than 100 root fields, aliases and fragments counted, before running any', async () => {
    const aliases = Array.from({ length: 101 }, (_, index) => `t${index}: tags { name }`).join(' ');
    const { status, body } = await gql(`{ ${aliases} }`);
    expect(status).toBe(400);
    expect(body).toEqual({ errors: [{
      message: 'The operation asks 101 root fields (aliases counted); at most 100 are answered per request.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    }] });
    const spread = await gql(`{ ...Q ${Array.from({ length: 51 }, (_, index) => `u${index}: tags { name }`).join(' ')} }
      fragment Q on Query { ${Array.from({ length: 50 }, (_, index) => `v${index}: tags { name }`).join(' ')} }`);
    expect(spread.status).toBe(400);
    const within = await gql(`{ __typename ${Array.from({ length: 100 }, (_, index) => `t${index}: tags { name }`).join(' ')} }`);
    expect(within.status).toBe(200);
    expect(within.body.data.t99).toEqual([{ name: 'alpha' }]);
  });
});
