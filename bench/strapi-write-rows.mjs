// The write rows of the Strapi table (strapi-rows.mjs): creates, updates and the 9:1 mix against the bare node:http
// limit, Strapi and this server, each run after a warm-up of the same load; Strapi's runs and ours interleaved in rounds.
import { profiled } from './row-profile.mjs';
import { settle as machineSettled } from './settle.mjs';
import { writeScenarios } from './write-rows.mjs';
import { wrkWrites } from './wrk-load.mjs';
import { UNPLACED } from './cpu-placement.mjs';

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

/** The run of the median rate among `runs` (the lower of the two middle ones for an even count). */
const medianRun = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)];
/** Refuse a count of write rounds that would measure nothing (`--write-rounds 0`, or not a whole number). */
export function checkRounds(rounds) {
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--write-rounds must be a whole number of at least 1, not ${rounds}`);
}

/** The sum of one figure over runs. */
const sum = (runs, key) => runs.reduce((total, one) => total + one[key], 0);

/**
 * Strapi's and this server's runs of one write row, interleaved as the read rows interleave this server and the limit:
 * each server's warm-up (`warmUp` s, dropped), then `rounds` rounds of Strapi's run (`theirs`, when Strapi runs) followed
 * by ours. A minute in which the machine is slow then weighs on both servers' figures, where one run each measured
 * whichever server it fell on (round 20: nine runs of the creates row alone within 21 minutes made 2,866 to 5,659 creates
 * a second, at 224 to 417 µs of CPU each, while Strapi made 76 to 83). Every run waits for `settle` first (settle.mjs:
 * the machine done with the run before it, whose server's tail would otherwise fall into this one).
 * `measure(go, round)` wraps each of our measured runs. Resolves to each server's median run and every round's.
 *
 * @example
 * const { ours, theirs } = await interleavedRounds({ ours: (s) => wrk(ourUrl, s), theirs: (s) => wrk(strapiUrl, s), rounds: 3, warmUp: 5 });
 */
export async function interleavedRounds({ ours, theirs, rounds, warmUp, measure = (go) => go(), settle = machineSettled }) {
  checkRounds(rounds);
  if (warmUp > 0) {
    if (theirs) { await settle(); await theirs(warmUp); }
    await settle();
    await ours(warmUp);
  }
  const runs = { theirs: [], ours: [] };
  for (let round = 0; round < rounds; round++) {
    if (theirs) { await settle(); runs.theirs.push(await theirs()); }
    await settle();
    runs.ours.push(await measure(() => ours(), round));
  }
  return { ours: medianRun(runs.ours), theirs: theirs && medianRun(runs.theirs), runs };
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
  listen, load, writeLoad, ourBase, ourIds, strapi, strapiIds, row, wanted, connections, duration, warmUp, writeRounds = 5,
  placement = UNPLACED, place = () => {},
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
        ? wrkWrites({ url, connections, duration: seconds, scenario, ids, placement })
        : load.run({ url, connections, duration: seconds, writes: { ids, scenario } }));
      // Every run placed anew (cpu-placement.mjs: the threads a write starts take the event loop's core), then settled.
      const settled = async () => { place(); await machineSettled(); };
      await settled();
      const limit = await afterWarmUp(run(`http://127.0.0.1:${bare.address().port}`, ourIds), warmUp);
      let cpu = 0;
      const { ours: mine, theirs, runs } = await interleavedRounds({
        ours: run(ourBase, ourIds), theirs: strapi && run(strapi.base, strapiIds), rounds: writeRounds, warmUp, settle: settled,
        measure: async (go, round) => {
          const before = process.cpuUsage();
          try {
            return await (round === 0 ? profiled(scenario, go) : go());
          } finally {
            const used = process.cpuUsage(before);
            cpu += used.user + used.system;
          }
        },
      });
      const ratio = mine.rps / limit.rps;
      const perRound = runs.theirs.map((their, at) => runs.ours[at].rps / Math.max(their.rps, 1));
      row(scenario, 'anonymous', {
        limitRps: limit.rps, oursRps: mine.rps, ratio, low: ratio, high: ratio, p50: mine.p50,
        errors: sum(runs.ours, 'errors'), usOurs: cpu / Math.max(sum(runs.ours, 'total'), 1),
        strapiRounds: perRound.length > 1 ? [Math.min(...perRound), Math.max(...perRound)] : undefined,
      }, theirs && { ...theirs, errors: sum(runs.theirs, 'errors') });
    }
  } finally {
    bare.close();
  }
}
