// Benchmarks, side by side with the physical limit. `npm run bench` (never part of npm test).
// Options: --sizes 1000,10000,100000,1000000 --only http,writes,cold,query,watch,memory,restart,cli,start,strapi,scale,branches,static
//   --duration 5; for the strapi section's read rows, --rounds 7 --round 1 (interleaved rounds of 1 s); --rows graphql,branch keeps
//   only the strapi section's rows whose scenario names contain one of the words; --warmup 5: seconds of each write row's
//   load on each server before its measured runs (0: none); --write-rounds 5: rounds of --duration s per write row (medians)
// --data <dir>: where the generated sites live (default /tmp; a 1M site is ~2 GB and 1.19M files).
// Each generated site is a Git checkout with one commit, as a deployed site is (the restart reads Git's view).
// --strapi adds the Strapi table (the real Strapi 5.54 from ../shared/strapi-reference, when installed).
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { createCms } from '../dist/core/cms.js';
import { createNodeHandler } from '../dist/core/http/serve.js';
import { watchProject } from '../dist/core/watch/watch.js';
import { benchSite, generate } from './generate.mjs';
import { answerOf, sameAnswerServer } from './same-answer.mjs';
import { benchStrapi } from './strapi-rows.mjs';
import { benchWrites } from './write-rows.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce(
  (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), [],
));
const sizes = (args.sizes ?? '1000,10000,100000').split(',').map(Number);
const only = new Set((args.only ?? 'http,writes,cold,query,watch,memory,restart,cli,start,branches').split(','));
if (process.argv.includes('--strapi')) only.add('strapi');
const duration = Number(args.duration ?? 5);
const results = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, sections: {} };

const dataRoot = resolve(args.data ?? '/tmp');
const dataset = (n) => benchSite(dataRoot, n);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p99 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];
const table = (title, rows) => { console.log(`\n## ${title}`); console.table(rows); };
const listen = (handler) => new Promise((ok) => { const server = createServer(handler); server.listen(0, '127.0.0.1', () => ok(server)); });

function contentFiles(root) {
  const files = [];
  for (const folder of readdirSync(join(root, 'content'))) {
    for (const name of readdirSync(join(root, 'content', folder))) files.push(join(root, 'content', folder, name));
  }
  return files;
}

/** The limit for indexing: reading and JSON-parsing the same files, nothing else. */
function readAndParse(root) {
  const start = performance.now();
  let bytes = 0;
  for (const file of contentFiles(root)) {
    const text = readFileSync(file, 'utf8');
    bytes += text.length;
    if (file.endsWith('.json')) JSON.parse(text);
  }
  return { ms: performance.now() - start, bytes };
}

async function cannon(url, connections, requests, headers) {
  const result = await autocannon({ url, connections, duration, requests, headers, pipelining: 1 });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99,
    errors: result.errors + result.non2xx };
}

