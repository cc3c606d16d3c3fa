// The Strapi table's write rows loaded by autocannon (the load process) and by wrk (wrk-load.mjs), alternated on one
// site per server, so the disk's recent history (files freed by an earlier run) weighs on both alike:
//   node --expose-gc bench/write-load-ab.mjs [--strapi] [--pairs 2] [--duration 5] [--rows creates,updates,mix]
// Prints each run (server, row, generator, req/s, this process's CPU per request for this server) and the medians.
// With --strapi, Strapi 5.54 (../shared/strapi-reference/) is seeded the same way and measured the same way.
import { createServer } from 'node:http';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createCms } from '../dist/core/cms.js';
import { createNodeHandler } from '../dist/core/http/serve.js';
import { startLoad } from './load-process.mjs';
import { siteFolder } from './spread-folder.mjs';
import { ENV, emptyProject, seed, seedRequests, startStrapi, strapiInstalled } from './strapi-rows.mjs';
import { writeScenarios } from './write-rows.mjs';
import { wrkInstalled, wrkWrites } from './wrk-load.mjs';

const { values: args } = parseArgs({
  options: { strapi: { type: 'boolean' }, pairs: { type: 'string', default: '2' }, duration: { type: 'string', default: '5' },
    rows: { type: 'string', default: 'creates,updates,mix' } },
});
if (!wrkInstalled()) throw new Error('wrk is not installed (Debian: apt-get install wrk)');
if (args.strapi && !strapiInstalled()) throw new Error('the Strapi reference is not installed (../shared/strapi-reference/strapi-ref install)');
const duration = Number(args.duration);
const words = args.rows.split(',');
const listen = (handler) => new Promise((ok) => { const server = createServer(handler); server.listen(0, '127.0.0.1', () => ok(server)); });

const requests = seedRequests(200);
const root = emptyProject(siteFolder(`cms-bench-write-load-${process.pid}`));
const cms = await createCms({ root, env: { ...process.env, ...ENV }, report: () => {} });
const server = await listen(createNodeHandler(cms));
const load = startLoad();
let strapi;
try {
  const token = (await cms.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
  const servers = [['ours', `http://127.0.0.1:${server.address().port}`, token]];
  if (args.strapi) {
    strapi = startStrapi(emptyProject('/tmp/cms-bench-strapi-project'));
    servers.push(['Strapi', strapi.base, strapi.token]);
  }
  const results = [];
  for (const [name, base, key] of servers) {
    const ids = [...(await seed(base, key, requests))].filter(([label]) => label.startsWith('article')).map(([, id]) => id);
    for (const [scenario] of writeScenarios({ ids: [] })) {
      if (!words.some((word) => scenario.includes(word))) continue;
      for (let pair = 0; pair < Number(args.pairs); pair++) {
        // Which generator goes first alternates, pair by pair.
        for (const generator of pair % 2 === 0 ? ['autocannon', 'wrk'] : ['wrk', 'autocannon']) {
          const before = process.cpuUsage();
          const run = generator === 'wrk' ? await wrkWrites({ url: base, connections: 10, duration, scenario, ids })
            : await load.run({ url: base, connections: 10, duration, writes: { ids, scenario } });
          const cpu = process.cpuUsage(before);
          const us = name === 'ours' ? Math.round((cpu.user + cpu.system) / Math.max(run.total, 1)) : '-';
          results.push({ server: name, scenario, generator, rps: run.rps });
          console.log([name, scenario, generator, `${run.rps} req/s`, `${us} µs/req`, `p50 ${run.p50} ms`, `errors ${run.errors}`].join('\t'));
        }
      }
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log('\nmedians (req/s):');
  for (const key of new Set(results.map((r) => `${r.server}\t${r.scenario}`))) {
    const of = (generator) => median(results.filter((r) => `${r.server}\t${r.scenario}` === key && r.generator === generator).map((r) => r.rps));
    console.log(`${key}\tautocannon ${of('autocannon')}\twrk ${of('wrk')}\twrk/autocannon ${(of('wrk') / of('autocannon')).toFixed(2)}`);
  }
} finally {
  load.close();
  server.close();
  await cms.close();
  rmSync(root, { recursive: true, force: true });
  if (strapi) strapi.stop();
}
