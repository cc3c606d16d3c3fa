// CPU per request of the write rows, the server in its own process so autocannon's CPU is not counted:
// the figure to compare changes by on a shared machine, where req/s moves with the load of others.
// node bench/write-cpu.mjs [creates|updates|read/write] [connections] [seconds] [checkout]
// (`checkout`: another built copy of this project, to compare two commits in the same conditions).
// WRITE_CPU_FAST=0: every write through h3 (`fastWrites: false`), to compare with the fast write route in one build.
// WRITE_CPU_DOCS=40: the documents written (default 500), each written once before the load as the Strapi table's seeded ones
// were (a record of the cold start has no file time, so a first write looks at its files the long way): on a loaded
// machine, few enough that each is written again within 2 s, as at the table's rates.
// WRITE_CPU_THREADS=1: also each thread's CPU per request, by thread (Linux: the main thread, then the busiest: the writer and look threads, the pool, GC, …).
// WRITE_CPU_WARMUP=8: seconds of load before the measured ones (default 1); at a loaded machine's rates V8 is still
// compiling the write path on its own threads seconds later, which the process CPU counts.
// WRITE_CPU_ROOT: the site's folder (default /tmp/cms-bench-write-cpu), so two runs at once do not share one.
// WRITE_CPU_RATE: the measured load sends at most this many req/s: two builds compared at the same rate (a write's CPU
// moves with the rate, as fewer writes share a batch when the machine allows fewer requests).
// WRITE_CPU_ALLOC=1: also the kilobytes the server's main thread allocates per request over the measured seconds (V8's
// sampling heap profiler, collected objects counted, as write-loop.mjs counts a library write's): unlike CPU time, it
// does not move with the load of others, so it resolves small changes of the HTTP path that pairs of CPU figures cannot.
// WRITE_CPU_ALLOC_TOP=20 with it: the 20 functions that allocated most over those seconds, on stderr.
// `main-thread CPU ms/req` (Linux): the main thread's own time on a CPU (its schedstat), what bounds the rate when the
// threads' work is spread over the cores; `main-thread ms/req` is its busy wall time, which a loaded machine inflates.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const [which = 'creates', connections = '10', seconds = '3',
  checkout = resolve(fileURLToPath(import.meta.url), '../..')] = process.argv.slice(2);

/** The main thread's time on a CPU so far, in ms (Linux), else NaN. */
function mainThreadCpuMs() {
  try {
    return Number(readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** The threads the process started with (V8's platform workers: compilation and GC helpers), named so below. */
const startThreads = new Set(process.env.WRITE_CPU_SERVER ? readdirSync('/proc/self/task') : []);

/** Every thread's time on a CPU so far, in ms, by thread id and name (Linux; empty elsewhere): `WRITE_CPU_THREADS=1`. */
function threadCpuMs() {
  const byName = {};
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const name = `${tid === String(process.pid) ? 'main' : `${tid}${startThreads.has(tid) ? ' (V8)' : ''}`} ${readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()}`;
      byName[name] = (byName[name] ?? 0) + Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    }
  } catch { /* not Linux, or a thread that ended while read */ }
  return byName;
}

/** The server: a fresh 1k-document site with public writes, counting requests and its own CPU between `start` and `stop`. */
async function serve() {
  const { createServer } = await import('node:http');
  const { createCms } = await import(`${checkout}/dist/core/cms.js`);
  const { createNodeHandler } = await import(`${checkout}/dist/core/http/serve.js`);
  const { generate } = await import(`${checkout}/bench/generate.mjs`);
  const root = process.env.WRITE_CPU_ROOT ?? '/tmp/cms-bench-write-cpu';
  generate(1000, root, 7);
  const config = JSON.parse(readFileSync(`${root}/cms.config.json`, 'utf8'));
  config.permissions.public['api::article.article'] = ['find', 'findOne', 'create', 'update'];
  writeFileSync(`${root}/cms.config.json`, JSON.stringify(config));
  const cms = await createCms({ root, report: () => {} });
  const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })
    .slice(0, Number(process.env.WRITE_CPU_DOCS ?? 500)).map((row) => row.documentId);
  if (process.env.WRITE_CPU_DOCS) {
    const articles = cms.documents('api::article.article');
    for (const documentId of ids) await articles.update({ documentId, status: 'published', data: { description: 'seeded' } });
  }
  const handler = createNodeHandler(cms, { fastWrites: process.env.WRITE_CPU_FAST !== '0' });
  let count = 0;
  let from;
  const server = createServer((req, res) => { count++; handler(req, res); });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port, ids }));
  const allocation = process.env.WRITE_CPU_ALLOC ? await allocationCounter() : undefined;
  process.on('message', async (message) => {
    if (message === 'start') {
      await allocation?.start();
      from = { count, elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), main: mainThreadCpuMs(), threads: threadCpuMs() };
    }
    if (message !== 'stop') return;
    const requests = count - from.count;
    const allocated = allocation && await allocation.stop();
    const cpu = process.cpuUsage(from.cpu);
    const threads = Object.entries(threadCpuMs()).map(([name, ms]) => [name, +((ms - (from.threads[name] ?? 0)) / requests).toFixed(3)]);
    process.send({ requests, mainThreadMs: performance.eventLoopUtilization(from.elu).active / requests,
      mainThreadCpuMs: (mainThreadCpuMs() - from.main) / requests,
      processCpuMs: (cpu.user + cpu.system) / 1000 / requests, systemMs: cpu.system / 1000 / requests, threads,
      kbPerRequest: allocated === undefined ? undefined : allocated / 1024 / requests });
    setTimeout(() => process.exit(0), 50);
  });
}

