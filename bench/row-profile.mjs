// A CPU profile of the bench process over one row of the Strapi table: `BENCH_PROFILE=updates` (words, comma-separated,
// matched against the row's scenario as --rows is) profiles the main thread while that row loads this server, and writes
// `bench/results/<scenario>-<time>.cpuprofile` (open it in Chrome's DevTools, or read it with a script). --cpu-prof
// profiles the whole run, where one row of a table run is hard to pick out.
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const words = (process.env.BENCH_PROFILE ?? '').toLowerCase().split(',').filter(Boolean);

/**
 * Run `measure` (one row's run against this server), profiled when BENCH_PROFILE names the row.
 *
 * @example
 * const mine = await profiled('updates (many documents)', () => load.run({ url, connections, duration }));
 */
export async function profiled(scenario, measure) {
  if (!words.some((word) => scenario.toLowerCase().includes(word))) return measure();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  try {
    return await measure();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const dir = resolve(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${scenario.replace(/[^a-z0-9]+/gi, '-')}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.error(`profile of ${scenario}: ${file}`);
  }
}
