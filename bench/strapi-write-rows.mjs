// The write rows of the Strapi table (strapi-rows.mjs): creates, updates and the 9:1 mix against the bare node:http
// limit, Strapi and this server, each run after a warm-up of the same load.
import { profiled } from './row-profile.mjs';
import { writeScenarios } from './write-rows.mjs';
import { wrkWrites } from './wrk-load.mjs';

/**
 * One server's run of a write row after a warm-up of the same load for `seconds` (none at 0), whose result is dropped:
 * V8 optimises a write path's functions over their first thousands of calls, so a row run cold measures the compiler
 * too (round 19: `--trace-opt` counted 80 to 120 functions optimised per half second through the first 3 to 5 s of the
 * updates row, while its rate doubled; Strapi, run twice, rose by 2 to 6%). `run(seconds?)` loads the server (the row's
 * duration when none is given); `measure` wraps the measured run alone (CPU time, a profile), never the warm-up.
 *
 * @example
 * const theirs = await afterWarmUp((seconds) => wrkWrites({ url, connections, duration: seconds ?? 5, scenario, ids }), 5);
 */
export async function afterWarmUp(run, seconds, measure = (go) => go()) {
  if (seconds > 0) await run(seconds);
  return measure(() => run());
}

/**
 * The write rows in the order they run: creates last, so the updates and the mix run on the seeded site itself on both
 * servers. Run first, creates left each server's site as large as its own rate made it (ours some 40,000 articles,
 * Strapi's under a thousand), and the rows after it measured different sites.
 */
export function runOrder() {
  const names = writeScenarios({ ids: [] }).map(([scenario]) => scenario);
  return [...names.filter((scenario) => scenario !== 'creates'), ...names.filter((scenario) => scenario === 'creates')];
}

/**
 * Every wanted write row into `row`: the limit answers one of this server's documents (reading the request body as a
 * server must), Strapi (when running) and this server are loaded alike, by wrk where it is installed (wrk-load.mjs:
 * autocannon's per-request bodies cost a fifth of a core at these rates), else by the load process (bodies made there).
 */
export async function strapiWriteRows({
  listen, load, writeLoad, ourBase, ourIds, strapi, strapiIds, row, wanted, connections, duration, warmUp,
}) {
  const one = Buffer.from(await (await fetch(`${ourBase}/api/articles/${ourIds[0]}`)).arrayBuffer());
  const bare = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': one.length });
      res.end(one);
    });
  });
  try {
    for (const scenario of runOrder()) {
      if (!wanted(scenario)) continue;
      const run = (url, ids) => (seconds = duration) => (writeLoad === 'wrk'
        ? wrkWrites({ url, connections, duration: seconds, scenario, ids })
        : load.run({ url, connections, duration: seconds, writes: { ids, scenario } }));
      const limit = await afterWarmUp(run(`http://127.0.0.1:${bare.address().port}`, ourIds), warmUp);
      const theirs = strapi && await afterWarmUp(run(strapi.base, strapiIds), warmUp);
      let cpu;
      const mine = await afterWarmUp(run(ourBase, ourIds), warmUp, async (go) => {
        const before = process.cpuUsage();
        try {
          return await profiled(scenario, go);
        } finally {
          cpu = process.cpuUsage(before);
        }
      });
      const ratio = mine.rps / limit.rps;
      row(scenario, 'anonymous', {
        limitRps: limit.rps, oursRps: mine.rps, ratio, low: ratio, high: ratio, p50: mine.p50, errors: mine.errors,
        usOurs: (cpu.user + cpu.system) / Math.max(mine.total, 1),
      }, theirs);
    }
  } finally {
    bare.close();
  }
}
