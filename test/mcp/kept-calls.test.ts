// A read tool's call at /mcp asked again by the same credential is answered from the answer kept for it, as REST keeps
// a GET's, while nothing it reads has changed; a change, another credential, a revoked one, a write or an error never
// meets a kept answer.
// vitest: processes (mcpProject commits the site with git)
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { appRpc, computedOr, mcpProject, TEST_ENV, token } from './mcp-site.js';

let cms: Cms;
let app: ReturnType<typeof createApp>;
let full = '';

beforeAll(async () => {
  cms = await createCms({ root: mcpProject(), report: () => {}, env: TEST_ENV });
  app = createApp(cms, { log: () => {} });
  full = await token(cms, 'agent', 'full-access');
});
afterAll(async () => cms?.close());

/** One JSON-RPC request: its status, text and reply, and whether a server was made for it (not kept). */
const rpc = (key: string, method: string, params: Record<string, unknown> = {}) => computedOr(() => appRpc(app, key, method, params));

const titles = (reply: { result: { structuredContent: { results: Array<{ title: string }> } } }) =>
  reply.result.structuredContent.results.map((article) => article.title).sort();

it('answers a repeated read tool call from the kept answer, the same bytes, until its type changes', async () => {
  const created = await rpc(full, 'tools/call', { name: 'create_article', arguments: { data: { title: 'First' } } });
  expect(created.reply.result.isError).toBeUndefined();
  const ask = () => rpc(full, 'tools/call', { name: 'list_article', arguments: { status: 'draft' } });
  const first = await ask();
  const again = await ask();
  expect([first.computed, again.computed]).toEqual([true, false]);
  expect(again.text).toBe(first.text);
  expect(again.type).toBe(first.type);
  expect(titles(again.reply)).toEqual(['First']);
  // A write through the library (no MCP call): the next call computes, and sees it.
  await cms.documents('api::article.article').create({ data: { title: 'Second' } });
  const after = await ask();
  expect(after.computed).toBe(true);
  expect(titles(after.reply)).toEqual(['First', 'Second']);
});

it('keeps answers per credential: another token computes its own, a revoked one is refused', async () => {
  const other = await token(cms, 'other', 'full-access');
  const ask = (key: string) => rpc(key, 'tools/call', { name: 'list_article', arguments: { status: 'draft', pageSize: 5 } });
  expect((await ask(full)).computed).toBe(true);
  expect((await ask(full)).computed).toBe(false);
  // The same call by another token, with an answer kept for the first: computed for it.
  const theirs = await ask(other);
  expect(theirs.computed).toBe(true);
  // Its first use is recorded on the token (the auth state's revision moves): kept from the call after that.
  let kept = false;
  for (let tries = 0; tries < 5 && !kept; tries++) kept = !(await ask(other)).computed;
  expect(kept).toBe(true);
  await cms.auth.tokens.revoke('other');
  const refused = await ask(other);
  expect(refused.status).toBe(401);
  expect(refused.reply.error).toMatchObject({ code: -32000, message: 'Authentication required' });
});

it('never keeps a write or an error: each is made again', async () => {
  const create = () => rpc(full, 'tools/call', { name: 'create_article', arguments: { data: { title: 'Twice' } } });
  expect([(await create()).computed, (await create()).computed]).toEqual([true, true]);
  const missing = () => rpc(full, 'tools/call', { name: 'get_article', arguments: { documentId: 'nosuchdocument0000000000' } });
  const [one, two] = [await missing(), await missing()];
  expect([one.computed, two.computed]).toEqual([true, true]);
  expect(two.reply.result.isError).toBe(true);
  const listed = await rpc(full, 'tools/call', { name: 'list_article', arguments: { status: 'draft', filters: { title: { $eq: 'Twice' } } } });
  expect(titles(listed.reply)).toEqual(['Twice', 'Twice']);
});

it('answers another method, tools/list included, the long way every time', async () => {
  const [one, two] = [await rpc(full, 'tools/list'), await rpc(full, 'tools/list')];
  expect([one.computed, two.computed]).toEqual([true, true]);
});
