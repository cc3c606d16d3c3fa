// CPU of CLI starts, two builds alternated (same minute, same load): user + system of the process and the children it
// waited for (git), medians. Commands: `--version`, `get articles`, `get articles --populate=*`, `create tags --data …`
// (spawn to exit, /usr/bin/time), and `serve` until it answered `GET /api/articles` (/proc/<pid>/stat with cutime/cstime).
// Runs on a copy of the sample site in a fresh Git repository (NOGIT=1: outside any repository). Linux, GNU time.
//   node bench/cli-start-ab.mjs <build>/dist/cli/bin.js[,<other build>/dist/cli/bin.js] [runs=10] [only-commands-matching]
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { readFileSync, cpSync, rmSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const [binsArg, runsArg, only] = process.argv.slice(2);
const bins = binsArg.split(',').map((path) => resolve(path)); let bin = bins[0];
const runs = Number(runsArg ?? 10);
const SITE = fileURLToPath(new URL('..', import.meta.url));
const TICK = 100;
const time = (args, cwd) => {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, bin, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  const [u, s] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return (u + s) * 1000;
};
const cpuTree = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000 / TICK; };
const serve = (cwd) => new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--host', '127.0.0.1', '--no-watch'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const on = async (chunk) => {
    out += chunk; const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
    if (!m || child.done) return; child.done = true;
    const res = await fetch(`http://127.0.0.1:${m[1]}/api/articles`); await res.text();
    if (res.status !== 200) reject(new Error(String(res.status)));
    const ms = cpuTree(child.pid); child.kill('SIGTERM'); child.once('exit', () => resolve(ms));
  };
  child.stdout.on('data', on); child.stderr.on('data', on);
});
const tmp = mkdtempSync(join(tmpdir(), 'cms-start-ab-'));
for (const p of ['content', 'schemas', 'cms.config.json', 'public']) cpSync(`${SITE}/${p}`, `${tmp}/${p}`, { recursive: true });
if (!process.env.NOGIT) execFileSync('sh', ['-c', 'git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm init'], { cwd: tmp });
const commands = {
  '--version': () => time(['--version'], tmp),
  'get articles': () => time(['get', 'articles'], tmp),
  'get articles --populate=*': () => time(['get', 'articles', '--populate=*'], tmp),
  'create tags': (i) => time(['create', 'tags', '--data', JSON.stringify({ name: `t${process.pid}-${i}`, slug: `t${process.pid}-${i}` })], tmp),
  'serve to 1st answer': () => serve(tmp),
};
for (const b of bins) { bin = b; time(['get', 'articles'], tmp); } // writes the snapshot
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const l0 = loadavg()[0];
const rows = {};
for (let i = 0; i < runs; i++) for (const [name, f] of Object.entries(commands)) { if (only && !name.includes(only)) continue;
  for (const b of bins) { bin = b; (rows[`${name}|${b}`] ??= []).push(await f(`${i}${bins.indexOf(b)}`)); } }
for (const [key, all] of Object.entries(rows)) { const [name, b] = key.split('|'); console.log(`${name.padEnd(28)} ${b.padEnd(40)} median ${med(all).toFixed(0).padStart(5)} ms  min ${Math.min(...all).toFixed(0).padStart(5)}`); }
console.log(`load ${l0.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`);
rmSync(tmp, { recursive: true, force: true });
