// MCP tool calls at `/mcp` beside the REST read of the same page and a bare node:http server sending the MCP answer's
// very bytes (status, headers, body), on the bench's 1k-document site, with an API token (read-only), 10 connections,
// loaded from a process of its own in interleaved rounds as the Strapi table's reads (load-process.mjs: 7 rounds of
// `seconds`, the medians):
//   npm run build && node bench/mcp-calls.mjs [checkout] [seconds]
// (`checkout`: another built copy of this project, to compare two commits in the same conditions.) Each row's
// `ours/limit` is what issue 43 asks of every read at 0.85 or more.
import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.mjs';
import { interleaved, startLoad } from './load-process.mjs';
import { answerOf, sameAnswerServer } from './same-answer.mjs';

const [checkout = resolve(fileURLToPath(import.meta.url), '../..'), seconds = '1'] = process.argv.slice(2);
const root = '/tmp/cms-bench-mcp-calls';
generate(1000, root, 7);
const configPath = `${root}/cms.config.json`;
writeFileSync(configPath, JSON.stringify({ ...JSON.parse(readFileSync(configPath, 'utf8')), mcp: { enabled: true } }));

const { createCms } = await import(`${checkout}/dist/core/cms.js`);
const { createNodeHandler } = await import(`${checkout}/dist/core/http/serve.js`);
const cms = await createCms({ root, report: () => {}, env: { CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789abcdef' } });
const key = (await cms.auth.tokens.create({ name: `bench-${Date.now()}`, type: 'read-only' })).accessKey;
const listen = (handler) => new Promise((ok) => { const server = createServer(handler); server.listen(0, '127.0.0.1', () => ok(server)); });
const ours = await listen(createNodeHandler(cms));
const url = (server, path) => `http://127.0.0.1:${server.address().port}${path}`;
const documentId = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })[0].documentId;

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` };
const call = (name, args) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
const rows = [
  { row: 'MCP list_article (10 a page)', body: call('list_article', { pageSize: 10 }) },
  { row: 'MCP get_article', body: call('get_article', { documentId }) },
];
const load = startLoad();
const measure = (limit, mine) => interleaved(load, { limit, ours: mine, rounds: 7, seconds: Number(seconds), connections: 10 });
const request = (body) => [{ method: 'POST', path: '/mcp', headers: mcpHeaders, body }];

const table = [];
for (const { row, body } of rows) {
  // The limit: the same answer's bytes (same-answer.mjs), once the request's body has been read, as a server must.
  const answer = await answerOf(url(ours, '/mcp'), { method: 'POST', headers: mcpHeaders, body },
    ({ status, body: bytes }) => status === 200 && !bytes.includes('"isError":true'));
  const bare = await sameAnswerServer(listen, answer);
  const mine = await measure({ url: url(bare, ''), requests: request(body) }, { url: url(ours, ''), requests: request(body) });
  bare.close();
  table.push({ row, 'limit req/s': mine.limitRps, 'ours req/s': mine.oursRps, 'ours/limit': +mine.ratio.toFixed(2),
    rounds: `${mine.low.toFixed(2)}–${mine.high.toFixed(2)}`, 'ours p50 ms': mine.p50, 'answer bytes': answer.body.length, errors: mine.errors });
}
const restPath = '/api/articles?pagination[pageSize]=10';
const rest = await load.run({ url: url(ours, restPath), headers: { authorization: `Bearer ${key}` }, connections: 10, duration: 2 });
table.push({ row: 'REST GET /api/articles (10 a page), for comparison', 'limit req/s': '-', 'ours req/s': rest.rps, 'ours/limit': '-',
  rounds: '-', 'ours p50 ms': rest.p50, 'answer bytes': '-', errors: rest.errors });
console.log(`\n## MCP tool calls (${checkout}, read-only API token, 10 connections, 7 interleaved rounds of ${seconds} s, loopback)`);
console.table(table);
load.close();
ours.close();
await cms.close();
process.exit(0);
