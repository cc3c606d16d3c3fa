// Start-up benchmarks: a restart from the index snapshot and a cold start (every file read), each in
// a fresh process, against the limit (reading and JSON-parsing the same files, in a fresh process
// too); and resident memory per byte of content. Run by `npm run bench` (section `restart`), or alone:
//   node --expose-gc bench/restart.mjs --sizes 10000,100000
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CMS = new URL('../dist/core/cms.js', import.meta.url).href;
const LOAD = new URL('../dist/core/index/load.js', import.meta.url).href;

/** Run a measuring script in a fresh node (no JIT or heap carried over from earlier runs). */
const fresh = (script) => JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script],
  { encoding: 'utf8', maxBuffer: 1 << 20 }).trim().split('\n').pop());

const limitScript = (root) => `
  import { readdirSync, readFileSync } from 'node:fs'; import { join } from 'node:path';
  const root = ${JSON.stringify(root)}; const start = performance.now();
  for (const folder of readdirSync(join(root, 'content'))) for (const name of readdirSync(join(root, 'content', folder))) {
    const text = readFileSync(join(root, 'content', folder, name), 'utf8'); if (name.endsWith('.json')) JSON.parse(text); }
  console.log(JSON.stringify({ ms: performance.now() - start }));`;

const startScript = (root, indexSnapshot) => `
  const { createCms } = await import(${JSON.stringify(CMS)}); const { loadReport } = await import(${JSON.stringify(LOAD)});
  global.gc(); const before = process.memoryUsage().rss; const start = performance.now();
  const cms = await createCms({ root: ${JSON.stringify(root)}, report: () => {}, indexSnapshot: ${indexSnapshot} });
  const ms = performance.now() - start; const report = loadReport(cms.index);
  const writeStart = performance.now(); await report.snapshotWritten; const writeMs = performance.now() - writeStart;
  global.gc(); const growth = process.memoryUsage().rss - before;
  console.log(JSON.stringify({ ms, writeMs, growth, stats: report.stats, phases: report.phases, rows: cms.index.rows('api::article.article').length }));`;

function contentBytes(root) {
  let bytes = 0;
  for (const folder of readdirSync(join(root, 'content'))) {
    for (const name of readdirSync(join(root, 'content', folder))) bytes += statSync(join(root, 'content', folder, name)).size;
  }
  return bytes;
}

const best = (runs, key = 'ms') => runs.reduce((a, b) => (b[key] < a[key] ? b : a));

/**
 * @example
 * const { restart, memory } = await benchRestart([dataset(100000)], { runs: 3 });
 */
export function benchRestart(roots, { runs = 3 } = {}) {
  const restart = [];
  const memory = [];
  const phases = [];
  for (const root of roots) {
    const files = readdirSync(join(root, 'content')).reduce((sum, folder) => sum + readdirSync(join(root, 'content', folder)).length, 0);
    const times = files > 500_000 ? 1 : runs; // past 500k files a run takes minutes: one of each
    fresh(limitScript(root)); // warm the page cache: every side reads from memory
    const limit = best(Array.from({ length: times }, () => fresh(limitScript(root))));
    const cold = best(Array.from({ length: times }, () => fresh(startScript(root, false))));
    rmSync(join(root, '.cms/index-snapshot'), { force: true });
    const first = fresh(startScript(root, true)); // reads every file, then writes the snapshot
    const warm = best(Array.from({ length: times }, () => fresh(startScript(root, true))));
    const bytes = contentBytes(root);
    restart.push({
      files, 'read+parse ms': Math.round(limit.ms),
      'cold start ms': Math.round(cold.ms), 'cold ratio': +(cold.ms / limit.ms).toFixed(2),
      'restart ms': Math.round(warm.ms), 'restart ratio': +(warm.ms / limit.ms).toFixed(2),
      'snapshot write ms': Math.round(first.writeMs), 'kept from snapshot': warm.stats.fromSnapshot + warm.stats.verified,
      'unchanged files checked by': warm.stats.checkedBy, 'files found by': warm.stats.listedBy,
    });
    // Where the restart's time went, stage by stage (CPU of every thread of the process, and wall).
    phases.push({ files, ...Object.fromEntries(Object.entries(warm.phases ?? {}).map(([name, { cpuMs, wallMs }]) => [name, `${cpuMs} / ${wallMs}`])) });
    memory.push({
      files, 'content MB': +(bytes / 1e6).toFixed(1),
      'cold RSS MB': +(cold.growth / 1e6).toFixed(1), 'cold bytes/byte': +(cold.growth / bytes).toFixed(2),
      'restart RSS MB': +(warm.growth / 1e6).toFixed(1), 'restart bytes/byte': +(warm.growth / bytes).toFixed(2),
    });
  }
  return { restart, memory, phases };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = (process.argv[process.argv.indexOf('--sizes') + 1] ?? '').split(',').filter(Boolean).map(Number);
  const { commitSite, generate } = await import('./generate.mjs');
  const roots = (sizes.length ? sizes : [10000, 100000]).map((n) => {
    const dir = `/tmp/cms-bench-${n}`;
    try { statSync(join(dir, 'content/articles')); } catch { generate(n, dir); }
    commitSite(dir);
    return dir;
  });
  const { restart, memory, phases } = benchRestart(roots);
  console.log('\n## Start-up: restart from the index snapshot and cold start, vs reading and parsing the files '
    + '(fresh processes, best of 3)');
  console.table(restart);
  console.log('\n## The restart by stage: CPU / wall ms (snapshot: decoding it; git: waiting for its view; rows: building them)');
  console.table(phases);
  console.log('\n## Memory: resident set growth per byte of content');
  console.table(memory);
}
