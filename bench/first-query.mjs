// The first queries after a start, as bench/million-row.mjs asks them first (they build the articles type and its sorted
// lists on first use): each one's wall and CPU ms, a hash of its answer (compare two builds' answers), RSS after them.
//   npm run build && node --expose-gc --max-old-space-size=16384 bench/first-query.mjs "$PWD" /tmp/million/cms-bench-100000
// The first argument is a checkout whose dist/ is timed (another build: a before-checkout). With --snapshot, a start from
// the index snapshot (written by the first such start). A start writes its scratch file into the site's .cms/tmp:
// time a hard-link copy (`cp -al`) of a site that must stay as it is.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';

const [checkout, root] = process.argv.slice(2);
if (!checkout || !root) throw new Error('usage: node bench/first-query.mjs <checkout> <site> [--snapshot]');
const { createCms } = await import(pathToFileURL(`${checkout}/dist/core/cms.js`).href);
const started = performance.now();
const cms = await createCms({ root, report: () => {}, indexSnapshot: process.argv.includes('--snapshot') });
const startMs = Math.round(performance.now() - started);
const ask = async (search) => {
  const [cpu, start] = [process.cpuUsage(), performance.now()];
  const answered = await cms.contentApi({ method: 'GET', path: '/articles', search });
  const used = process.cpuUsage(cpu);
  if (answered.status !== 200) throw new Error(`${search}: ${answered.status}`);
  return {
    ms: Math.round(performance.now() - start), cpuMs: Math.round((used.user + used.system) / 1000),
    answer: createHash('sha1').update(JSON.stringify(answered.body)).digest('hex').slice(0, 12),
  };
};
const page = '&pagination[page]=1&pagination[pageSize]=10';
const first = await ask(`filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc${page}`);
const second = await ask(`filters[author][name][$containsi]=author 1&sort=title:asc${page}`);
console.log(JSON.stringify({ startMs, first, second, rssMB: Math.round(process.memoryUsage().rss / 1e6), load: +loadavg()[0].toFixed(1) }));
await cms.close?.();