/** The main thread's allocation between `start` and `stop`, in bytes (V8's sampling heap profiler, every 1 KB). */
async function allocationCounter() {
  const { Session } = await import('node:inspector');
  const session = new Session();
  session.connect();
  const post = (method, params) => new Promise((ok, fail) => session.post(method, params, (error, result) => (error ? fail(error) : ok(result))));
  return {
    start: () => post('HeapProfiler.startSampling',
      { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }),
    async stop() {
      const { profile } = await post('HeapProfiler.stopSampling');
      let bytes = 0;
      const sites = new Map();
      const add = (node) => {
        bytes += node.selfSize;
        const { functionName, url, lineNumber } = node.callFrame;
        const site = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(dist|node_modules)\//, '')}:${lineNumber + 1}`;
        sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
        node.children.forEach(add);
      };
      add(profile.head);
      const top = Number(process.env.WRITE_CPU_ALLOC_TOP ?? 0);
      if (top) {
        for (const [site, size] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, top)) {
          process.stderr.write(`${(size / 1024).toFixed(0).padStart(8)} KB  ${site}\n`);
        }
      }
      return bytes;
    },
  };
}

async function measure() {
  const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), { env: { ...process.env, WRITE_CPU_SERVER: '1' } });
  const { port, ids } = await new Promise((ok) => child.once('message', ok));
  const { writeScenarios, cannon } = await import('./write-rows.mjs');
  const [scenario, requests] = writeScenarios({ ids }).find(([name]) => name.startsWith(which));
  const url = `http://127.0.0.1:${port}`;
  await cannon(url, { connections: 10, duration: Number(process.env.WRITE_CPU_WARMUP ?? 1), requests });
  child.send('start');
  const rate = Number(process.env.WRITE_CPU_RATE ?? 0);
  const result = await cannon(url, { connections: Number(connections), duration: Number(seconds), requests, rate });
  child.send('stop');
  const cost = await new Promise((ok) => child.once('message', ok));
  console.log(JSON.stringify({ checkout, scenario, connections: Number(connections), 'req/s': result.rps, errors: result.errors,
    'main-thread ms/req': +cost.mainThreadMs.toFixed(3), 'main-thread CPU ms/req': +cost.mainThreadCpuMs.toFixed(3), 'process CPU ms/req': +cost.processCpuMs.toFixed(3),
    'of which system ms/req': +cost.systemMs.toFixed(3),
    ...(cost.kbPerRequest === undefined ? {} : { 'KB allocated/req (main thread)': +cost.kbPerRequest.toFixed(2) }),
    ...(process.env.WRITE_CPU_THREADS ? { 'CPU ms/req by thread': Object.fromEntries(cost.threads.filter(([, ms]) => ms >= 0.005).sort((a, b) => b[1] - a[1])) } : {}) }));
}

await (process.env.WRITE_CPU_SERVER ? serve() : measure());
