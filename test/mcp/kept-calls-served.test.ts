// Through the real server: a read tool's call with an answer kept for it is written from Node (mcp-fast.ts) with the
// bytes the long way answered, and only while the credential may still use MCP and nothing the call reads has changed.
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { computedOr, mcpProject, replyOf, serve, token, type McpSite } from './mcp-site.js';

let site: McpSite;
let key = '';

beforeAll(async () => {
  site = await serve(mcpProject());
  key = await token(site.cms, 'agent', 'full-access');
});
afterAll(async () => site?.close());

const headersFor = (credential: string) =>
  ({ authorization: `Bearer ${credential}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
const call = (name: string, args: Record<string, unknown>, id: number | string = 7) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** One POST to /mcp: status, content type, text, and whether an MCP server was made for it (not a kept answer). */
const post = (body: string, credential = key, headers: Record<string, string> = {}) => computedOr(async () => {
  const response = await fetch(`${site.url}/mcp`, { method: 'POST', headers: { ...headersFor(credential), ...headers }, body });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
});

const resultOf = replyOf;

it('writes a kept answer with the long way\'s bytes, and computes again once the type has changed', async () => {
  expect((await post(call('create_article', { data: { title: 'Kept' } }))).status).toBe(200);
  const list = call('list_article', { status: 'draft' });
  const first = await post(list);
  const second = await post(list);
  const third = await post(list);
  expect([first.computed, second.computed, third.computed]).toEqual([true, false, false]);
  expect([second.status, second.type, second.text]).toEqual([first.status, first.type, first.text]);
  expect(third.text).toBe(first.text);
  // Another process's kind of change: a write through the library, not through /mcp.
  await site.cms.documents('api::article.article').create({ data: { title: 'Later' } });
  const after = await post(list);
  expect(after.computed).toBe(true);
  const titles = resultOf(after.text).result.structuredContent.results.map((article: { title: string }) => article.title).sort();
  expect(titles).toEqual(['Kept', 'Later']);
});

it('refuses a revoked credential whose call had a kept answer, as the long way does', async () => {
  const other = await token(site.cms, 'short-lived', 'read-only');
  const list = call('list_article', { status: 'draft', pageSize: 3 });
  await post(list, other);
  expect((await post(list, other)).computed).toBe(false);
  await site.cms.auth.tokens.revoke('short-lived');
  const refused = await post(list, other);
  expect(refused.status).toBe(401);
  expect(resultOf(refused.text).error).toMatchObject({ code: -32000, message: 'Authentication required' });
});

it('answers a body sent in chunks, without a declared length, the long way', async () => {
  const body = call('list_article', { status: 'draft' });
  await post(body);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(`${site.url}/mcp`, { method: 'POST', headers: { ...headersFor(key), 'transfer-encoding': 'chunked' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    sent.on('error', reject);
    sent.write(body.slice(0, 20));
    sent.end(body.slice(20));
  });
  expect(answer.status).toBe(200);
  expect(resultOf(answer.text).result.structuredContent.results.length).toBeGreaterThan(0);
});

it('answers another id of the same call from the kept answer, that id in it, its length to match', async () => {
  const args = { status: 'draft', pageSize: 2 };
  const first = await post(call('list_article', args, 1));
  const next = await post(call('list_article', args, 1234567));
  const named = await post(call('list_article', args, 'call-ä'));
  expect([first.computed, next.computed, named.computed]).toEqual([true, false, false]);
  expect(resultOf(next.text).id).toBe(1234567);
  expect(resultOf(named.text).id).toBe('call-ä');
  expect(resultOf(next.text).result).toEqual(resultOf(first.text).result);
  expect(next.text).toBe(first.text.replace('"id":1}', '"id":1234567}'));
});

it('keeps no answer to a call whose body is larger than a kept key may be', async () => {
  const padded = call('list_article', { status: 'draft', pageSize: 1, filters: { title: { $ne: 'x'.repeat(20_000) } } });
  const [one, two] = [await post(padded), await post(padded)];
  expect([one.status, two.status]).toEqual([200, 200]);
  expect([one.computed, two.computed]).toEqual([true, true]);
});

it('hands a malformed body to the long way once answers are kept: Strapi\'s 400, the same as before any was kept', async () => {
  const broken = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_article"';
  const before = await post(broken);
  await post(call('list_article', { status: 'draft' }));
  expect((await post(call('list_article', { status: 'draft' }))).computed).toBe(false);
  const after = await post(broken);
  expect(after.status).toBe(400);
  expect([after.status, after.text]).toEqual([before.status, before.text]);
});

it('answers the very same bytes sent by turns with two credentials and two headers, each from its own kept answer', async () => {
  const other = await token(site.cms, 'turns', 'read-only');
  const list = call('list_article', { status: 'draft', pageSize: 4 });
  const version = { 'mcp-protocol-version': '2025-03-26' };
  const mine = await post(list);
  expect((await post(list)).computed).toBe(false);
  // Another token's first call of these bytes, then another header's: neither meets the answer kept for the first.
  expect((await post(list, other)).computed).toBe(true);
  expect((await post(list, key, version)).computed).toBe(true);
  // The other token's first use is recorded on it (the auth state moves once): each is kept again from then on.
  const keptFor = async (credential: string, headers?: Record<string, string>) => {
    for (let tries = 0; tries < 5; tries++) if (!(await post(list, credential, headers)).computed) return true;
    return false;
  };
  expect([await keptFor(key), await keptFor(other), await keptFor(key, version)]).toEqual([true, true, true]);
  for (let turn = 0; turn < 3; turn++) {
    const answers = [await post(list), await post(list, other), await post(list, key, version)];
    expect(answers.map((answer) => answer.computed)).toEqual([false, false, false]);
    expect(answers[0].text).toBe(mine.text);
  }
  await site.cms.auth.tokens.revoke('turns');
  expect((await post(list, other)).status).toBe(401);
  expect((await post(list)).status).toBe(200);
});
