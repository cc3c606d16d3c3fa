// Creates or updates through the library, in this process (no HTTP), on a copy of a generated site: CPU per write, and
// the run to count instructions by, which unlike CPU time does not move with the load of others on a shared machine:
//   valgrind --tool=callgrind node bench/write-lib.mjs <site> creates 300   (and again with 0; the difference / 300)
// node bench/write-lib.mjs <site> [creates|updates|drafts] [writes] [concurrency] [checkout]
// (`drafts`: updates that save the draft, the published file left as it is, as the Strapi table's write rows do).
// - site: a generated site (`node -e "import('./bench/generate.mjs').then((g) => g.generate(100, '/tmp/site', 7))"`).
// - checkout: another built copy of this project, to compare two commits on the same site.
// WRITE_LIB_ALLOC=1: the kilobytes the main thread allocates per write instead (after 300 untimed writes; see write-loop.mjs).
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allocationPerWrite, cpuPerWrite } from './write-loop.mjs';

const [site, which = 'creates', writes = '300', concurrency = '10',
  checkout = resolve(fileURLToPath(import.meta.url), '../..')] = process.argv.slice(2);
if (!site) throw new Error('usage: node bench/write-lib.mjs <site> [creates|updates|drafts] [writes] [concurrency] [checkout]');
const root = `/tmp/cms-bench-write-lib-${process.pid}`;
rmSync(root, { recursive: true, force: true });
cpSync(site, root, { recursive: true });
const { createCms } = await import(`${checkout}/dist/core/cms.js`);
const cms = await createCms({ root, report: () => {} });
const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' }).slice(0, 80).map((row) => row.documentId);
const articles = cms.documents('api::article.article');
let serial = 0;
const write = () => {
  const at = serial++;
  return which === 'creates'
    ? articles.create({ status: 'published', data: { title: `bench ${at}`, description: 'created by the bench', views: 1 } })
    : articles.update({
      documentId: ids[at % ids.length], ...(which === 'drafts' ? {} : { status: 'published' }), data: { description: `bench write ${at}` },
    });
};
try {
  if (process.env.WRITE_LIB_ALLOC) {
    const kb = await allocationPerWrite(write, Number(writes), Number(concurrency));
    console.log(JSON.stringify({ checkout, which, writes: Number(writes), 'KB allocated/write': kb }));
  } else {
    const cpu = await cpuPerWrite(write, Number(writes), Number(concurrency));
    console.log(JSON.stringify({ checkout, which, writes: Number(writes), 'CPU ms/write': cpu.all,
      'of which system ms/write': cpu.system }));
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
