// A write at 1M against 1k, write by write: where a write's CPU goes, in our code or in the collector. Starts a site in
// this process as bench/million-row.mjs's child does (`createCms`, then the two `scale` queries, each filter shape's
// first ask and the 240 new values, unless `--warm 0`), then times `--updates` updates of published articles (as the
// bench's: `description`, status published) and `--creates` creates, each with its wall time, the process's CPU
// (`process.cpuUsage`: every thread), the main thread's own (`/proc/self/task/<pid>/schedstat`), the growth of the
// heap and the `gc` entries of a `PerformanceObserver` that fall inside its window; per phase, each thread's time
// (V8's helpers sweep and mark without a `gc` entry). The first update and the first create are printed apart (they
// build lookups once). `--profile <file>` takes a CPU profile (node:inspector) of the counted updates and of the
// counted creates (`<file>.update`, `<file>.create`; `.delete` with `--deletes`) and prints the functions with the most self time; `--settle`
// forces a full collection before the counted writes; `--marks` prints their start and end on stderr (to find them in
// a `--trace-gc` log). The files touched are put back after, the documents created removed.
//   npm run build && node --expose-gc --max-old-space-size=16384 bench/write-probe.mjs dist <site> [--updates 20]
//     [--creates 20] [--deletes 0] [--warm 1] [--profile /tmp/w.cpuprofile] [--settle] [--marks] [--label after]
// One site per process; run the 1k and the 1M site in turn (only one 1M process at a time: it takes 5–7 GB).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { FILTER_SHAPES } from './new-filter-shapes.mjs';

const [dist, root, ...rest] = process.argv.slice(2);
if (!root) throw new Error('usage: node --expose-gc bench/write-probe.mjs <dist> <site> [--updates n] [--creates n] [--warm 0|1] [--profile file]');
const option = (name, fallback) => (rest.includes(`--${name}`) ? rest[rest.indexOf(`--${name}`) + 1] : fallback);
const UPDATES = Number(option('updates', 20));
const CREATES = Number(option('creates', 20));
const profileFile = option('profile');
const { createCms } = await import(pathToFileURL(resolve(dist, 'core/cms.js')).href);

const KINDS = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak' };
const gcs = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcs.push({ start: entry.startTime, end: entry.startTime + entry.duration, kind: KINDS[entry.detail?.kind] ?? entry.detail?.kind });
  }
}).observe({ entryTypes: ['gc'] });
/** The main thread's time on a core, ms (the process's CPU counts the collector's helpers and the writer thread too). */
const mainThreadMs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
/** Every thread's time on a core, ms, by thread id (all are named `node`: the writer thread, libuv's, V8's helpers). */
function threadTimes() {
  const times = new Map();
  for (const tid of readdirSync('/proc/self/task')) {
    try { times.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6); } catch { /* ended */ }
  }
  return times;
}

const cms = await createCms({ root, report: () => {} });
const articles = cms.documents('api::article.article');
if (option('warm', '1') !== '0') {
  const ask = async (search) => {
    const answered = await cms.contentApi({ method: 'GET', path: '/articles', search });
    if (answered.status !== 200) throw new Error(`${search}: ${answered.status}`);
  };
  const page = (n) => `&pagination[page]=${1 + (n % 5)}&pagination[pageSize]=10`;
  const shapes = new Function(`return ${FILTER_SHAPES}`)();
  await ask(`filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc${page(0)}`);
  await ask(`filters[author][name][$containsi]=author 1&sort=title:asc${page(0)}`);
  for (const shape of shapes) await ask(shape(-1) + page(0));
  for (let i = 0; i < 240; i++) await ask(shapes[i % shapes.length](i) + page(i));
}

const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })
  .slice(0, UPDATES + 1).map((row) => row.documentId);
const filesOf = (id) => ['.json', '.draft.json', '.fr.json', '.fr.draft.json'].map((suffix) => join(root, 'content/articles', id + suffix));
const saved = new Map(ids.flatMap(filesOf).map((file) => [file, existsSync(file) ? readFileSync(file) : undefined]));
const created = [];
const heapMB = () => Math.round(getHeapSpaceStatistics().reduce((sum, space) => sum + space.space_used_size, 0) / 2 ** 20);
const heapAtStart = heapMB();

const rows = [];
async function timed(kind, write) {
  const cpu = process.cpuUsage();
  const main = mainThreadMs();
  const heap = getHeapStatistics().used_heap_size;
  const start = performance.now();
  await write();
  const end = performance.now();
  const { user, system } = process.cpuUsage(cpu);
  rows.push({ kind, start, end, ms: end - start, cpuMs: (user + system) / 1000, mainMs: mainThreadMs() - main,
    heapKB: (getHeapStatistics().used_heap_size - heap) / 1024 });
}
const update = (i) => timed(i === 0 ? 'first update' : 'update', () => articles.update({
  documentId: ids[i], data: { description: `write probe ${i}` }, status: 'published',
}));
const create = (i) => timed(i === 0 ? 'first create' : 'create', async () => {
  const made = await articles.create({ data: { title: `write probe ${i}`, views: (i * 7919) % 1000, readingTime: 3.5 + i }, status: 'published' });
  created.push(made.documentId);
});

