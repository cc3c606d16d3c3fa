// Where the Strapi table's processes run, asked for with `BENCH_PIN=1` (docs/reference/performance.md, round 31). The load
// generator (wrk, the autocannon process) runs on the same machine as the servers it loads; left to the scheduler, it and
// our server's other threads are often woken onto the core of the server's event loop and take it from under it. Placed,
// our server's main thread (the bench's own) gets the first core the bench may use, and the load generators and every
// other thread of the bench the rest: the load kept off our event loop's core, closer to clients on another machine but
// not the same (it still shares the other core with our threads). Strapi stays where the scheduler puts it, as it ships
// (placed so, its creates fell by about a tenth). Not the default: `cms serve` does not place its threads, and nothing
// measured shows a gain for a deployed server. Linux with util-linux's `taskset` and two cores at least.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** No placement asked for: what the load helpers take by default. */
export const UNPLACED = Object.freeze({ off: 'not asked for (BENCH_PIN=1)' });

/** The CPUs of a `Cpus_allowed_list` ("0-3,6"), in order. */
export function parseCpuList(list) {
  return list.trim().split(',').filter(Boolean).flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    if (!/^\d+(-\d+)?$/.test(part) || to < from) throw new Error(`not a CPU list: "${list}"`);
    return Array.from({ length: to - from + 1 }, (_, at) => from + at);
  });
}

/** Whether util-linux's `taskset` runs here. */
function tasksetInstalled() {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The placement, from this process's allowed CPUs (`status`: /proc/self/status's text, null where there is none): `{ loop,
 * rest, all }` as taskset lists (the event loops' core, the others, all of them as before), or `{ off: reason }`.
 */
export function cpuPlacement({ env = process.env, status = readStatus(), taskset = tasksetInstalled } = {}) {
  if (env.BENCH_PIN !== '1') return UNPLACED;
  const line = /^Cpus_allowed_list:\s*(.+)$/m.exec(status ?? '');
  if (!line) return { off: 'no /proc/self/status (not Linux)' };
  const cpus = parseCpuList(line[1]);
  if (cpus.length < 2) return { off: `one CPU (${line[1].trim()})` };
  if (!taskset()) return { off: 'no taskset (Debian: util-linux)' };
  return { loop: String(cpus[0]), rest: cpus.slice(1).join(','), all: cpus.join(',') };
}

function readStatus() {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return null;
  }
}

/**
 * Put a running server in its place: its main thread on `loop`, its other threads on `rest`. Threads a process starts
 * later take their starter's CPUs (the main thread's, for most): place the server again before each measured run.
 */
export function placeServer(placement, pid) {
  if (placement.off) return;
  taskset(['-a', '-p', '-c', placement.rest, String(pid)]);
  taskset(['-p', '-c', placement.loop, String(pid)]);
}

/** Put a load generator's process, every thread of it, on `rest`. */
export function placeLoad(placement, pid) {
  if (!placement.off) taskset(['-a', '-p', '-c', placement.rest, String(pid)]);
}

/** Give every thread of a process all the CPUs it had before (the bench's own, when the table is done). */
export function unplace(placement, pid) {
  if (!placement.off) taskset(['-a', '-p', '-c', placement.all, String(pid)]);
}

/** One taskset call; its own error message kept in the thrown error's. */
function taskset(args) {
  execFileSync('taskset', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** `[command, args]` to spawn a load generator on `rest`. */
export function onRest(command, args, placement) {
  return placement.off ? [command, args] : ['taskset', ['-c', placement.rest, command, ...args]];
}
