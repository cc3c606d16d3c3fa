// Branches in `npm run bench` (section `branches`): on a generated site, the resident set of the base
// alone and with 100 open branches (a BranchIndex each, 10 changed documents each, every branch read),
// and the cost of a list query and a findOne on a branch against the same read on the base, median
// and p99 (in-process, through the content service, the anonymous caller). Run alone:
// node --expose-gc bench/branches.mjs [root] (after npm run build).
import { execFileSync } from 'node:child_process';

const dist = (path) => JSON.stringify(new URL(`../dist/core/${path}`, import.meta.url).href);

const script = (root, branches, changed) => `
  const { createCms } = await import(${dist('cms.js')});
  const { BranchIndex } = await import(${dist('index/branch-index.js')});
  const { ContentService } = await import(${dist('service/content-service.js')});
  const { publicCaller } = await import(${dist('access/permissions.js')});
  const { random } = await import(${JSON.stringify(new URL('./generate.mjs', import.meta.url).href)});
  const ARTICLE = 'api::article.article';
  const cms = await createCms({ root: ${JSON.stringify(root)}, report: () => {} });
  const caller = publicCaller(cms.config);
  const model = cms.index.model(ARTICLE);
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const p99 = (v) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.99))];
  const rss = () => { global.gc(); global.gc(); return process.memoryUsage().rss; };
  const list = (n) => ({ filters: { views: { $gt: 100 }, title: { $containsi: 'coffee' } }, sort: 'views:desc',
    populate: ['author'], pagination: { page: 1 + (n % 5), pageSize: 10 } });
  const one = { populate: ['author', 'tags'] };
  const rand = random(7);
  const articles = cms.index.scopedRows(ARTICLE, { status: 'published', locale: 'en' }).map((row) => row.documentId);
  const pick = () => articles[Math.floor(rand() * articles.length)];
  const base = new ContentService(cms.index, cms.writer);
  const read = (service, documentId, n) => { service.findPage(model, list(n), caller); service.findOne(model, documentId, one, caller); };
  for (let n = 0; n < 20; n++) read(base, pick(), n);
  const before = rss();

  const views = [];
  for (let b = 0; b < ${branches}; b++) {
    const index = new BranchIndex(cms.index);
    const mine = [];
    for (let k = 0; k < ${changed}; k++) {
      const documentId = pick();
      const record = cms.index.record('content/articles/' + documentId + '.json');
      index.setRecord({ ...record, data: { ...record.data, title: 'Branch ' + b + ' coffee ' + k, views: Math.floor(rand() * 1000) } });
      mine.push(documentId);
    }
    views.push({ service: new ContentService(index, cms.writer), mine });
  }
  // Every branch open and read (its caches made), as editors on 100 change requests would.
  for (const [b, view] of views.entries()) for (let n = 0; n < 5; n++) read(view.service, view.mine[n % view.mine.length], b + n);
  const after = rss();

  const time = (fn) => { const start = performance.now(); fn(); return performance.now() - start; };
  const rounds = 3000;
  const cost = { baseList: [], branchList: [], baseOne: [], branchOne: [], branchOwnOne: [] };
  for (let n = 0; n < rounds; n++) {
    const view = views[n % views.length];
    const documentId = pick();
    // (in turn first and second: what one read leaves for the collector is not always charged to the other)
    const reads = [
      () => cost.baseList.push(time(() => base.findPage(model, list(n), caller))),
      () => cost.branchList.push(time(() => view.service.findPage(model, list(n), caller))),
      () => cost.baseOne.push(time(() => base.findOne(model, documentId, one, caller))),
      () => cost.branchOne.push(time(() => view.service.findOne(model, documentId, one, caller))),
      () => cost.branchOwnOne.push(time(() => view.service.findOne(model, view.mine[n % view.mine.length], one, caller))),
    ];
    for (let i = 0; i < reads.length; i++) reads[(i + n) % reads.length]();
  }
  const kept = (values) => values.slice(rounds / 10);
  const figures = Object.fromEntries(Object.entries(cost).map(([name, values]) => [name, [median(kept(values)), p99(kept(values))]]));
  console.log(JSON.stringify({ documents: articles.length, before, after, figures }));`;

const round = (value, digits = 3) => +value.toFixed(digits);

/**
 * @example
 * const { memory, reads } = benchBranches({ root: '/tmp/cms-bench-100000' });
 */
export function benchBranches({ root, branches = 100, changed = 10 }) {
  const output = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=16384', '--input-type=module', '-e',
    script(root, branches, changed)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const { before, after, figures } = JSON.parse(output.trim().split('\n').pop());
  const memory = [{
    branches, 'changed documents each': changed, 'RSS base MB': round(before / 1e6, 1),
    [`RSS with ${branches} branches MB`]: round(after / 1e6, 1),
    'growth %': round(((after - before) / before) * 100, 1),
  }];
  const pair = (name, baseKey, branchKey) => ({
    read: name, 'base median ms': round(figures[baseKey][0]), 'branch median ms': round(figures[branchKey][0]),
    'median ×': round(figures[branchKey][0] / figures[baseKey][0], 2), 'base p99 ms': round(figures[baseKey][1]),
    'branch p99 ms': round(figures[branchKey][1]), 'p99 ×': round(figures[branchKey][1] / figures[baseKey][1], 2),
  });
  const reads = [
    pair('list: filter+sort+page, populate author (each read on the next branch)', 'baseList', 'branchList'),
    pair('findOne, populate author+tags (a document the branch left alone)', 'baseOne', 'branchOne'),
    pair('findOne, populate author+tags (a document the branch changed)', 'baseOne', 'branchOwnOne'),
  ];
  return { memory, reads };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { memory, reads } = benchBranches({ root: process.argv[2] ?? '/tmp/cms-bench-100000' });
  console.table(memory);
  console.table(reads);
}

/** `npm run bench`'s branches section on the largest size: the two tables, and the figures kept in the results. */
export async function benchBranchesSection(dataset, sizes, table) {
  const n = Math.max(...sizes);
  const { memory, reads } = benchBranches({ root: dataset(n) });
  table(`Branches on a ${n}-document site: resident set, 100 open branches of 10 changed documents each (bench/branches.mjs)`, memory);
  table('A read on a branch against the same read on the base (in-process, 3,000 reads each)', reads);
  return { memory, reads };
}
