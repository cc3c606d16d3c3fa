// The 1M row's "filter never asked before", query by query, with the collections that landed on each: cold-starts a
// site in this process with a given build, asks the two `scale` queries and each shape's first filter as
// million-row.mjs does, then the 240 new values, and prints the median / p99 / max and the slowest with their
// collections (PerformanceObserver 'gc'). FLUSH=1 forces two scavenges after the warm-up and each first filter.
//   npm run build && node --expose-gc --max-old-space-size=16384 bench/new-filter-probe.mjs dist <site> [label]
import { resolve } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { FILTER_SHAPES } from './new-filter-shapes.mjs';

const [dist = 'dist', root, label = ''] = process.argv.slice(2);
if (!root) throw new Error('usage: node --expose-gc bench/new-filter-probe.mjs <dist> <site> [label]');
const { createCms } = await import(pathToFileURL(resolve(dist, 'core/cms.js')).href);
const shapes = new Function(`return ${FILTER_SHAPES}`)();
const FRESH = 240;

const gcs = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration, kind: entry.detail?.kind });
}).observe({ entryTypes: ['gc'] });
const began = performance.now();
const cms = await createCms({ root, report: () => {} });
const coldMs = performance.now() - began;

const rows = [];
async function ask(search, tag) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const answered = await cms.contentApi({ method: 'GET', path: '/articles', search });
  const end = performance.now();
  if (answered.status !== 200) throw new Error(`${search}: ${answered.status}`);
  const { user, system } = process.cpuUsage(cpu);
  rows.push({ tag, start, end, ms: end - start, cpuMs: (user + system) / 1000, search });
}
const page = (n) => `&pagination[page]=${1 + (n % 5)}&pagination[pageSize]=10`;
const flush = () => { if (process.env.FLUSH) { globalThis.gc({ type: 'minor' }); globalThis.gc({ type: 'minor' }); } };

await ask(`filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc${page(0)}`, 'scale');
await ask(`filters[author][name][$containsi]=author 1&sort=title:asc${page(0)}`, 'scale');
flush();
for (const shape of shapes) { await ask(shape(-1) + page(0), 'first'); flush(); }
for (let i = 0; i < FRESH; i++) await ask(shapes[i % shapes.length](i) + page(i), 'fresh');
await new Promise((done) => setTimeout(done, 200)); // the last collection's entry is reported after it ends

const fresh = rows.filter((row) => row.tag === 'fresh');
for (const row of fresh) {
  const landed = gcs.filter((gc) => gc.end > row.start && gc.start < row.end);
  row.gcMs = landed.reduce((sum, gc) => sum + Math.min(gc.end, row.end) - Math.max(gc.start, row.start), 0);
  row.gcs = landed.map((gc) => `${gc.kind}:${(gc.end - gc.start).toFixed(1)}`).join(',');
}
const ms = fresh.map((row) => row.ms).sort((a, b) => a - b);
const at = (q) => +ms[Math.min(ms.length - 1, Math.floor(ms.length * q))].toFixed(2);
const memory = process.memoryUsage();
console.log(JSON.stringify({
  label, coldMs: Math.round(coldMs), median: at(0.5), p99: at(0.99), max: at(1), queriesWithGc: fresh.filter((row) => row.gcMs > 0).length,
  rssMB: Math.round(memory.rss / 2 ** 20), heapMB: Math.round(memory.heapUsed / 2 ** 20),
}));
for (const row of [...fresh].sort((a, b) => b.ms - a.ms).slice(0, 8)) {
  console.log(`${row.ms.toFixed(1)} ms, cpu ${row.cpuMs.toFixed(1)}, gc ${row.gcMs.toFixed(1)} ${row.gcs} ${row.search}`);
}
process.exit(0);