async function benchHttp() {
  const root = dataset(1000);
  const writable = `/tmp/cms-bench-http-rw`;
  generate(1000, writable, 7);
  const config = JSON.parse(readFileSync(join(writable, 'cms.config.json'), 'utf8'));
  config.permissions.public['api::article.article'] = ['find', 'findOne', 'update'];
  writeFileSync(join(writable, 'cms.config.json'), JSON.stringify(config));
  // Signed-in users may read what the Public role may.
  const readConfig = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  readConfig.permissions.authenticated = readConfig.permissions.public;
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(readConfig, null, 2));
  // Secrets from the environment, as a deployment sets them (no development secret written).
  const env = { ...process.env, CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef' };
  const cms = await createCms({ root, env, report: () => {} });
  const rw = await createCms({ root: writable, report: () => {} });
  // The callers a static-site build or an app sends: anonymous, an API token, a users-permissions JWT.
  const { tokens, users } = cms.auth;
  for (const token of tokens.list()) if (token.name === 'bench') await tokens.revoke('bench');
  const tokenKey = (await tokens.create({ name: 'bench', type: 'read-only' })).accessKey;
  const user = users.byId(1) ?? await users.add({ username: 'bench', email: 'bench@example.org', password: 'bench password 123' });
  const callers = [['anonymous', {}], ['API token', { authorization: `Bearer ${tokenKey}` }],
    ['JWT', { authorization: `Bearer ${cms.auth.issueJwt(user)}` }]];
  const ours = await listen(createNodeHandler(cms));
  const oursRw = await listen(createNodeHandler(rw));
  const someId = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })[3].documentId;
  const rwId = rw.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })[3].documentId;
  const scenarios = [
    ['default list', '/api/articles'],
    ['populate=*', '/api/articles?populate=*'],
    ['filter+sort+page',
      '/api/articles?filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc&pagination[page]=2&pagination[pageSize]=10'],
    ['findOne 2-level populate', `/api/articles/${someId}?populate[author][populate][0]=avatar&populate[seo][populate]=*`],
  ];
  const rows = [];
  for (const [name, path] of scenarios) {
    const response = await cms.contentApi({ method: 'GET', path: path.split('?')[0].slice(4), search: path.split('?')[1] ?? '' });
    const bytes = Buffer.from(JSON.stringify(response.body));
    const bare = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
    // The same response bytes, headers included (Strapi's dozen headers cost Node's http the same in any server).
    const same = await sameAnswerServer(listen, await answerOf(`http://127.0.0.1:${ours.address().port}${path}`));
    for (const connections of [10, 100]) {
      const limit = await cannon(`http://127.0.0.1:${bare.address().port}${path}`, connections);
      const sameLimit = await cannon(`http://127.0.0.1:${same.address().port}${path}`, connections);
      for (const [caller, headers] of callers) {
        const ours2 = await cannon(`http://127.0.0.1:${ours.address().port}${path}`, connections, undefined, headers);
        rows.push({
          scenario: name, caller, connections, 'limit req/s': limit.rps, 'same-bytes limit req/s': sameLimit.rps, 'ours req/s': ours2.rps,
          ratio: +(ours2.rps / limit.rps).toFixed(2), 'ratio, same bytes': +(ours2.rps / sameLimit.rps).toFixed(2),
          'ours p50 ms': ours2.p50, 'ours p99 ms': ours2.p99, errors: ours2.errors,
        });
      }
    }
    bare.close();
    same.close();
  }
  const mixRequests = [
    ...Array.from({ length: 9 }, () => ({ method: 'GET', path: '/api/articles?pagination[pageSize]=10' })),
    // Every write really changes the document (and so empties the answer cache for its type).
    { method: 'PUT', path: `/api/articles/${rwId}?status=draft`, headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({
        ...request, body: JSON.stringify({ data: { description: `bench write ${Math.random().toString(36).slice(2, 10)}` } }),
      }) },
  ];
  const listBytes = Buffer.from(
    JSON.stringify((await rw.contentApi({ method: 'GET', path: '/articles', search: 'pagination[pageSize]=10' })).body),
  );
  const bare = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': listBytes.length });
    res.end(listBytes);
  });
  for (const connections of [10, 100]) {
    const limit = await cannon(`http://127.0.0.1:${bare.address().port}/`, connections);
    const mix = await cannon(`http://127.0.0.1:${oursRw.address().port}`, connections, mixRequests);
    rows.push({ scenario: 'read/write mix 9:1', caller: 'anonymous', connections, 'limit req/s': limit.rps, 'ours req/s': mix.rps,
      ratio: +(mix.rps / limit.rps).toFixed(2), 'ours p50 ms': mix.p50, 'ours p99 ms': mix.p99, errors: mix.errors });
  }
  bare.close(); ours.close(); oursRw.close();
  table('HTTP throughput at 1k documents (autocannon, loopback)', rows);
  results.sections.http = rows;
}

