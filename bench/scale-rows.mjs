// Cost curve of `npm run bench` (section `scale`): per site size, in a fresh process each, the
// latency of a filter+sort page and a relation filter (pages 1–5 of a filter asked before), a filter
// never asked before, one write (its median time and CPU, the process's first write left out), and the
// first read after it. The site is put back (git) afterwards.
import { execFileSync } from 'node:child_process';

const CMS = new URL('../dist/core/cms.js', import.meta.url).href;

const script = (root) => `
  const { createCms } = await import(${JSON.stringify(CMS)});
  const cms = await createCms({ root: ${JSON.stringify(root)}, report: () => {} });
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const p99 = (v) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.99))];
  const ask = async (search) => {
    const start = performance.now();
    await cms.contentApi({ method: 'GET', path: '/articles', search });
    return performance.now() - start;
  };
  const page = (n) => 'pagination[page]=' + (1 + (n % 5)) + '&pagination[pageSize]=10';
  const filter = 'filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc&';
  const relation = 'filters[author][name][$containsi]=author 1&sort=title:asc&';
  const out = {};
  for (const [name, search] of [['filter+sort+page', filter], ['relation filter+sort', relation]]) {
    out[name + ' first ms'] = await ask(search + page(0));
    const times = []; for (let i = 0; i < 200; i++) times.push(await ask(search + page(i)));
    out[name + ' median ms'] = median(times.slice(20)); out[name + ' p99 ms'] = p99(times.slice(20));
  }
  const fresh = [];
  for (let i = 0; i < 5; i++) {
    fresh.push(await ask('filters[views][$gt]=' + (200 + i) + '&filters[title][$containsi]=coffee&sort=views:desc&' + page(i)));
  }
  out['new filter value median ms'] = median(fresh);
  const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' }).slice(0, 21).map((row) => row.documentId);
  const writes = [];
  let cpu;
  for (const [i, documentId] of ids.entries()) {
    if (i === 1) cpu = process.cpuUsage();
    const start = performance.now();
    await cms.documents('api::article.article').update({ documentId, data: { description: 'scale bench ' + i }, status: 'published' });
    writes.push(performance.now() - start);
  }
  out['write median ms'] = median(writes.slice(1));
  const used = process.cpuUsage(cpu);
  out['write CPU ms'] = (used.user + used.system) / 1000 / (writes.length - 1);
  out['first read after a write ms'] = await ask(filter + page(0));
  console.log(JSON.stringify(out));`;

const round = (value) => +value.toFixed(2);

/**
 * @example
 * const rows = await benchScale({ roots: [[1000, '/tmp/cms-bench-1000']] });
 */
export async function benchScale({ roots }) {
  const rows = [];
  for (const [documents, root] of roots) {
    const output = execFileSync(
      process.execPath, ['--max-old-space-size=16384', '--input-type=module', '-e', script(root)], { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    // The writes changed files of the generated site: put it back as committed.
    execFileSync('git', ['checkout', '-q', '--', 'content'], { cwd: root });
    // (and the files they made: a publishing update can add other locales' draft files)
    execFileSync('git', ['clean', '-fdq', '--', 'content'], { cwd: root });
    const measured = JSON.parse(output.trim().split('\n').pop());
    rows.push({ documents, ...Object.fromEntries(Object.entries(measured).map(([key, value]) => [key, round(value)])) });
  }
  return rows;
}
