// The load generator of the Strapi table's read and write rows, in a process of its own: autocannon then never shares a
// thread with the servers it measures (they stay in the bench's process, whose CPU time per answered request is read
// around each run). The table interleaves the limit and this server in short rounds (`interleaved`) and keeps the median.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { placeLoad } from './cpu-placement.mjs';
import { writeScenarios } from './write-rows.mjs';

/** A write row's requests, made here: their bodies are built per request (setupRequest), which no message can carry. */
const writeRequests = ({ ids, scenario }) => writeScenarios({ ids }).find(([name]) => name === scenario)[1];

if (process.env.BENCH_LOAD_CHILD) {
  // The child: one autocannon run per message (options as autocannon takes them, without functions; `writes`:
  // `{ ids, scenario }`, a write row of write-rows.mjs over those documentIds).
  process.on('disconnect', () => process.exit(0));
  process.on('message', async ({ id, options: { writes, ...options } }) => {
    try {
      const result = await autocannon({ ...options, ...(writes && { requests: writeRequests(writes) }), pipelining: 1 });
      process.send({ id, result: {
        total: result.requests.total, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99,
        errors: result.errors + result.non2xx + result.timeouts,
      } });
    } catch (error) {
      process.send({ id, error: error.message });
    }
  });
}

/**
 * A forked load generator: `run(options)` resolves to `{ total, seconds, rps, p50, p99, errors }` of one autocannon
 * run (options serialisable: url, connections, duration or amount, headers, requests without setupRequest, or `writes`:
 * `{ ids, scenario }` for a write row of write-rows.mjs). With a `placement` (cpu-placement.mjs), the process runs on its
 * `rest` cores.
 *
 * @example
 * const load = startLoad(); const { rps } = await load.run({ url, connections: 10, duration: 2 }); load.close();
 */
export function startLoad({ placement } = {}) {
  const child = fork(import.meta.filename, [], { execArgv: [], env: { ...process.env, BENCH_LOAD_CHILD: '1' } });
  if (placement) {
    try {
      placeLoad(placement, child.pid);
    } catch (error) {
      child.kill();
      throw error;
    }
  }
  const pending = new Map();
  let next = 0;
  child.on('message', ({ id, result, error }) => {
    const { resolve, reject } = pending.get(id);
    pending.delete(id);
    if (error) reject(new Error(error));
    else resolve({ ...result, rps: Math.round(result.total / Math.max(result.seconds, 0.01)) });
  });
  child.on('exit', (code) => {
    for (const { reject } of pending.values()) reject(new Error(`the load process exited (${code})`));
    pending.clear();
  });
  return {
    run: (options) => new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      child.send({ id, options });
    }),
    close: () => child.disconnect(),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One read row: `rounds` rounds of `seconds` each of the limit and of this server (which goes first alternates), loaded
 * from `load`'s process; both servers answer in this process, so its CPU time over a run, per answered request, is what
 * that server cost. `limit` and `ours` are `{ url, headers?, requests? }`. Resolves to the medians (req/s, µs per
 * request), the median and range of the rounds' ours/limit ratios, and ours' p50 and failed requests.
 *
 * @example
 * const row = await interleaved(load, { limit: { url: bareUrl }, ours: { url, headers }, rounds: 3, seconds: 2, connections: 10 });
 */
export async function interleaved(load, { limit, ours, rounds, seconds, connections }) {
  const cell = async (target, run) => {
    const before = process.cpuUsage();
    const result = await load.run({ ...target, connections, ...run });
    const cpu = process.cpuUsage(before);
    return { ...result, us: (cpu.user + cpu.system) / Math.max(result.total, 1) };
  };
  // Not kept: the first requests of a path compile code and fill the caches, on both sides.
  await cell(limit, { amount: 1000 });
  await cell(ours, { amount: 1000 });
  const cells = { limit: [], ours: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['limit', 'ours'] : ['ours', 'limit'];
    for (const side of order) cells[side].push(await cell(side === 'limit' ? limit : ours, { duration: seconds }));
  }
  const ratios = cells.ours.map((mine, at) => mine.rps / Math.max(cells.limit[at].rps, 1));
  const usLimit = median(cells.limit.map((cell) => cell.us));
  const usOurs = median(cells.ours.map((cell) => cell.us));
  return {
    limitRps: median(cells.limit.map((cell) => cell.rps)), oursRps: median(cells.ours.map((cell) => cell.rps)),
    ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios),
    usLimit, usOurs, cpuRatio: usLimit / usOurs,
    p50: median(cells.ours.map((cell) => cell.p50)), errors: cells.ours.reduce((sum, cell) => sum + cell.errors, 0),
  };
}
