// Issue 40: GraphQL reads at REST's speed. A query's answer is kept as REST answers are (core/http/graphql-answers.ts),
// per caller scope and request text, and is fresh only while the types it reaches keep their versions.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentReadFields, queryReadModels } from '../../core/graphql/read-roots.js';
import { MAX_KEY_CHARS } from '../../core/http/graphql-answers.js';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';

let site: TestServer;
let root: string;
let token: string;

/** The answer's exact text and how many lists the server computed for it. */
async function ask(query: string, options: { variables?: Record<string, unknown>; auth?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.auth) headers.authorization = `Bearer ${options.auth}`;
  const reads = (['findWindow', 'findMany', 'findOne', 'findSingle'] as const).map((name) => vi.spyOn(site.cms.service, name));
  const response = await site.request('/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables: options.variables }) });
  const text = await response.text();
  const runs = reads.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  for (const spy of reads) spy.mockRestore();
  return { status: response.status, text, body: JSON.parse(text), runs };
}
const create = async (query: string, variables: Record<string, unknown>) => {
  const { body } = await ask(query, { variables, auth: token });
  expect(body.errors).toBeUndefined();
  return body.data;
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-graphql-answers-'));
  cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
  site = await startApp(root);
  token = (await site.cms.auth.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
}, 120_000);

afterAll(async () => {
  await site?.cms.close();
  rmSync(root, { recursive: true, force: true });
});

describe('GraphQL answers kept as REST answers are', () => {
  it('a repeated query is answered byte for byte without being run again, and a write to its type is in the next answer', async () => {
    await create('mutation($d: TagInput!) { createTag(data: $d) { documentId } }', { d: { name: 'kept-one', weight: 1 } });
    const query = 'query Tags($n: String) { tags(filters: { name: { startsWith: $n } }) { name weight } }';
    const first = await ask(query, { variables: { n: 'kept' } });
    expect(first.runs).toBe(1);
    expect(first.body.data.tags).toEqual([{ name: 'kept-one', weight: 1 }]);
    const again = await ask(query, { variables: { n: 'kept' } });
    expect(again).toEqual({ ...first, runs: 0 });
    // Other variables are another request.
    expect((await ask(query, { variables: { n: 'other' } })).runs).toBe(1);
    await create('mutation($d: TagInput!) { createTag(data: $d) { documentId } }', { d: { name: 'kept-two', weight: 2 } });
    const after = await ask(query, { variables: { n: 'kept' } });
    expect(after.runs).toBe(1);
    expect(after.body.data.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['kept-one', 'kept-two']);
  });

  it('a change to a type the query reaches through a relation (a post\'s author) is in the next answer', async () => {
    const { createAuthor } = await create('mutation { createAuthor(data: { name: "Ada" }) { documentId } }', {});
    const { createPost } = await create('mutation($a: ID) { createPost(data: { title: "Kept", author: $a }) { documentId } }',
      { a: createAuthor.documentId });
    const query = `{ post(documentId: "${createPost.documentId}") { title author { name } } }`;
    expect((await ask(query)).body.data.post).toEqual({ title: 'Kept', author: { name: 'Ada' } });
    await create(`mutation { updateAuthor(documentId: "${createAuthor.documentId}", data: { name: "Ada L." }) { name } }`, {});
    expect((await ask(query)).body.data.post).toEqual({ title: 'Kept', author: { name: 'Ada L.' } });
  });

  it('callers with other grants never share an answer: the Public role is refused what a full-access token was answered', async () => {
    await create('mutation { createProfile(data: { handle: "kept" }) { documentId } }', {});
    const query = '{ profiles { documentId } }';
    const granted = await ask(query, { auth: token });
    expect(granted.body.errors).toBeUndefined();
    expect(granted.body.data.profiles).toHaveLength(1);
    expect((await ask(query, { auth: token })).runs).toBe(0);
    const refused = await ask(query);
    expect(refused.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    // A refusal is never kept: asked again, it is judged again.
    expect((await ask(query)).body.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('a query whose text passes the key bound is run every time: the cache never holds a client\'s megabyte', async () => {
    const query = `{ tags { name } } # ${'x'.repeat(MAX_KEY_CHARS)}`;
    expect((await ask(query)).runs).toBe(1);
    expect((await ask(query)).runs).toBe(1);
    // The same query under the bound is kept.
    expect((await ask('{ tags { name } } # short')).runs).toBe(1);
    expect((await ask('{ tags { name } } # short')).runs).toBe(0);
  });

  it('a query that also asks something other than content (me) is run every time', async () => {
    const query = '{ tags { name } me { username } }';
    expect((await ask(query)).runs).toBe(1);
    expect((await ask(query)).runs).toBe(1);
  });
});

describe('which queries may be kept (read-roots)', () => {
  const fields = () => contentReadFields(site.cms.models);
  const operation = (text: string) => parse(text).definitions[0] as OperationDefinitionNode;
  it('names the content types a query reads at its root, and none for a mutation, a fragment at the root or a plugin\'s field', () => {
    expect(queryReadModels(operation('{ a: tags { name } posts_connection { nodes { title } } __typename }'), fields())
      ?.map((model) => model.uid).sort()).toEqual(['api::post.post', 'api::tag.tag']);
    expect(queryReadModels(operation('mutation { createTag(data: { name: "x" }) { name } }'), fields())).toBeUndefined();
    expect(queryReadModels(operation('{ ...Roots } fragment Roots on Query { tags { name } }'), fields())).toBeUndefined();
    expect(queryReadModels(operation('{ uploadFiles { name } }'), fields())).toBeUndefined();
    expect(queryReadModels(operation('{ i18NLocales { code } }'), fields())).toBeUndefined();
  });
});
