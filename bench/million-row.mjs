// The 1M row of issue #43, from one run: restart, cold ratio, a filter never asked before (median and
// p99), RSS per content byte, and a write at 1M against 1k. Sites under --data (generated when missing):
//   npm run build && node --expose-gc bench/million-row.mjs --data /tmp/million [--sizes 1000,1000000] [--skip restart] [--writes 100]
// Restart, cold start and memory come from bench/restart.mjs (fresh processes, one run each past 500k files).
// Queries and writes run in a fresh process per site, after a cold start: the two `scale` queries are
// asked first (as `npm run bench` does), then each filter shape once (its field's first filter), then
// FRESH filters whose values were never asked before, then --writes updates (100) after a first one, timed apart: at 1M
// the first builds the published slugs' lookup its unique check reads (2.4-2.7 s of CPU), and the twenty after it pay for
// the collections that follow and for V8's compiling at either size (1 Dec: writes 2-21 averaged 2.9-3.5 ms of CPU at 1k
// and 1M, writes 2-101 2.0), so twenty sampled the warm-up more than a write.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { benchSite } from './generate.mjs';
import { FILTER_SHAPES as shapes } from './new-filter-shapes.mjs';
import { benchRestart } from './restart.mjs';

const CMS = new URL('../dist/core/cms.js', import.meta.url).href;
const FRESH = 240;

const args = Object.fromEntries(process.argv.slice(2).reduce(
  (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), [],
));
const [small, big] = (args.sizes ?? '1000,1000000').split(',').map(Number);
const dataRoot = resolve(args.data ?? '/tmp');
const dataset = (n) => benchSite(dataRoot, n);
const WRITES = Number(args.writes ?? 100);


const script = (root) => `
  const { createCms } = await import(${JSON.stringify(CMS)});
  const cms = await createCms({ root: ${JSON.stringify(root)}, report: () => {} });
  const sorted = (v) => [...v].sort((a, b) => a - b);
  const median = (v) => sorted(v)[Math.floor(v.length / 2)];
  const p99 = (v) => sorted(v)[Math.min(v.length - 1, Math.floor(v.length * 0.99))];
  let answered;
  const ask = async (search) => {
    const start = performance.now();
    answered = await cms.contentApi({ method: 'GET', path: '/articles', search });
    const ms = performance.now() - start;
    if (answered.status !== 200) throw new Error(search + ': ' + answered.status);
    return ms;
  };
  const page = (n) => '&pagination[page]=' + (1 + (n % 5)) + '&pagination[pageSize]=10';
  const out = {};
  out['bench queries first ms'] = await ask('filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc' + page(0))
    + await ask('filters[author][name][$containsi]=author 1&sort=title:asc' + page(0));
  const shapes = ${shapes};
  const firsts = [];
  for (const shape of shapes) firsts.push(await ask(shape(-1) + page(0)));
  out['first filter on a field, max ms'] = Math.max(...firsts);
  const fresh = [];
  const asked = [];
  for (let i = 0; i < ${FRESH}; i++) {
    const search = shapes[i % shapes.length](i) + page(i);
    fresh.push(await ask(search));
    asked.push([fresh[i], search]);
  }
  // The tail's shape: the slowest new values, with their queries (printed apart, below the tables).
  out.slowest = asked.sort((a, b) => b[0] - a[0]).slice(0, 5).map(([ms, search]) => ms.toFixed(1) + ' ms ' + search);
  out['new filter median ms'] = median(fresh);
  out['new filter p99 ms'] = p99(fresh);
  out['new filter max ms'] = Math.max(...fresh);
  const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' }).slice(0, 21).map((row) => row.documentId);
  // The files the writes may touch, as they are: put back afterwards (a blob-less checkout cannot \`git checkout\` them).
  const { existsSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
  const files = ids.flatMap((id) => ['.json', '.draft.json', '.fr.json', '.fr.draft.json']
    .map((suffix) => ${JSON.stringify(root)} + '/content/articles/' + id + suffix));
  const before = new Map(files.map((file) => [file, existsSync(file) ? readFileSync(file) : undefined]));
  const writes = [];
  let cpu;
  for (let i = 0; i <= ${WRITES}; i++) {
    if (i === 1) cpu = process.cpuUsage();
    const start = performance.now();
    const first = i === 0 ? process.cpuUsage() : undefined;
    await cms.documents('api::article.article').update({ documentId: ids[i % ids.length], data: { description: 'million row ' + i }, status: 'published' });
    writes.push(performance.now() - start);
    if (first) { const used = process.cpuUsage(first); out['first write CPU ms'] = (used.user + used.system) / 1000; }
  }
  const used = process.cpuUsage(cpu);
  out['write median ms'] = median(writes.slice(1));
  out['write CPU ms'] = (used.user + used.system) / 1000 / (writes.length - 1);
  await cms.close?.();
  for (const [file, text] of before) if (text) writeFileSync(file, text); else rmSync(file, { force: true });
  console.log(JSON.stringify(out));`;

function queriesAndWrites(root) {
  const output = execFileSync(process.execPath, ['--max-old-space-size=16384', '--input-type=module', '-e', script(root)],
    { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(output.trim().split('\n').pop());
}

const round = (value) => +value.toFixed(2);
const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const loads = [load()];
const bigRoot = dataset(big);
const smallRoot = dataset(small);
const skip = new Set((args.skip ?? '').split(','));
const atBig = queriesAndWrites(bigRoot);
loads.push(load());
const atSmall = queriesAndWrites(smallRoot);
const slowest = [[big, atBig.slowest], [small, atSmall.slowest]];
delete atBig.slowest;
delete atSmall.slowest;
loads.push(load());
const started = skip.has('restart') ? undefined : benchRestart([bigRoot], { runs: 1 });
loads.push(load());
const [restart] = started?.restart ?? [{}];
const [memory] = started?.memory ?? [{}];
const [phases] = started?.phases ?? [{}];
const row = {
  documents: big,
  'restart ms': restart['restart ms'], 'read+parse ms': restart['read+parse ms'], 'cold start ms': restart['cold start ms'],
  'cold ratio': restart['cold ratio'],
  'new filter median ms': round(atBig['new filter median ms']), 'new filter p99 ms': round(atBig['new filter p99 ms']),
  'RSS bytes/byte cold': memory['cold bytes/byte'], 'RSS bytes/byte restart': memory['restart bytes/byte'],
  [`write ${big}/${small} CPU`]: round(atBig['write CPU ms'] / atSmall['write CPU ms']),
  [`write ${big}/${small} wall`]: round(atBig['write median ms'] / atSmall['write median ms']),
};
console.log('\n## The 1M row');
console.table([row]);
console.log('\n## Details');
console.table([{ documents: big, ...restart, ...memory }]);
console.log('restart by stage, CPU / wall ms:', JSON.stringify(phases));
console.table([{ documents: big, ...atBig }, { documents: small, ...atSmall }].map((r) => Object.fromEntries(
  Object.entries(r).map(([key, value]) => [key, typeof value === 'number' ? round(value) : value]))));
for (const [size, lines] of slowest) {
  console.log(`\nslowest new filters at ${size}:`);
  for (const line of lines) console.log(`  ${line}`);
}
console.log('\nload while measuring:');
for (const line of loads) console.log(`  ${line}`);
console.log(JSON.stringify({ row, restart, memory, phases, atBig, atSmall, slowest, loads }));
