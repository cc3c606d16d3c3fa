// Waiting, before a server's measured run, until the machine has finished the work of the run before it. A run's load
// stops at its duration, but the server it loaded has not: Strapi answers the requests still in flight (10 at 20 to 300
// ms each) and collects its garbage, this server checkpoints its writes a second later. On a 2-core machine that tail
// fell into the next server's run: a monitor of the creates row (round 25, 0.5 s samples of /proc/<pid>/stat) saw
// Strapi at 62 to 102% of a core through the first half second of our runs after each of its own.
import { readFileSync } from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';

/** The machine's CPU time so far, in clock ticks: all of it, and the idle part (iowait is not idle: a flush still runs). */
function cpuTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').slice(0, 200).split('\n', 1)[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: fields.reduce((sum, value) => sum + value, 0), idle: fields[3] };
}

const waits = [];

/**
 * Resolves once the machine's CPUs have been busy under `busyBelow` of their time for `quietWindows` windows of
 * `windowMs` in a row, or after `maxMs` (then the run goes on: a machine busy with others' work is measured as it is).
 * Where /proc/stat is missing (not Linux) it resolves at once. Each wait is counted for `settleSummary`.
 *
 * @example
 * await settle(); const theirs = await strapiRun(); await settle(); const ours = await ourRun();
 */
export async function settle({ windowMs = 100, quietWindows = 2, busyBelow = 0.1, maxMs = 5000 } = {}) {
  let before;
  try {
    before = cpuTicks();
  } catch {
    return 0;
  }
  const started = performance.now();
  let quiet = 0;
  while (quiet < quietWindows && performance.now() - started < maxMs) {
    await pause(windowMs);
    const now = cpuTicks();
    const total = now.total - before.total;
    if (total === 0) continue; // no clock tick yet: no reading of this window
    quiet = 1 - (now.idle - before.idle) / total < busyBelow ? quiet + 1 : 0;
    before = now;
  }
  const waited = Math.round(performance.now() - started);
  waits.push({ waited, capped: quiet < quietWindows });
  return waited;
}

/** The waits so far: how many, their median and longest (ms), and how many ended at `maxMs` with the machine still busy. */
export function settleSummary() {
  const sorted = waits.map((wait) => wait.waited).sort((a, b) => a - b);
  return {
    waits: sorted.length, medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, longestMs: sorted.at(-1) ?? 0,
    capped: waits.filter((wait) => wait.capped).length,
  };
}
