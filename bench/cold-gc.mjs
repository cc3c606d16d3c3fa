// A cold start of one site (no snapshot) in this process, with the major collections it started and their pauses:
// node --max-old-space-size=16384 bench/cold-gc.mjs <site root> [dist folder, default ./dist]
// (performance-scale.md: the text slab's buffers and V8's mark-compacts started by memory outside the heap).
import { resolve } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [root, dist = 'dist'] = process.argv.slice(2);
if (!root) {
  console.error('usage: node bench/cold-gc.mjs <site root> [dist folder]');
  process.exit(2);
}
const { createCms } = await import(pathToFileURL(resolve(dist, 'core/cms.js')).href);
let major = 0;
let pauses = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) { major++; pauses += entry.duration; }
  }
}).observe({ entryTypes: ['gc'] });
const started = performance.now();
const cpu = process.cpuUsage();
await createCms({ root, report: () => {}, indexSnapshot: false });
const used = process.cpuUsage(cpu);
// The observer's entries arrive on a later turn.
await new Promise((ok) => setTimeout(ok, 50));
console.log(`cold start ${(performance.now() - started).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, `
  + `${major} major collections (${pauses.toFixed(0)} ms), RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
process.exit(0);
