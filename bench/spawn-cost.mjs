// CPU of one child process started from a Node process the size of a test worker (issue 39): `git --version` started --runs
// times with spawnSync and with spawn, after growing the heap by live objects to each size asked (MB of heap, roughly; 0 = a fresh
// node). CPU of this process and of its waited-for children (Linux: /proc/self/stat utime, stime, cutime, cstime), so wall time
// and the neighbours' load do not enter. Run alone:
//   node --max-old-space-size=4000 bench/spawn-cost.mjs [--runs 300] [--sizes 0,60,300]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '300' }, sizes: { type: 'string', default: '0,60,300' } } });
const RUNS = Number(values.runs);
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU so far (ms) of this process and of its children: fields 14-17 of /proc/self/stat. */
function cpu() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const [self, children] = [Number(fields[11]) + Number(fields[12]), Number(fields[13]) + Number(fields[14])];
  return { self: (self * 1000) / TICK, children: (children * 1000) / TICK };
}

const kept = [];
for (const size of values.sizes.split(',').map(Number)) {
  // About 1.2 MB of heap per step: objects a module graph and its caches keep alive.
  while (process.memoryUsage().heapUsed / 2 ** 20 < size) kept.push(Array.from({ length: 1 << 14 }, (_, at) => ({ at, text: `x${at}` })));
  const before = cpu();
  for (let run = 0; run < RUNS; run++) spawnSync('git', ['--version']);
  for (let run = 0; run < RUNS; run++) await new Promise((done) => spawn('git', ['--version']).on('close', done));
  const after = cpu();
  const per = (key) => ((after[key] - before[key]) / (2 * RUNS)).toFixed(1);
  const { rss, heapUsed } = process.memoryUsage();
  console.log(`rss ${(rss / 2 ** 20).toFixed(0)} MB, heap ${(heapUsed / 2 ** 20).toFixed(0)} MB: per start ${per('self')} ms in this process,`
    + ` ${per('children')} ms in the child (git)`);
}
