// One cold start (or the read+parse limit) of a site in a fresh process, as bench/restart.mjs measures them, with the
// CPU of the process (every thread; user and system apart too) and the resident growth before and after the first list
// of articles, and (Linux) the CPU of the main thread alone (\`mainMs\`: what the wall time would be with the other threads'
// work on another core). For alternated before/after rounds on a loaded machine (a before build's dist/ given by path):
//   node bench/cold-start-once.mjs <dist folder> <site> cold|limit
import { execFileSync } from 'node:child_process';
const [,, dist, root, what] = process.argv;
const fresh = (script) => JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script],
  { encoding: 'utf8', maxBuffer: 1 << 20 }).trim().split('\n').pop());
// The main thread's user + system CPU ms, from /proc (its task id is the process id); null elsewhere.
const mainThread = `const mainMs = () => { try { const f = require('node:fs').readFileSync('/proc/self/task/' + process.pid + '/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 1000 / 100; } catch { return null; } }; const require = (await import('node:module')).createRequire(import.meta.url);`;
const limitScript = `${mainThread}
  import { readdirSync, readFileSync } from 'node:fs'; import { join } from 'node:path';
  const root = ${JSON.stringify(root)}; const cpu = process.cpuUsage(); const main = mainMs(); const start = performance.now();
  for (const folder of readdirSync(join(root, 'content'))) for (const name of readdirSync(join(root, 'content', folder))) {
    const text = readFileSync(join(root, 'content', folder, name), 'utf8'); if (name.endsWith('.json')) JSON.parse(text); }
  const c = process.cpuUsage(cpu); console.log(JSON.stringify({ ms: performance.now() - start, mainMs: mainMs() - main, cpuMs: (c.user + c.system) / 1000, userMs: c.user / 1000, systemMs: c.system / 1000 }));`;
const coldScript = `${mainThread}
  const { createCms } = await import(${JSON.stringify(dist + '/core/cms.js')}); const { loadReport } = await import(${JSON.stringify(dist + '/core/index/load.js')});
  global.gc(); const before = process.memoryUsage().rss; const cpu = process.cpuUsage(); const main = mainMs(); const start = performance.now();
  const cms = await createCms({ root: ${JSON.stringify(root)}, report: () => {}, indexSnapshot: false });
  const ms = performance.now() - start; const c = process.cpuUsage(cpu); const mainCpuMs = mainMs() - main;
  const problems = cms.index.problems.size;
  global.gc(); const growthBeforeRows = process.memoryUsage().rss - before;
  const rows = cms.index.rows('api::article.article').length;
  global.gc(); const growth = process.memoryUsage().rss - before;
  console.log(JSON.stringify({ ms, mainMs: mainCpuMs, cpuMs: (c.user + c.system) / 1000, userMs: c.user / 1000, systemMs: c.system / 1000, growthBeforeRows, growth, heapUsed: process.memoryUsage().heapUsed, rows, problems, phases: loadReport(cms.index).phases }));`;
console.log(JSON.stringify(fresh(what === 'limit' ? limitScript : coldScript)));
