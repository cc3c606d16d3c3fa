// Creates or updates over HTTP (the server's Node listener and a keep-alive client, both in this process) on a copy of a
// generated site: CPU per write through the fast write route or through h3. Under valgrind's callgrind, 300-write runs
// ended without their result line on a loaded machine, and start-up varied by more than a route's difference: count
// instructions only on a quiet machine, with the result line printed.
// node bench/write-http.mjs <site> [creates|updates] [writes] [concurrency]
// WRITE_HTTP_FAST=0: every write through h3 (`fastWrites: false`), to compare with the fast write route in one build.
// - site: a generated site (`node -e "import('./bench/generate.mjs').then((g) => g.generate(100, '/tmp/site', 7))"`).
import { readFileSync, writeFileSync, cpSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuPerWrite } from './write-loop.mjs';

const [site, which = 'creates', writes = '300', concurrency = '10'] = process.argv.slice(2);
if (!site) throw new Error('usage: node bench/write-http.mjs <site> [creates|updates] [writes] [concurrency]');
const checkout = resolve(fileURLToPath(import.meta.url), '../..');
const root = `/tmp/cms-bench-write-http-${process.pid}`;
rmSync(root, { recursive: true, force: true });
cpSync(site, root, { recursive: true });
const config = JSON.parse(readFileSync(`${root}/cms.config.json`, 'utf8'));
config.permissions.public['api::article.article'] = ['find', 'findOne', 'create', 'update'];
writeFileSync(`${root}/cms.config.json`, JSON.stringify(config));
const { createCms } = await import(`${checkout}/dist/core/cms.js`);
const { createNodeHandler } = await import(`${checkout}/dist/core/http/serve.js`);
const cms = await createCms({ root, report: () => {} });
const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' }).slice(0, 80).map((row) => row.documentId);
const server = createServer(createNodeHandler(cms, { fastWrites: process.env.WRITE_HTTP_FAST !== '0' }));
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const { port } = server.address();
const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency) });
let serial = 0;
/** One write over HTTP; resolves with its status. */
const write = () => new Promise((done, fail) => {
  const at = serial++;
  const [method, path, data] = which === 'creates'
    ? ['POST', '/api/articles', { title: `bench ${at}`, description: 'created by the bench', views: 1 }]
    : ['PUT', `/api/articles/${ids[at % ids.length]}`, { description: `bench write ${at}` }];
  const body = JSON.stringify({ data });
  const req = request({ agent, host: '127.0.0.1', port, method, path,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode < 300 ? done(res.statusCode) : fail(new Error(`${method} ${path}: ${res.statusCode}`))));
  });
  req.on('error', fail);
  req.end(body);
});
try {
  const cpu = await cpuPerWrite(write, Number(writes), Number(concurrency));
  console.log(JSON.stringify({ which, fast: process.env.WRITE_HTTP_FAST !== '0', writes: Number(writes),
    'CPU ms/write (server and client)': cpu.all }));
} finally {
  agent.destroy();
  server.close();
  await cms.close();
  rmSync(root, { recursive: true, force: true });
}
