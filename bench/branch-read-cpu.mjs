// `node bench/branch-read-cpu.mjs [--together 1,4]`: CPU time per kept read of the base and of a branch (`Cms-Branch`), in
// process, so a loaded machine's sockets and scheduling stay out of the figure: the Node handler is called with requests
// `together` at a time (a turn of the event loop reading that many; 1 is a server seeing one request per turn, 4 a busy one),
// after one real HTTP GET each kept the answer. The site is a Git copy of the sample site with one article changed on the
// branch `bench`. Prints µs of CPU per read, user + system, for anonymous and API-token callers. Needs `npm run build`.
import { cpSync, rmSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { join, resolve } from 'node:path';
import { createCms } from '../dist/core/cms.js';
import { createNodeHandler } from '../dist/core/http/serve.js';
import { gitCopy } from './branch-rows.mjs';

const REPO = resolve(import.meta.dirname, '..');
const READS = 20_000;
const at = process.argv.indexOf('--together');
const together = (at > 0 ? process.argv[at + 1] : '1,4').split(',').map(Number);
const env = { ...process.env, CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789', CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef' };

const root = `/tmp/cms-bench-branch-cpu-${process.pid}`;
const sample = `${root}-sample`;
for (const part of ['schemas', 'content', 'cms.config.json']) cpSync(join(REPO, part), join(sample, part), { recursive: true });
gitCopy(sample, root);
rmSync(sample, { recursive: true, force: true });

const cms = await createCms({ root, env, report: () => {} });
const token = (await cms.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
const [first] = await cms.documents('api::article.article').findMany({ limit: 1 });
await (await cms.branch('bench')).documents('api::article.article').update({ documentId: first.documentId, data: { title: 'On the branch' } });
const handler = createNodeHandler(cms);
const server = await new Promise((ok) => { const made = createServer(handler); made.listen(0, '127.0.0.1', () => ok(made)); });

/** One GET through the handler, its answer written to an object that takes what a kept answer writes. */
const read = (url, headers) => new Promise((done, fail) => {
  const res = { writeHead: (status) => { if (status !== 200) fail(new Error(`${url}: ${status}`)); }, end: done, destroy: () => fail(new Error(url)) };
  handler({ method: 'GET', url, headers, socket: {} }, res);
});

const rows = [];
const callers = [['anonymous', {}], ['API token', { authorization: `Bearer ${token}` }]];
try {
  for (const url of ['/api/articles', '/api/articles?populate=*']) {
    for (const [caller, headers] of callers) {
      for (const [side, more] of [['base', {}], ['branch', { 'cms-branch': 'bench' }]]) {
        const all = { ...headers, ...more };
        // The long way once, over a socket of its own (a kept-alive one may be closed under it): the answer is kept from then on.
        await new Promise((done) => get(`http://127.0.0.1:${server.address().port}${url}`, { headers: all, agent: false }, (res) => res.resume().on('end', done)));
        for (let i = 0; i < 2000; i++) await read(url, all);
        const row = { url, caller, side };
        for (const count of together) {
          const before = process.cpuUsage();
          for (let i = 0; i < READS; i += count) await Promise.all(Array.from({ length: count }, () => read(url, all)));
          const spent = process.cpuUsage(before);
          row[`µs/read, ${count} at once`] = Number(((spent.user + spent.system) / READS).toFixed(1));
        }
        rows.push(row);
      }
    }
  }
  console.table(rows);
} finally {
  server.close();
  await cms.close();
  rmSync(root, { recursive: true, force: true });
}