async function benchCold() {
  const rows = [];
  for (const n of sizes) {
    const root = dataset(n);
    readAndParse(root); // warm the page cache so both sides read from memory
    const limit = readAndParse(root);
    const start = performance.now();
    const cms = await createCms({ root, report: () => {} });
    const ms = performance.now() - start;
    rows.push({ documents: n, files: contentFiles(root).length, 'read+parse ms': Math.round(limit.ms), 'index ms': Math.round(ms),
      ratio: +(ms / limit.ms).toFixed(2), problems: cms.problems().length });
  }
  table('Cold start: indexing vs reading and parsing the same files', rows);
  results.sections.cold = rows;
}

async function benchQuery() {
  const n = Math.max(...sizes);
  const cms = await createCms({ root: dataset(n), report: () => {} });
  const queries = [
    ['filter+sort+page',
      'filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc&pagination[page]=2&pagination[pageSize]=10'],
    ['relation filter+sort', 'filters[author][name][$containsi]=author 1&sort=title:asc&pagination[pageSize]=10'],
    ['deep populate page',
      'populate[author][populate][0]=avatar&populate[tags][fields][0]=name&populate[seo][populate]=*&populate[blocks][populate]=*'
        + '&pagination[pageSize]=25'],
    ['default list', ''],
  ];
  const rows = [];
  for (const [name, search] of queries) {
    const times = [];
    for (let i = 0; i < 60; i++) {
      const start = performance.now();
      await cms.contentApi({ method: 'GET', path: '/articles', search });
      times.push(performance.now() - start);
    }
    rows.push({ query: name, documents: n, 'median ms': +median(times.slice(10)).toFixed(2), 'p99 ms': +p99(times.slice(10)).toFixed(2) });
  }
  table(`In-process query latency over ${n} documents`, rows);
  results.sections.query = rows;
}

async function benchWatch() {
  const rows = [];
  for (const n of sizes.filter((size) => size >= 10000)) {
    const root = dataset(n);
    const cms = await createCms({ root, report: () => {} });
    const watcher = watchProject(cms, { debounceMs: 5 });
    const times = [];
    for (let i = 0; i < 10; i++) {
      const id = `zbench${String(i).padStart(18, '0')}`;
      const file = join(root, 'content/tags', `${id}.json`);
      const start = performance.now();
      writeFileSync(file, JSON.stringify({ name: `Bench ${i}`, slug: `bench-${Date.now()}-${i}` }));
      for (;;) {
        const response = await cms.contentApi({ method: 'GET', path: `/tags/${id}`, search: '' }).catch(() => undefined);
        if (response) break;
        if (performance.now() - start > 5000) break;
        await new Promise((ok) => setTimeout(ok, 1));
      }
      times.push(performance.now() - start);
    }
    watcher.close();
    for (let i = 0; i < 10; i++) {
      try { (await import('node:fs')).rmSync(join(root, 'content/tags', `zbench${String(i).padStart(18, '0')}.json`)); } catch {}
    }
    rows.push({ documents: n, 'median ms': +median(times).toFixed(1), 'max ms': +Math.max(...times).toFixed(1) });
  }
  table('File written on disk → visible through the API', rows);
  results.sections.watch = rows;
}

/** RSS growth from loading a site, measured in a fresh process so earlier sections do not blur it. */
function measureLoad(root) {
  const script = `
    const { createCms } = await import(${JSON.stringify(new URL('../dist/core/cms.js', import.meta.url).href)});
    global.gc(); const before = process.memoryUsage().rss;
    const cms = await createCms({ root: ${JSON.stringify(root)}, report: () => {} });
    global.gc(); const after = process.memoryUsage().rss;
    console.log(JSON.stringify({ growth: after - before, rows: cms.index.rows('api::article.article').length }));`;
  const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script],
    { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(output.trim().split('\n').pop());
}

async function benchMemory() {
  const rows = [];
  for (const n of sizes) {
    const root = dataset(n);
    const { growth, rows: count } = measureLoad(root);
    const bytes = contentFiles(root).reduce((sum, file) => sum + statSync(file).size, 0);
    rows.push({ documents: n, 'content MB': +(bytes / 1e6).toFixed(1), 'RSS growth MB': +(growth / 1e6).toFixed(1),
      'RSS bytes per content byte': +(growth / bytes).toFixed(2), 'article rows': count });
  }
  table('Memory: resident set growth per byte of content', rows);
  results.sections.memory = rows;
}

