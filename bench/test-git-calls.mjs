// The git processes test files start, and a file's CPU. Each argument is run once (`npx vitest run <arg>`, a file or a folder)
// with the git shim of git-shim.mjs first on PATH, which counts every git run (the workers', and those of the CLIs and servers
// they start) under the test file running (CMS_TEST_FILE, test/helpers/after-file.ts); a file given alone is run a second time
// without the shim under /usr/bin/time (user+sys of vitest and all its children; the shim's shells are not in it). Issue #39.
// `npm run build && node bench/test-git-calls.mjs [--top 12] [--no-cpu] [--json out.json] [--logs dir] test/a.test.ts test/dir …`
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { gitCommand, gitRuns, gitShim } from './git-shim.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const flag = (name) => (args.includes(name) ? (args.splice(args.indexOf(name), 1), true) : false);
const top = Number(option('--top') ?? 12);
const jsonOut = option('--json');
const logs = option('--logs');
const cpu = !flag('--no-cpu');
const repo = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'cms-test-git-calls-'));
const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

/** Run vitest on a file or folder: its exit code, and user+sys seconds of it and its children (/usr/bin/time). */
function run(target, env) {
  const times = join(work, 'time');
  const { status } = spawnSync('/usr/bin/time', ['-o', times, '-f', '%U %S', 'npx', 'vitest', 'run', target], {
    cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'],
  });
  const [user, sys] = readFileSync(times, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { status, cpu: user + sys };
}

/** `[command, runs]`, most first. */
function byCommand(runs) {
  const counts = new Map();
  for (const { argv } of runs) counts.set(gitCommand(argv), (counts.get(gitCommand(argv)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

for (const target of args) {
  const log = join(work, 'git.log');
  const counted = run(target, { PATH: gitShim(join(work, 'bin'), log, realGit), CMS_TEST_FILE: '' });
  if (logs) (mkdirSync(logs, { recursive: true }), copyFileSync(log, join(logs, `${basename(target)}.log`)));
  const load = loadavg()[0].toFixed(1);
  const single = target.endsWith('.ts');
  const plain = cpu && single ? run(target, {}) : undefined;
  const failed = [counted.status, plain?.status].filter((code) => code !== undefined && code !== 0);
  const files = new Map();
  for (const one of gitRuns(log)) {
    const file = one.file ? relative(repo, one.file) : '(outside a test file)';
    if (!files.has(file)) files.set(file, []);
    files.get(file).push(one);
  }
  console.log(`${target}: ${[...files.values()].flat().length} git runs${plain ? `, CPU ${plain.cpu.toFixed(1)} s (user+sys, children included)` : ''}`
    + `, load ${load}${failed.length ? `, vitest FAILED (exit ${failed.join(', ')})` : ''}`);
  for (const [file, runs] of [...files].sort((a, b) => b[1].length - a[1].length)) {
    const commands = byCommand(runs);
    if (!single) console.log(`  ${file}: ${runs.length}`);
    console.log(`    ${commands.slice(0, top).map(([name, count]) => `${name} ${count}`).join(', ')}`);
    if (jsonOut) {
      appendFileSync(jsonOut, `${JSON.stringify({ file, git: runs.length, cpu: plain?.cpu, load, commands: Object.fromEntries(commands) })}\n`);
    }
  }
}
rmSync(work, { recursive: true, force: true });
