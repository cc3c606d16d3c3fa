// Bytes the main thread allocates per update through the library (no HTTP), on a copy of a generated site: V8's sampling
// heap profiler over `writes` updates after 300 untimed ones, objects already collected counted too. Unlike CPU time it
// does not move with the load of others on a shared machine; every allocation is work for the scavenger and GC threads.
// node bench/write-alloc.mjs <site> [writes] [checkout] [profile.heapprofile]
// - site: a generated site (`node -e "import('./bench/generate.mjs').then((g) => g.generate(200, '/tmp/site', 7))"`).
// - checkout: another built copy of this project, to compare two commits on the same site.
// - profile: where to write the profile (open it in Chrome's DevTools, Memory tab), if given.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [site, writes = '1000', checkout = resolve(fileURLToPath(import.meta.url), '../..'), out] = process.argv.slice(2);
if (!site) throw new Error('usage: node bench/write-alloc.mjs <site> [writes] [checkout] [profile.heapprofile]');
const root = `/tmp/cms-bench-write-alloc-${process.pid}`;
rmSync(root, { recursive: true, force: true });
cpSync(site, root, { recursive: true });
const { createCms } = await import(`${checkout}/dist/core/cms.js`);
const cms = await createCms({ root, report: () => {} });
const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' }).slice(0, 80).map((row) => row.documentId);
const articles = cms.documents('api::article.article');
let serial = 0;
const update = () => {
  const at = serial++;
  return articles.update({ documentId: ids[at % ids.length], status: 'published', data: { description: `bench write ${at}` } });
};
/** `count` updates, ten at a time (as the Strapi table's ten connections). */
const run = async (count) => {
  let left = count;
  await Promise.all(Array.from({ length: 10 }, async () => { while (left-- > 0) await update(); }));
};
const session = new Session();
session.connect();
const post = (method, params) => new Promise((ok, fail) => session.post(method, params, (error, result) => (error ? fail(error) : ok(result))));
try {
  await run(300);
  await post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await run(Number(writes));
  const { profile } = await post('HeapProfiler.stopSampling');
  let bytes = 0;
  const add = (node) => { bytes += node.selfSize; node.children.forEach(add); };
  add(profile.head);
  if (out) writeFileSync(out, JSON.stringify(profile));
  console.log(JSON.stringify({ checkout, writes: Number(writes), 'KB allocated per update': +(bytes / 1024 / Number(writes)).toFixed(1) }));
} finally {
  session.disconnect();
  await cms.close();
  rmSync(root, { recursive: true, force: true });
}
