// MCP tool calls at `/mcp` beside the REST read of the same page and a bare node:http server sending the MCP answer's
// very bytes (status, headers, body), on the bench's 1k-document site, with an API token (read-only), 10 connections:
//   npm run build && node bench/mcp-calls.mjs [checkout] [seconds]
// (`checkout`: another built copy of this project, to compare two commits in the same conditions.) Each row's
// `ours/limit` is what issue 43 asks of every read at 0.85 or more.
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.mjs';

const [checkout = resolve(fileURLToPath(import.meta.url), '../..'), seconds = '5'] = process.argv.slice(2);
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
const run = async (target, options) => {
  const result = await autocannon({ url: target, connections: 10, duration: Number(seconds), ...options });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, errors: result.errors + result.non2xx + result.timeouts };
};

const table = [];
for (const { row, body } of rows) {
  const sample = await fetch(url(ours, '/mcp'), { method: 'POST', headers: mcpHeaders, body });
  const bytes = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== 200 || bytes.includes('"isError":true')) throw new Error(`${row}: ${sample.status} ${bytes.toString().slice(0, 300)}`);
  const headers = [...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name));
  // The limit: the same answer's bytes, once the request's body has been read (as a server must).
  const bare = await listen((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(200, [...headers.flat(), 'content-length', String(bytes.length)]); res.end(bytes); });
  });
  const options = { method: 'POST', headers: mcpHeaders, body };
  const limit = await run(url(bare, '/mcp'), options);
  const mine = await run(url(ours, '/mcp'), options);
  bare.close();
  table.push({ row, 'limit req/s': limit.rps, 'ours req/s': mine.rps, 'ours/limit': +(mine.rps / limit.rps).toFixed(3),
    'ours p50 ms': mine.p50, 'answer bytes': bytes.length, errors: mine.errors });
}
const rest = await run(url(ours, '/api/articles?pagination[pageSize]=10'), { headers: { authorization: `Bearer ${key}` } });
table.push({ row: 'REST GET /api/articles (10 a page), for comparison', 'limit req/s': '-', 'ours req/s': rest.rps, 'ours/limit': '-',
  'ours p50 ms': rest.p50, 'answer bytes': '-', errors: rest.errors });
console.log(`\n## MCP tool calls (${checkout}, read-only API token, 10 connections, ${seconds} s each, loopback)`);
console.table(table);
ours.close();
await cms.close();
process.exit(0);
