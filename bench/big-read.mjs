// One big read (a blob of --mb MB by `git cat-file blob`), each in a Node process of its own so its peaks are its own, each way:
// `runfile-spawner` / `runfile-direct` (core's runFile: the whole output as one Buffer), `stream-spawner` / `stream-direct`
// (streamFile: counted as it comes; it does not exist before the big-reads change). Per way, the median over --rounds (the ways
// alternated within each round): wall time, the growth of the reader's peak resident memory over the read, the spawner's own
// peak, and the event loop's longest stall during the read. --dist names the build to measure (`npm run build` first), so a
// build of main can be compared with this one:
//   node bench/big-read.mjs [--mb 256] [--rounds 3] [--dist dist] [--ways runfile-spawner,stream-spawner,runfile-direct]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: {
  mb: { type: 'string', default: '256' }, rounds: { type: 'string', default: '3' }, dist: { type: 'string', default: 'dist' },
  ways: { type: 'string', default: 'runfile-spawner,stream-spawner,runfile-direct' },
  child: { type: 'string' }, repo: { type: 'string' }, oid: { type: 'string' },
} });
const MB = 2 ** 20;

if (values.child) {
  const dist = pathToFileURL(resolve(values.dist)).href;
  const { runFile, spawnerPid } = await import(`${dist}/core/process/run-file.js`);
  const [kind, via] = values.child.split('-');
  const streamed = kind === 'stream' ? (await import(`${dist}/core/process/stream-file.js`)).streamFile : undefined;
  await runFile('true', [], { via }); // the spawner started before the read: its start is not the read's
  const before = process.resourceUsage().maxRSS * 1024;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const args = ['cat-file', 'blob', values.oid];
  let bytes = 0;
  if (streamed) {
    await streamed('git', args, { cwd: values.repo, via }, async (stdout) => { for await (const chunk of stdout) bytes += chunk.length; });
  } else {
    bytes = (await runFile('git', args, { cwd: values.repo, via, encoding: 'buffer', maxBuffer: 1 << 30 })).stdout.length;
  }
  const ms = performance.now() - started;
  loop.disable();
  const spawner = spawnerPid() ? Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${spawnerPid()}/status`, 'utf8'))[1]) * 1024 : 0;
  console.log(JSON.stringify({ bytes, ms, grown: process.resourceUsage().maxRSS * 1024 - before, spawner, stall: loop.max / 1e6 }));
} else {
  const size = Number(values.mb) * MB;
  const repo = mkdtempSync(join(tmpdir(), 'cms-big-read-'));
  execFileSync('git', ['init', '--quiet', repo]);
  writeFileSync(join(repo, 'big.txt'), Buffer.alloc(size, 'line of text\n'));
  const oid = execFileSync('git', ['hash-object', '-w', 'big.txt'], { cwd: repo, encoding: 'utf8' }).trim();
  const ways = values.ways.split(',').filter((way) => !way.startsWith('stream') || existsSync(join(values.dist, 'core/process/stream-file.js')));
  const seen = Object.fromEntries(ways.map((way) => [way, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const way of ways) {
      const run = spawnSync(process.execPath, [process.argv[1], '--child', way, '--repo', repo, '--oid', oid, '--dist', values.dist], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${way}: ${run.stderr}`);
      const answer = JSON.parse(run.stdout);
      if (answer.bytes !== size) throw new Error(`${way} read ${answer.bytes} bytes of ${size}`);
      seen[way].push(answer);
    }
  }
  rmSync(repo, { recursive: true, force: true });
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`${values.mb} MB blob, ${values.rounds} rounds, ${values.dist}, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  for (const way of ways) {
    const pick = (key) => median(seen[way].map((answer) => answer[key]));
    console.log(`${way.padEnd(16)} ${pick('ms').toFixed(0).padStart(6)} ms, reader's peak +${(pick('grown') / MB).toFixed(0)} MB,`
      + ` spawner's peak ${(pick('spawner') / MB).toFixed(0)} MB, longest event-loop stall ${pick('stall').toFixed(0)} ms`);
  }
}
