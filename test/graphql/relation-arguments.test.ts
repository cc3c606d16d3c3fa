// One query reads a relation once (one REST populate): its selections must share filters and sort, or be refused.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';

let site: TestServer;
let root: string;
let token: string;
let post = '';
const gql = (query: string, variables?: Record<string, unknown>) =>
  site.sendJson('POST', '/graphql', { query, variables }, { authorization: `Bearer ${token}` });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-graphql-relation-args-'));
  cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
  site = await startApp(root);
  token = (await site.cms.auth.tokens.create({ name: 'full', type: 'full-access' })).accessKey;
  const tags: string[] = [];
  for (const name of ['alpha', 'beta']) {
    const { body } = await gql('mutation($d: TagInput!) { createTag(data: $d) { documentId } }', { d: { name } });
    tags.push(body.data.createTag.documentId);
  }
  const { body } = await gql('mutation($t: [ID]) { createPost(data: { title: "Hello", tags: $t }) { documentId } }', { t: tags });
  post = body.data.createPost.documentId;
}, 120_000);

afterAll(async () => {
  await site?.cms.close();
  rmSync(root, { recursive: true, force: true });
});

describe('aliased selections of one relation', () => {
  it('refuses aliases asking different filters with a 400, never answering one\'s rows for the other', async () => {
    const { status, body } = await gql(`query($id: ID!) { post(documentId: $id) {
      a: tags(filters: { name: { eq: "alpha" } }) { name } b: tags(sort: ["name"]) { name } } }`, { id: post });
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toMatch(/^The selections of "tags" ask different filters or sort/);
  });

  it('refuses a list and its _connection asking different sorts', async () => {
    const { status } = await gql(`query($id: ID!) { post(documentId: $id) {
      tags(sort: ["name:desc"]) { name } tags_connection(sort: ["name:asc"]) { nodes { name } } } }`, { id: post });
    expect(status).toBe(400);
  });

  it('answers aliases sharing filters and sort, each with its own pagination window', async () => {
    const { status, body } = await gql(`query($id: ID!) { post(documentId: $id) {
      first: tags(sort: ["name:desc"], pagination: { limit: 1 }) { name } all: tags(sort: ["name:desc"]) { name } } }`, { id: post });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { post: { first: [{ name: 'beta' }], all: [{ name: 'beta' }, { name: 'alpha' }] } } });
  });
});