if (only.has('cold')) await benchCold();
if (only.has('memory')) await benchMemory();
if (only.has('query')) await benchQuery();
if (only.has('watch')) await benchWatch();
if (only.has('http')) await benchHttp();
if (only.has('writes')) {
  const rows = await benchWrites({ createCms, createNodeHandler, generate, listen, duration });
  table('Writes at 1k documents: creates, updates over 500 documents, 9:1 mix (autocannon, loopback)', rows);
  results.sections.writes = rows;
}
if (only.has('strapi')) {
  // Read rows and write rows (strapi-write-rows.mjs) as the header says.
  const rounds = Number(args.rounds ?? 7);
  const seconds = Number(args.round ?? 1);
  const warmUp = Number(args.warmup ?? 5);
  const writeRounds = Number(args['write-rounds'] ?? 5);
  const { rows, seeded, strapi, writeLoad, settled, placement } = await benchStrapi({ createCms, createNodeHandler, listen, duration,
    warmUp, writeRounds, rounds, seconds, withStrapi: process.argv.includes('--strapi'), rows: args.rows });
  table(`Strapi (${strapi}) beside this server and the limit (${seeded} entries seeded through REST into both, 10 connections, `
    + `loopback; reads: median of ${rounds} interleaved rounds of ${seconds} s, load from its own process; writes: median of `
    + `${writeRounds} rounds of ${duration} s, Strapi's and ours interleaved, after ${warmUp} s of warm-up, load from `
    + `${writeLoad}${writeLoad === 'wrk' ? '' : ' (wrk is not installed, or BENCH_WRITE_LOAD=autocannon)'}; each run after the machine `
    + `settled: ${settled.waits} waits, median ${settled.medianMs} ms, longest ${settled.longestMs} ms, ${settled.capped} still busy at 5 s; `
    + `${placement.off ? `no CPU placement: ${placement.off}` : `our main thread on CPU ${placement.loop}, the load and our other threads on ${placement.rest}, Strapi's unplaced`})`, rows);
  Object.assign(results, { writeLoad, settled, placement });
  results.sections.strapi = rows;
}
if (only.has('restart')) {
  const { restart, memory } = (await import('./restart.mjs')).benchRestart(sizes.map(dataset));
  table('Start-up: restart from the index snapshot and cold start vs reading and parsing the files (fresh processes, best of 3)', restart);
  table('Memory after a cold start and a restart: resident set growth per byte of content (fresh processes)', memory);
  Object.assign(results.sections, { restart, restartMemory: memory });
}
if (only.has('scale')) {
  results.sections.scale = await (await import('./scale-rows.mjs')).benchScale({ createCms, roots: sizes.map((n) => [n, dataset(n)]) });
  table('Across sizes: a page of a filter+sort, a relation filter, a write, and the first read after it (in-process)',
    results.sections.scale);
}
if (only.has('branches')) results.sections.branches = await (await import('./branches.mjs')).benchBranchesSection(dataset, sizes, table);
if (only.has('cli')) {
  results.sections.cli = (await import('./cli-bulk.mjs')).benchCli(dataset(20000), { creates: 20 });
  table('Scripts through the CLI on a 20k-document site (bench/cli-bulk.mjs)', results.sections.cli);
}
if (only.has('start')) {
  results.sections.start = await (await import('./cli-start.mjs')).benchStart({ runs: 5 });
  table('CPU of a CLI start on the sample site: serve until "Serving", short commands until exit (bench/cli-start.mjs, best of 5)',
    results.sections.start);
}
if (only.has('static')) results.sections.static = (await import('./static-build.mjs')).benchStaticSection(dataRoot, sizes, table);
const dir = resolve(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const out = join(dir, `bench-${results.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nresults: ${out}`);
