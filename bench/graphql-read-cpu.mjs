// `npm run build && node bench/graphql-read-cpu.mjs [--n 20000] [--rounds 5] [--before <folder holding another build's dist/>]`
// `[--rows list|one] [--caller anonymous|API token|JWT] [--rest]`:
// server CPU per request of the Strapi table's GraphQL rows (strapi-rows.mjs: the same seed, queries and callers), for the
// bare server sending the same bytes (same-answer.mjs) and for this server, both in this process and loaded with N
// requests over 10 connections from the table's load process; least of the rounds (contention only ever adds to it).
// A figure the scheduler of a loaded machine moves far less than req/s. With --before, another build serves a copy too.
// --rest adds the table's REST read rows (`--rows populate` keeps the rows whose scenario holds the word).
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { startLoad } from './load-process.mjs';
import { answerOf, sameAnswerServer } from './same-answer.mjs';
import { ourJwt } from './strapi-jwt.mjs';
import { emptyProject, ENV, graphqlScenarios, readScenarios, seed, seedRequests } from './strapi-rows.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce(
  (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), [],
));
const N = Number(args.n ?? 20_000);
const ROUNDS = Number(args.rounds ?? 5);
const builds = [...(args.before ? [['before', resolve(args.before)]] : []), ['this build', resolve(import.meta.dirname, '..')]];
/** The rows measured: GraphQL's (a POST each), and with --rest the REST reads (a GET each), as the table sends them. */
const scenarios = (ids) => [
  ...(process.argv.includes('--rest') ? readScenarios(ids).map(([name, path]) => [name, { method: 'GET', path }]) : []),
  ...graphqlScenarios(ids).map(([name, body]) => [name, { method: 'POST', path: '/graphql', body: JSON.stringify(body) }]),
];
const listen = (handler) => new Promise((ok) => { const server = createServer(handler); server.listen(0, '127.0.0.1', () => ok(server)); });

/** One build serving its own seeded copy of the table's site, with an API token and a JWT. */
async function start([name, dir], at) {
  const { createCms } = await import(`${dir}/dist/core/cms.js`);
  const { createNodeHandler } = await import(`${dir}/dist/core/http/serve.js`);
  const root = emptyProject(`/tmp/cms-bench-graphql-cpu-${process.pid}-${at}`);
  const cms = await createCms({ root, env: { ...process.env, ...ENV }, report: () => {} });
  const token = (await cms.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
  const server = await listen(createNodeHandler(cms));
  const base = `http://127.0.0.1:${server.address().port}`;
  const ids = await seed(base, token, seedRequests(200));
  const jwt = await ourJwt(cms, base);
  const callers = [['anonymous', {}], ['API token', { authorization: `Bearer ${token}` }], ['JWT', { authorization: `Bearer ${jwt}` }]];
  return { name, base, ids, callers, close: async () => { server.close(); await cms.close(); rmSync(root, { recursive: true, force: true }); } };
}

const load = startLoad();
/** µs of this process's CPU per request for N requests to `url`. */
async function cpuPerRequest(url, request) {
  const before = process.cpuUsage();
  const { total, errors } = await load.run({ url, connections: 10, amount: N, requests: [request] });
  const spent = process.cpuUsage(before);
  if (errors) throw new Error(`${url}: ${errors} failed requests`);
  return (spent.user + spent.system) / total;
}

const sites = [];
for (const [at, build] of builds.entries()) sites.push(await start(build, at));
const figures = new Map();
const note = (key, us) => figures.set(key, [...(figures.get(key) ?? []), us]);
try {
  // Round after round, the limit and each build in turn for one row: a load that comes and goes falls on all of them.
  for (const [at, [scenario]] of scenarios(sites[0].ids).entries()) {
    if (args.rows && !scenario.toLowerCase().includes(args.rows)) continue;
    for (const [which, [caller]] of sites[0].callers.entries()) {
      if (args.caller && caller !== args.caller) continue;
      const targets = [];
      for (const site of sites) {
        const { method, path, body } = scenarios(site.ids)[at][1];
        const headers = { ...site.callers[which][1], ...(body && { 'content-type': 'application/json' }) };
        const request = { method, path, headers, ...(body && { body }) };
        const answer = await answerOf(`${site.base}${path}`, request, ({ status, body: bytes }) => status === 200 && !JSON.parse(bytes).errors);
        const bare = await sameAnswerServer(listen, answer);
        targets.push([`limit (${site.name})`, `http://127.0.0.1:${bare.address().port}`, request, bare], [site.name, site.base, request]);
      }
      for (const [, url, request] of targets) await cpuPerRequest(url, request);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, url, request] of targets) note(`${scenario}\u0000${caller}\u0000${name}`, await cpuPerRequest(url, request));
      }
      for (const [, , , bare] of targets) bare?.close();
    }
  }
  const rows = [];
  for (const [key, runs] of figures) {
    const [scenario, caller, server] = key.split('\u0000');
    const sorted = runs.sort((a, b) => a - b);
    rows.push({ scenario, caller, server, 'least µs/req': +sorted[0].toFixed(1), 'median µs/req': +sorted[Math.floor(sorted.length / 2)].toFixed(1) });
  }
  console.table(rows);
} finally {
  load.close();
  for (const site of sites) await site.close();
}
