// One restart of a site from its index snapshot, in this process: the CPU and wall time of each stage
// (`loadReport(index).phases`), the heap after it, the load average before and after. The site must have
// been started once (its `.cms/index-snapshot` written). For the collections, add --trace-gc (a gc
// PerformanceObserver counted 12 of the 38 scavenges --trace-gc printed at 100k: not used):
//   npm run build && node bench/restart-once.mjs /tmp/million/cms-bench-100000
//   node --max-semi-space-size=64 bench/restart-once.mjs /tmp/million/cms-bench-1000000   (V8 flags go before the script)
// With `--list <type>` (a plural name, such as articles), then a first list of that type sorted by title, which reads
// every document's fields: its CPU and wall time and the resident memory after it.
import { loadavg } from 'node:os';

const root = process.argv[2];
if (!root) throw new Error('usage: node bench/restart-once.mjs <site> [--list <type>]');
const listAt = process.argv.indexOf('--list');
const listType = listAt > 0 ? process.argv[listAt + 1] : undefined;
const { createCms } = await import(new URL('../dist/core/cms.js', import.meta.url).href);
const { loadReport } = await import(new URL('../dist/core/index/load.js', import.meta.url).href);

const loadBefore = loadavg()[0];
const cpu = process.cpuUsage();
const start = performance.now();
const cms = await createCms({ root, report: () => {}, indexSnapshot: true });
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
const report = loadReport(cms.index);
// A snapshot this start writes (none was usable) is finished, never left half written.
await report.snapshotWritten;
const rssMB = () => Math.round(process.memoryUsage().rss / 1e6);
const rssAfterRestartMB = rssMB();
let list;
if (listType) {
  const [listCpu, listStart] = [process.cpuUsage(), performance.now()];
  const page = await cms.documents(listType).findMany({ sort: 'title:asc', pagination: { page: 1, pageSize: 10 } });
  const listUsed = process.cpuUsage(listCpu);
  list = { type: listType, rows: page.length, ms: Math.round(performance.now() - listStart),
    cpuMs: Math.round((listUsed.user + listUsed.system) / 1000), rssMB: rssMB() };
}
console.log(JSON.stringify({
  ms: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000), phases: report.phases, stats: report.stats,
  heapMB: Math.round(process.memoryUsage().heapUsed / 1e6), rssMB: rssAfterRestartMB, list, load: [loadBefore, loadavg()[0]].map((value) => +value.toFixed(1)),
  execArgv: process.execArgv,
}));
process.exit(0);
