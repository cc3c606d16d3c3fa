// Where the 9:1 mix's time goes on the server's main thread: its CPU per request (Linux /proc, that thread alone) with
// wrk sending reads only (the mix's list), draft updates only, and the mix itself (9 reads, then an update), on the site
// the Strapi table seeds (200 articles, in the table's site folder). An update in the mix is reckoned as (mix × 10 −
// reads × 9): it takes a read in the mix to cost what it costs alone. Each load is run once unmeasured first (V8
// optimises the write path over its first thousands of calls), and each run waits for the machine to settle.
//   npm run build && node bench/mix-split.mjs [seconds per run, default 4] [rounds, default 2]
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { settle } from './settle.mjs';
import { siteFolder } from './spread-folder.mjs';
import { wrkWrites } from './wrk-load.mjs';

const LOADS = [
  ['reads', 'list reads'], ['draft updates', 'draft updates (many documents)'], ['mix 9:1', 'read/write mix 9:1 (many documents)'],
];

if (process.argv[2] === '--serve') {
  // The server's own process: a seeded site, its address and ids on the first line of stdout.
  const { createCms } = await import('../dist/core/cms.js');
  const { createNodeHandler } = await import('../dist/core/http/serve.js');
  const { ENV, emptyProject, seed, seedRequests } = await import('./strapi-rows.mjs');
  const root = emptyProject(process.argv[3]);
  const cms = await createCms({ root, env: { ...process.env, ...ENV }, report: () => {} });
  const server = createServer(createNodeHandler(cms));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const token = (await cms.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
  const ids = [...(await seed(base, token, seedRequests(200)))].filter(([label]) => label.startsWith('article')).map(([, id]) => id);
  console.log(JSON.stringify({ base, ids }));
} else {
  const [seconds = 4, rounds = 2] = process.argv.slice(2).map(Number);
  const folder = siteFolder(`cms-bench-mix-split-${process.pid}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', join(folder, 'site')],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const first = await Promise.race([
      new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
      exited.then((code) => { throw new Error(`the server ended (exit code ${code}) before it answered: is dist/ built?`); }),
    ]);
    const { base, ids } = JSON.parse(first);
    /** The server's main thread's CPU so far, µs (user + system, in clock ticks of 10 ms). */
    const mainCpu = () => {
      const stat = readFileSync(`/proc/${child.pid}/task/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 1e4;
    };
    /** One wrk run of a load (wrk-load.mjs's script; the mix is the Strapi table's own), and the main thread's CPU meanwhile (µs). */
    const run = async (scenario, duration) => {
      await settle();
      const before = mainCpu();
      const result = await wrkWrites({ url: base, connections: 10, duration, scenario, ids });
      const cpu = mainCpu() - before;
      if (result.errors) throw new Error(`wrk saw ${result.errors} failed requests in "${scenario}"`);
      return { ...result, cpu };
    };
    for (const [, scenario] of LOADS) await run(scenario, 2);
    const rows = [];
    for (let round = 1; round <= rounds; round++) {
      const row = { round };
      for (const [name, scenario] of LOADS) {
        const { total, rps, cpu } = await run(scenario, seconds);
        row[`${name} req/s`] = rps;
        row[`${name} µs/req`] = +(cpu / total).toFixed(1);
      }
      row['update in the mix, µs'] = Math.round(row['mix 9:1 µs/req'] * 10 - row['reads µs/req'] * 9);
      rows.push(row);
    }
    console.log('\n## The main thread\'s CPU per request: reads, draft updates, the 9:1 mix (wrk, 10 connections)');
    console.table(rows);
  } finally {
    child.kill();
    await exited;
    rmSync(folder, { recursive: true, force: true, maxRetries: 10 });
  }
}
