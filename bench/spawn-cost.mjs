// CPU of one child process started from a Node process the size of a test worker or a big `cms serve` (issues 39, 43): `git
// --version` started --runs times, after growing the heap by live objects to each size asked (MB of heap, roughly; 0 = a fresh
// node), each way: `sync` (spawnSync), `spawn`, and core's runFile (dist/core/process/run-file.js: `npm run build` first)
// `direct` and through the `spawner` process. CPU of this process, of its waited-for children and of the spawner with its
// children (Linux: /proc/<pid>/stat utime, stime, cutime, cstime; this process's own from process.cpuUsage, to the microsecond),
// so wall time and the neighbours' load do not enter. --env-kb adds that many KB of variables to this process's environment
// (a CI runner's is several KB; each call hands its program the environment), --dist names the build measured. Run alone:
//   node --max-old-space-size=4000 bench/spawn-cost.mjs [--runs 300] [--sizes 0,60,300] [--ways sync,spawn,direct,spawner]
//     [--env-kb 0] [--dist dist]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: {
  'env-kb': { type: 'string', default: '0' }, dist: { type: 'string', default: new URL('../dist', import.meta.url).pathname },
  runs: { type: 'string', default: '300' }, sizes: { type: 'string', default: '0,60,300' }, ways: { type: 'string', default: 'sync,spawn,direct,spawner' },
} });
const { runFile, spawnerPid } = await import(pathToFileURL(resolve(values.dist, 'core/process/run-file.js')).href);
const RUNS = Number(values.runs);
for (let at = 0; at < Number(values['env-kb']) * 8; at++) process.env[`CMS_BENCH_PAD_${at}`] = 'x'.repeat(100);
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU so far (ms) of a process (user, system) and of its waited-for children: fields 14-17 of /proc/<pid>/stat. */
function cpu(pid = 'self') {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').map(Number);
  const ms = (ticks) => (ticks * 1000) / TICK;
  if (pid !== 'self') return { user: ms(fields[11]), sys: ms(fields[12]), children: ms(fields[13] + fields[14]) };
  const own = process.cpuUsage();
  return { user: own.user / 1000, sys: own.system / 1000, children: ms(fields[13] + fields[14]) };
}
const spawnerCpu = () => {
  const pid = spawnerPid();
  if (!pid) return 0;
  const { user, sys, children } = cpu(pid);
  return user + sys + children;
};

const WAYS = {
  sync: async () => spawnSync('git', ['--version']),
  spawn: () => new Promise((done) => spawn('git', ['--version']).on('close', done)),
  direct: () => runFile('git', ['--version'], { via: 'direct' }),
  spawner: () => runFile('git', ['--version'], { via: 'spawner' }),
};

const kept = [];
for (const size of values.sizes.split(',').map(Number)) {
  // About 1.2 MB of heap per step: objects a module graph and its caches keep alive.
  while (process.memoryUsage().heapUsed / 2 ** 20 < size) kept.push(Array.from({ length: 1 << 14 }, (_, at) => ({ at, text: `x${at}` })));
  const rss = (process.memoryUsage().rss / 2 ** 20).toFixed(0);
  for (const way of values.ways.split(',')) {
    if (way === 'spawner') await WAYS.spawner(); // started before counting: its start is paid once per process, not per run
    const [before, aside] = [cpu(), spawnerCpu()];
    for (let run = 0; run < RUNS; run++) await WAYS[way]();
    const [after, asideAfter] = [cpu(), spawnerCpu()];
    const per = (ms) => (ms / RUNS).toFixed(3);
    const [user, sys, children] = ['user', 'sys', 'children'].map((key) => after[key] - before[key]);
    const spawner = asideAfter - aside;
    console.log(`rss ${rss} MB, ${way.padEnd(7)}: per start ${per(user)} ms user + ${per(sys)} ms sys here, ${per(children)} ms in git,`
      + ` ${per(spawner)} ms in the spawner and its git; total ${per(user + sys + children + spawner)} ms`);
  }
}
