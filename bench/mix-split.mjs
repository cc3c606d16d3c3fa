// Where the 9:1 mix's time goes on the server's main thread: its CPU per request (Linux /proc, that thread alone) with
// wrk sending reads only (the mix's list), draft updates only, and the mix itself (9 reads, then an update), on the site
// the Strapi table seeds (200 articles). An update in the mix costs (mix × 10 − reads × 9); set beside the update alone,
// the difference is what the mix's pattern (one update a millisecond, its threads asleep between them) adds.
//   npm run build && node bench/mix-split.mjs [seconds per run, default 4] [rounds, default 2]
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const LIST = '/api/articles?pagination[pageSize]=10';

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
  const folder = mkdtempSync(join(tmpdir(), 'bench-mix-split-'));
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, '--serve', join(folder, 'site')],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const { base, ids } = JSON.parse(await new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve)));
    /** The server's main thread's CPU so far, µs (user + system, in clock ticks of 10 ms). */
    const mainCpu = () => {
      const fields = readFileSync(`/proc/${child.pid}/task/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 1e4;
    };
    /** wrk's script: every `every`-th request a draft update (round-robin over the ids), the others the list; 0: reads only. */
    const script = (every) => `local ids = { ${ids.map((id) => `"${id}"`).join(', ')} }
local at, turn = 0, 0
local json = { ["Content-Type"] = "application/json" }
request = function()
  turn = turn + 1
  if ${every} > 0 and turn % ${every} == 0 then
    at = at + 1
    return wrk.format("PUT", "/api/articles/" .. ids[(at - 1) % #ids + 1] .. "?status=draft", json,
      '{"data":{"description":"bench write ' .. at .. '"}}')
  end
  return wrk.format("GET", "${LIST}", {})
end`;
    const rows = [];
    for (let round = 1; round <= rounds; round++) {
      const row = { round };
      for (const [name, every] of [['reads', 0], ['draft updates', 1], ['mix 9:1', 10]]) {
        const file = join(folder, 'row.lua');
        writeFileSync(file, script(every));
        const before = mainCpu();
        const out = execFileSync('wrk', ['-t1', '-c10', `-d${seconds}s`, '-s', file, base]).toString();
        const total = Number(/(\d+) requests in/.exec(out)[1]);
        if (/Non-2xx/.test(out)) throw new Error(`wrk saw failed requests:\n${out}`);
        row[`${name} req/s`] = Math.round(total / seconds);
        row[`${name} µs/req`] = +((mainCpu() - before) / total).toFixed(1);
      }
      row['update in the mix, µs'] = Math.round(row['mix 9:1 µs/req'] * 10 - row['reads µs/req'] * 9);
      rows.push(row);
    }
    console.log('\n## The main thread\'s CPU per request: reads, draft updates, the 9:1 mix (wrk, 10 connections)');
    console.table(rows);
  } finally {
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
}
