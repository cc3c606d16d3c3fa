// CPU of starting the CLI on the sample site (this checkout): `cms serve` from spawn to its "Serving" line, and short
// commands (`--version`, `get`, `validate`, `token list`) from spawn to exit. CPU (user + system, every thread of the
// process), not wall time: on a loaded machine wall time says more about the neighbours. Best of --runs (default 5).
// Linux (reads /proc/<pid>/stat). Run by `npm run bench` (section `start`), or alone, optionally against another build:
//   node bench/cli-start.mjs [--runs 5] [--bin /path/to/other/dist/cli/bin.js]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** A process's CPU so far (ms): utime + stime of /proc/<pid>/stat, fields 14 and 15. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICK;
}

/** A short command's own CPU at exit, which the process writes to fd 3 (a hook, so its children are not counted). */
const EXIT_CPU = 'import { writeSync } from "node:fs"; process.on("exit", () => { const u = process.cpuUsage(); '
  + 'writeSync(3, String((u.user + u.system) / 1000)); });';

/** CPU (ms) of one `cms serve` until it says it is serving; the server is stopped then. */
function serveStart(bin) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', '--root', ROOT, '--port', '0', '--host', '127.0.0.1', '--no-watch'],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, VITEST: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (!/Serving /.test(stderr)) return;
      const ms = cpuOf(child.pid);
      child.kill('SIGTERM');
      child.once('exit', () => resolve(ms));
    });
    child.once('exit', () => { if (!/Serving /.test(stderr)) reject(new Error(`cms serve did not start: ${stderr}`)); });
  });
}

/** CPU (ms) of one short command, from its start to its exit. */
function shortCommand(bin, args) {
  const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(EXIT_CPU)}`, bin, ...args],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`cms ${args.join(' ')} exited with ${run.status}`);
  return Number(run.output[3]);
}

const best = async (runs, measure) => {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await measure());
  return Math.round(Math.min(...all));
};

/**
 * @example
 * const rows = await benchStart({ runs: 5 }); // [{ command: 'serve (to "Serving")', cpuMs: 640 }, …]
 */
export async function benchStart({ runs = 5, bin = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url)) } = {}) {
  const rows = [{ command: 'serve (spawn to "Serving")', cpuMs: await best(runs, () => serveStart(bin)) }];
  for (const args of [['--version'], ['get', 'tags', '--root', ROOT], ['validate', '--root', ROOT], ['token', 'list', '--root', ROOT]]) {
    rows.push({ command: args.filter((arg) => arg !== ROOT && arg !== '--root').join(' '), cpuMs: await best(runs, () => shortCommand(bin, args)) });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => { const at = process.argv.indexOf(`--${name}`); return at > 0 ? process.argv[at + 1] : undefined; };
  const rows = await benchStart({ runs: Number(option('runs') ?? 5), bin: option('bin') });
  console.log(`## CPU of a CLI start (best of ${option('runs') ?? 5}; load ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
  console.table(rows);
}
