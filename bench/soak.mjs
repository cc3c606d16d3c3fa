// Soak with reads and writes timed apart: `connections` clients over keep-alive sockets against `cms serve` (production, no
// watch) on a writable copy of the sample site, each request a write (PUT) to one of `hot` documents with probability
// `writes`, else a read (lists with populate and filters, a page of tags, one hot document). Prints reads' and writes'
// p50/p99/max, requests/s, non-2xx, and the server's RSS at the start and the end.
//
// The first `warmup` seconds (lazy imports, JIT) run the same load but are not timed.
//
//   npm run build && node bench/soak.mjs --seconds 60 --connections 100 --writes 0.1 --hot 2 --warmup 5
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startServer, writableSite } from './torture.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    writes: { type: 'string', default: '0.1' },
    hot: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '5' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const writeShare = Number(values.writes);
const hotCount = Number(values.hot);
const warmup = Number(values.warmup);

const root = writableSite();
const port = await freePort();
const child = await startServer(root, port);
const hot = readdirSync(join(root, 'content/tags')).filter((name) => name.endsWith('.json')).slice(0, hotCount)
  .map((name) => name.replace(/\.json$/, ''));
const READS = [
  '/api/articles?populate=*',
  '/api/articles?filters[views][$gt]=10&sort=title',
  '/api/tags?pagination[pageSize]=5',
  ...hot.map((id) => `/api/tags/${id}`),
];

const agent = new Agent({ keepAlive: true, maxSockets: connections });
/** One request; resolves with its status once the whole body is in. */
function send(method, path, body) {
  return new Promise((resolve, reject) => {
    const headers = body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {};
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const rssOf = () => {
  try {
    return Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
  } catch {
    return NaN;
  }
};
const samples = [];
const sampler = setInterval(() => { if (performance.now() >= timedFrom) samples.push(rssOf()); }, 1000);
const timings = { read: [], write: [] };
const byPath = new Map();
let non2xx = 0, errors = 0, sequence = 0;
const timedFrom = performance.now() + warmup * 1000;
const end = timedFrom + seconds * 1000;

async function client() {
  while (performance.now() < end) {
    const write = Math.random() < writeShare;
    const kind = write ? 'write' : 'read';
    const path = write ? `/api/tags/${hot[sequence++ % hot.length]}` : READS[Math.floor(Math.random() * READS.length)];
    const body = write ? JSON.stringify({ data: { name: `Soak ${sequence} ${Math.random()}` } }) : undefined;
    const started = performance.now();
    try {
      const status = await send(write ? 'PUT' : 'GET', path, body);
      const took = performance.now() - started;
      if (status < 200 || status > 299) non2xx++;
      if (started < timedFrom) continue;
      timings[kind].push(took);
      if (!write) {
        if (!byPath.has(path)) byPath.set(path, []);
        byPath.get(path).push(took);
      }
    } catch {
      errors++;
    }
  }
}
await Promise.all(Array.from({ length: connections }, client));
clearInterval(sampler);
agent.destroy();
child.kill('SIGKILL');
rmSync(root, { recursive: true, force: true });

const percentile = (list, p) => list[Math.min(list.length - 1, Math.floor((list.length * p) / 100))] ?? NaN;
const summary = (list) => {
  list.sort((a, b) => a - b);
  return { count: list.length, p50: Math.round(percentile(list, 50)), p99: Math.round(percentile(list, 99)), max: Math.round(list.at(-1)) };
};
const third = Math.max(1, Math.floor(samples.length / 3));
const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
const result = {
  seconds, warmup, connections, writes: writeShare, hot: hotCount,
  requestsPerSecond: Math.round((timings.read.length + timings.write.length) / seconds),
  reads: summary(timings.read),
  readsByPath: Object.fromEntries([...byPath].map(([path, list]) => [path, summary(list)])),
  writeTimes: summary(timings.write), non2xx, errors,
  rssStartMb: Math.round(mean(samples.slice(0, third))), rssEndMb: Math.round(mean(samples.slice(-third))),
};
console.log(`soak: ${seconds}s at ${connections} connections, ${writeShare * 100}% writes on ${hotCount} documents: `
  + `${result.requestsPerSecond} req/s; reads p50 ${result.reads.p50} ms, p99 ${result.reads.p99} ms, max ${result.reads.max} ms; `
  + `writes p50 ${result.writeTimes.p50} ms, p99 ${result.writeTimes.p99} ms; ${non2xx} non-2xx, ${errors} errors; `
  + `RSS ${result.rssStartMb} MB → ${result.rssEndMb} MB`);
console.log(JSON.stringify(result));
