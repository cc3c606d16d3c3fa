// CPU per write on a generated site, in this process (no HTTP): what a write costs as the site grows,
// the figure to compare sizes and commits by on a shared machine (wall time moves with others' load).
// node bench/write-cost.mjs <site> [writes] [kept filters] [move] [checkout]
// - site: a generated site (`npm run bench -- --data <dir>` makes them); its content is put back (git) after.
// - kept filters: that many filters asked on `sort=views:desc` first, so each write patches their kept positions.
// - move: `move` changes `views` too, so each write moves its row in the sorted list (else `description` only);
//   `create` creates documents instead (each spliced into every kept list).
// - checkout: another built copy of this project, to compare two commits on the same site.
// Prints one JSON line: the first write (it builds the type's lookups), then the median and CPU of the rest.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [site, writes = '100', kept = '15', move = '', checkout = resolve(fileURLToPath(import.meta.url), '../..')] = process.argv.slice(2);
if (!site) throw new Error('usage: node bench/write-cost.mjs <site> [writes] [kept filters] [move] [checkout]');

const { createCms } = await import(`${checkout}/dist/core/cms.js`);
const cms = await createCms({ root: site, report: () => {} });
const ask = (search) => cms.contentApi({ method: 'GET', path: '/articles', search });
await ask('filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc&pagination[pageSize]=10');
await ask('filters[author][name][$containsi]=author 1&sort=title:asc&pagination[pageSize]=10');
for (let k = 0; k < Number(kept); k++) await ask(`filters[views][$gt]=${10 * k}&sort=views:desc&pagination[pageSize]=10`);
const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })
  .slice(0, Number(writes) + 1).map((row) => row.documentId);
const update = (documentId, i) => (move === 'create'
  ? cms.documents('api::article.article').create({ status: 'published', data: { title: `cost ${i}`, views: (i * 7919) % 1000 } })
  : cms.documents('api::article.article').update({
    documentId, status: 'published',
    data: { description: `cost ${i}`, ...(move === 'move' ? { views: (i * 7919) % 1000 } : {}) },
  }));
try {
  let start = performance.now();
  await update(ids[0], 0);
  const first = performance.now() - start;
  const times = [];
  const cpu = process.cpuUsage();
  for (const [i, documentId] of ids.slice(1).entries()) {
    start = performance.now();
    await update(documentId, i + 1);
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const round = (value) => +value.toFixed(2);
  console.log(JSON.stringify({
    checkout, 'article rows': cms.index.rows('api::article.article').length, kept: Number(kept), writes: move || 'update',
    'first write ms': round(first), 'write median ms': round(times[times.length >> 1]),
    'CPU ms per write': round((used.user + used.system) / 1000 / times.length),
  }));
} finally {
  // The writes changed files of the generated site: put it back as committed.
  execFileSync('git', ['checkout', '-q', '--', 'content'], { cwd: site });
  execFileSync('git', ['clean', '-fdq', '--', 'content'], { cwd: site });
}
process.exit(0);