await update(0);
await create(0);
if (rest.includes('--settle')) { // what the first writes left for the collector, finished before the counted ones
  globalThis.gc();
  await new Promise((done) => setTimeout(done, 500));
}
const profiles = {};
const threads = {};
async function phase(kind, count, write) {
  const session = profileFile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const before = threadTimes();
  if (rest.includes('--marks')) console.error(`--- ${kind}s start`); // to find them in a --trace-gc log
  for (let i = 1; i <= count; i++) await write(i);
  if (rest.includes('--marks')) console.error(`--- ${kind}s end`);
  const after = threadTimes();
  threads[kind] = [...after].map(([tid, ms]) => [tid === String(process.pid) ? 'main' : tid, (ms - (before.get(tid) ?? 0)) / count])
    .filter(([, ms]) => ms >= 0.01).sort((a, b) => b[1] - a[1]).map(([tid, ms]) => `${tid} ${ms.toFixed(2)}`).join(', ');
  if (session) profiles[kind] = (await session.post('Profiler.stop')).profile;
}
await phase('update', ids.length - 1, update);
await phase('create', CREATES, create);
// `--deletes n`: delete the last n documents the counted creates made (each one out of every kept list, as a create goes in)
const DELETES = Math.min(Number(option('deletes', 0)), CREATES);
const doomed = created.slice(created.length - DELETES);
const remove = (i) => timed('delete', async () => {
  await articles.delete({ documentId: doomed[i - 1] });
});
if (DELETES) await phase('delete', DELETES, remove);
await new Promise((done) => setTimeout(done, 200)); // the last collection's entry is reported after it ends
const heapAtEnd = heapMB();
await cms.close?.();
for (const [file, text] of saved) if (text) writeFileSync(file, text); else rmSync(file, { force: true });
for (const id of created) for (const file of filesOf(id)) rmSync(file, { force: true });

for (const row of rows) {
  const landed = gcs.filter((gc) => gc.end > row.start && gc.start < row.end);
  row.gcMs = landed.reduce((sum, gc) => sum + Math.min(gc.end, row.end) - Math.max(gc.start, row.start), 0);
  row.gcs = landed.map((gc) => `${gc.kind} ${(gc.end - gc.start).toFixed(1)}`).join(', ');
}
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const sum = (values) => values.reduce((total, value) => total + value, 0);
const fixed = (value) => +value.toFixed(2);
function summary(kind) {
  const of = rows.filter((row) => row.kind === kind);
  const window = [of[0].start, of.at(-1).end];
  const between = gcs.filter((gc) => gc.end > window[0] && gc.start < window[1]);
  return {
    kind, writes: of.length, 'wall median': fixed(median(of.map((row) => row.ms))),
    'CPU mean': fixed(sum(of.map((row) => row.cpuMs)) / of.length), 'main thread mean': fixed(sum(of.map((row) => row.mainMs)) / of.length),
    'gc in writes, ms mean': fixed(sum(of.map((row) => row.gcMs)) / of.length), 'gc in writes': of.filter((row) => row.gcMs > 0).length,
    'gc between first and last': between.length, 'heap growth KB median': Math.round(median(of.map((row) => row.heapKB))),
  };
}
console.log(JSON.stringify({ label: option('label', ''), root, heapAtStartMB: heapAtStart, heapAtEndMB: heapAtEnd,
  first: rows.filter((row) => row.kind.startsWith('first')).map((row) => `${row.kind} ${row.ms.toFixed(1)} ms, CPU ${row.cpuMs.toFixed(1)}`) }));
console.table(['update', 'create', 'delete'].filter((kind) => rows.some((row) => row.kind === kind)).map(summary));
for (const row of rows.filter((row) => row.gcMs > 0)) {
  console.log(`${row.kind}: ${row.ms.toFixed(1)} ms wall, CPU ${row.cpuMs.toFixed(1)}, main ${row.mainMs.toFixed(1)}; ${row.gcs}`);
}
for (const [kind, line] of Object.entries(threads)) console.log(`${kind}: ms on a core per write, by thread: ${line}`);
for (const [kind, profile] of Object.entries(profiles)) {
  writeFileSync(profileFile.replace(/(\.cpuprofile)?$/, `.${kind}$1`), JSON.stringify(profile));
  printSelfTime(kind, profile);
}

/** The functions with the most self time in the profile, ms (ticks × their interval), with the file they are in. */
function printSelfTime(kind, { nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (const [at, id] of samples.entries()) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (timeDeltas[at + 1] ?? 0) / 1000);
  }
  const total = sum([...self.values()]);
  console.log(`\nself time in the counted ${kind}s, ${total.toFixed(1)} ms sampled:`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(2).padStart(8)} ms  ${name}`);
}
process.exit(0);
