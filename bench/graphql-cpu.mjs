// Server CPU per request of the GraphQL reads (and a REST read beside them) through the real Node listener, the
// client in a child process, so the figure is the server's alone (process.cpuUsage over N requests, 4 in flight).
// `npm run build && node bench/graphql-cpu.mjs [--n 1000] [--rounds 5] [--before <folder holding another build's dist/>]`
// With --before, both builds serve copies of the sample site from this process and take turns, round after round:
// on a busy machine the least of the rounds is the figure to compare (contention only ever adds to it).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..');
const args = Object.fromEntries(process.argv.slice(2).reduce(
  (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), [],
));
const N = Number(args.n ?? 1000);
const ROUNDS = Number(args.rounds ?? 5);
const builds = [...(args.before ? [['before', resolve(args.before)]] : []), ['this build', REPO]];

const CLIENT = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const [url, method, body, n] = JSON.parse(process.argv[1]);
const headers = body
  ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : { 'apollo-require-preflight': '1' };
const once = () => new Promise((ok, no) => {
  const req = http.request(url, { method, agent, headers }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? ok() : no(new Error(url + ' answered ' + res.statusCode))));
  });
  req.on('error', no);
  req.end(body || undefined);
});
(async () => {
  for (let i = 0; i < 200; i++) await once();
  process.send('warm');
  await new Promise((ok) => process.once('message', ok));
  let left = n;
  const lane = async () => { while (left-- > 0) await once(); };
  await Promise.all([lane(), lane(), lane(), lane()]);
  process.send('done');
})().catch((error) => { console.error(error.message); process.exit(1); });
`;

/** One build serving its own copy of the sample site; counts the requests h3 answered (it asks auth.catchUp first). */
async function start(dir) {
  const { createCms } = await import(join(dir, 'dist/core/cms.js'));
  const { createNodeHandler } = await import(join(dir, 'dist/core/http/serve.js'));
  const root = mkdtempSync(join(tmpdir(), 'cms-graphql-cpu-'));
  for (const entry of ['schemas', 'content', 'public', 'cms.config.json']) {
    cpSync(join(REPO, entry), join(root, entry), { recursive: true });
  }
  const cms = await createCms({ root, report: () => {} });
  const counted = { viaH3: 0 };
  const catchUp = cms.auth.catchUp;
  cms.auth.catchUp = (...rest) => { counted.viaH3++; return catchUp(...rest); };
  const server = createServer(createNodeHandler(cms));
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}`;
  const close = async () => { server.close(); await cms.close(); rmSync(root, { recursive: true, force: true }); };
  return { base, counted, close };
}

/** Server CPU ms per request for N requests of one kind, and how many of them went through h3. */
async function measure(site, [method, path, body]) {
  const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify([site.base + path, method, body, N])],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((_ok, no) => child.once('exit', (code) => code && no(new Error(`client exited ${code}`))));
  await Promise.race([new Promise((ok) => child.once('message', ok)), exited]);
  site.counted.viaH3 = 0;
  const start = process.cpuUsage();
  child.send('go');
  await Promise.race([new Promise((ok) => child.once('message', ok)), exited]);
  const used = process.cpuUsage(start);
  child.kill();
  return { ms: (used.user + used.system) / 1000 / N, viaH3: site.counted.viaH3 };
}

const sites = [];
for (const [name, dir] of builds) sites.push({ name, ...(await start(dir)) });
const first = sites[0];
const id = (await (await fetch(`${first.base}/api/articles?sort=title&pagination[pageSize]=1`)).json()).data[0].documentId;
const one = 'query ($id: ID!) { article(documentId: $id) { documentId title description author { name email } } }';
const list = '{ articles(sort: "title", pagination: { pageSize: 25 }) { documentId title author { name } category { name } } }';
const search = (query, variables) =>
  `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
const scenarios = [
  ['REST one document', ['GET', `/api/articles/${id}?populate[author]=true`]],
  ['GraphQL one document POST', ['POST', '/graphql', JSON.stringify({ query: one, variables: { id } })]],
  ['GraphQL list POST', ['POST', '/graphql', JSON.stringify({ query: list })]],
  ['GraphQL one document GET', ['GET', search(one, { id })]],
];
const figures = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const [scenario, ask] of scenarios) {
    for (const site of sites) {
      const { ms, viaH3 } = await measure(site, ask);
      const key = `${scenario}\u0000${site.name}`;
      figures.set(key, [...(figures.get(key) ?? []), { ms, viaH3 }]);
    }
  }
}
const rows = [];
for (const [key, runs] of figures) {
  const [scenario, build] = key.split('\u0000');
  const ms = runs.map((run) => run.ms).sort((a, b) => a - b);
  rows.push({ scenario, build, 'least ms CPU/req': +ms[0].toFixed(4), 'median ms CPU/req': +ms[Math.floor(ms.length / 2)].toFixed(4),
    'through h3 (last round)': `${runs.at(-1).viaH3}/${N}` });
}
console.table(rows);
for (const site of sites) await site.close();
