// After `cms import` every type keeps Strapi's own row ids (content/.ids.json), so two types hold a row with id 1, as
// Strapi's tables do. The Content Manager's answer over MCP gives a caller who may update the type its private fields,
// read from the version's own row: looked up in its type, not among every type's rows by id alone.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mcpProject, serve, token, type McpSite } from './mcp-site.js';

const TIME = '2025-01-01T00:00:00.000Z';
const schema = (singularName: string, pluralName: string) => ({
  kind: 'collectionType', info: { singularName, pluralName, displayName: singularName }, options: { draftAndPublish: false },
  attributes: { name: { type: 'string' }, internal: { type: 'string', private: true } },
});
const file = (name: string) => ({ name, internal: `${name}'s note`, createdAt: TIME, updatedAt: TIME, publishedAt: TIME });
const ALPHA = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ZETA = 'zzzzzzzzzzzzzzzzzzzzzzzz';

let site: McpSite;
let key = '';

beforeAll(async () => {
  site = await serve(mcpProject({}, {
    'schemas/alpha.json': schema('alpha', 'alphas'), 'schemas/zeta.json': schema('zeta', 'zetas'),
    [`content/alphas/${ALPHA}.json`]: file('Alpha'), [`content/zetas/${ZETA}.json`]: file('Zeta'),
    'content/.ids.json': {
      version: 1, locales: {},
      rows: { 'api::alpha.alpha': { [`${ALPHA}||published`]: 1 }, 'api::zeta.zeta': { [`${ZETA}||published`]: 1 } },
    },
  }));
  key = await token(site.cms, 'agent', 'full-access');
});
afterAll(async () => site?.close());

async function tool(name: string, args: Record<string, unknown>) {
  const response = await fetch(`${site.url}/mcp`, {
    method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
  });
  const text = await response.text();
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data ? data.slice(6) : text).result.structuredContent;
}

it('two types sharing a kept row id each answer their own private fields over MCP', async () => {
  const alpha = await tool('get_alpha', { documentId: ALPHA });
  const zeta = await tool('get_zeta', { documentId: ZETA });
  expect([alpha.data.id, zeta.data.id]).toEqual([1, 1]);
  expect(alpha.data.internal, JSON.stringify(alpha)).toBe("Alpha's note");
  expect(zeta.data.internal, JSON.stringify(zeta)).toBe("Zeta's note");
});
