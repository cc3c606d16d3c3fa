// What ONE commit of one changed file costs when a type holds 10k, 100k or 1M files (issue #43), per layout and git setup.
// node bench/commit-layout.mjs [--sizes 10000,100000,1000000] [--data /tmp] [--runs 3] [--layouts flat,fan] [--keep]
//   [--variants word,word] [--checkout-up-to 200000] [--burst 1]   (run `npm run build` first: the `gitcms` variants call dist/)
// - Builds one repository per size and layout under --data (git fast-import, then one checkout), reused when present. Above
//   --checkout-up-to files the work tree is not written: the index is read from the commit (`read-tree`) with all its entries,
//   and only the files the runs change are written (a commit by plumbing never looks at the others; `git commit --only`
//   lstat()s them, so its figures there are a floor).
//   flat: content/articles/<documentId>.json (the default); fan: content/articles/<xx>/<documentId>.json, xx = the id's
//   first two characters (at most 936 folders for generated ids, ~1,070 files each at 1M).
// - Each variant changes one file (a different one per run) and commits it, best and median of --runs (the index is put in
//   the variant's format first, by update-index). `git commit` is what core/git/git.ts commitPaths ran before issue #43 (and
//   still runs with commit hooks or signing): `git add --all -- <path>`, `git commit --only -- <path>`, `git rev-parse HEAD`.
//   `gitcms commitPaths` calls dist/core/git/git.js itself (trees by plumbing, core/git/tree-commit.ts), one port per
//   variant after one untimed commit (a server's port is long-lived); its git CPU is its git children's (/proc/self/stat
//   cutime+cstime of those that ended, plus utime+stime+cutime+cstime of those still running: the kept cat-file and mktree, and
//   the spawner with the git runs it started; 10 ms ticks),
//   this process's own (spawning, parsing) is a column of its own. A run is --burst commits back to back, then
//   settleIndexes() (the index update a large index owes, index-debt.ts), whose CPU is its own column; its peak RSS is the
//   largest git process's in one more commit through a `git` on PATH that runs the real one under /usr/bin/time.
//   `trees` commits without any index
//   (hash-object, ls-tree + mktree per folder up to the root, commit-tree, update-ref) and then records the blob in the
//   real index (update-index --cacheinfo); `temp index` is read-tree HEAD into a temporary index, update-index, write-tree.
// - Wall ms is the whole commit; git CPU ms the user+system time of its git processes (/usr/bin/time %U %S, 10 ms ticks),
//   the figure to compare on a loaded machine; peak RSS is the largest git process's (%M).
// - Prints a Markdown table; the repositories are deleted at the end unless --keep.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
};
const sizes = option('sizes', '10000,100000,1000000').split(',').map(Number);
const data = option('data', '/tmp');
const runs = Number(option('runs', '3'));
const layouts = option('layouts', 'flat,fan').split(',');
const keep = process.argv.includes('--keep');
const only = option('variants', '');
const checkoutUpTo = Number(option('checkout-up-to', '200000'));
const burst = Number(option('burst', '1'));

import { build, documents, ENV, git, pathOf, TYPE } from './commit-layout-site.mjs';

const { createGit } = await import(new URL('../dist/core/git/git.js', import.meta.url).href);
/** Owed index entries written now (index-debt.ts); a build from before it owes none. */
const { settleIndexes = async () => undefined, INDEX_TIMING } = await import(new URL('../dist/core/git/index-debt.js',
  import.meta.url).href).catch(() => ({}));
// The owed update waits for settleCpu below, so that a commit's figure never holds an update and each burst has exactly one.
if (INDEX_TIMING) Object.assign(INDEX_TIMING, { idleMs: 3_600_000, maxDelayMs: 3_600_000 });
const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
/**
 * User+system CPU of this process's children so far, ms: the waited-for ones' (/proc/self/stat cutime, cstime) and the running
 * ones' with their own waited-for children (utime, stime, cutime, cstime of each /proc/<pid> whose parent is this process:
 * the kept cat-file and mktree, and the spawner with the git runs it started).
 */
const childCpuMs = () => {
  const self = statFields('self');
  let ticks = Number(self[13]) + Number(self[14]);
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = statFields(pid);
      // A running child's own time and its ended children's: the spawner (core/process/spawner.ts) starts the git runs of a
      // process past SPAWNER_RSS_MB, so they end as its children, not this process's.
      if (Number(fields[1]) === process.pid) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch { /* gone meanwhile */ }
  }
  return ticks * 10;
};
/** A `git` first on PATH that runs the real one under /usr/bin/time, appending each run's peak RSS (KB) to a file. */
function rssShim() {
  const bin = mkdtempSync(join(data, 'gp-rss-shim-'));
  const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(join(bin, 'git'), `#!/bin/sh\nexec /usr/bin/time -a -o "${bin}/rss" -f %M "${realGit}" "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return bin;
}
/** The gitcms port of a variant (made once per repository and variant, warmed by one commit). */
const ports = new Map();
async function commitPaths(dir, path) {
  const port = ports.get(dir);
  const cpu = process.cpuUsage();
  const children = childCpuMs();
  await port.commitPaths([path], `Update ${path}`, { name: 'bench', email: 'bench@cms.local' });
  const own = process.cpuUsage(cpu);
  return [{ args: ['commitPaths'], rssKb: 0, cpuMs: childCpuMs() - children, nodeMs: (own.user + own.system) / 1000 }];
}
/** The owed index update after a burst: its git CPU (ms). */
async function settleCpu() {
  const children = childCpuMs();
  await settleIndexes();
  return childCpuMs() - children;
}
async function peakRssOf(dir, path) {
  const bin = rssShim();
  const before = process.env.PATH;
  process.env.PATH = `${bin}:${before}`;
  try {
    await createGit(dir).commitPaths([path], `Update ${path}`, { name: 'bench', email: 'bench@cms.local' });
    await settleIndexes();
  } finally {
    process.env.PATH = before;
  }
  const peak = Math.max(...readFileSync(join(bin, 'rss'), 'utf8').split('\n').map(Number).filter(Boolean));
  rmSync(bin, { recursive: true, force: true });
  return peak;
}

/** gitcms's own three runs before issue #43 (core/git/git.ts commitPaths; still its path with commit hooks or signing). */
function commitGitcms(dir, path) {
  return [
    git(dir, ['add', '--all', '--', path]),
    git(dir, ['commit', '--quiet', '--no-verify', '--author=bench <bench@cms.local>', '-m', `Update ${path}`, '--only', '--', path]),
    git(dir, ['rev-parse', 'HEAD']),
  ];
}

/** No index: the new blob, each folder from the file's up to the root rebuilt (ls-tree + mktree), commit, ref; then the index. */
function commitTrees(dir, path) {
  const steps = [git(dir, ['hash-object', '-w', '--', path])];
  let oid = steps[0].out.trim();
  let mode = '100644';
  let type = 'blob';
  const parts = path.split('/');
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const folder = parts.slice(0, depth).join('/');
    const listing = git(dir, ['ls-tree', '-z', `HEAD:${folder}`]);
    steps.push(listing);
    const name = parts[depth];
    const entries = listing.out.split('\0').filter(Boolean).filter((line) => line.slice(line.indexOf('\t') + 1) !== name);
    entries.push(`${mode} ${type} ${oid}\t${name}`);
    const made = git(dir, ['mktree', '-z'], { input: `${entries.join('\0')}\0` });
    steps.push(made);
    oid = made.out.trim();
    mode = '040000';
    type = 'tree';
  }
  const parent = git(dir, ['rev-parse', 'HEAD']).out.trim();
  const commit = git(dir, ['commit-tree', oid, '-p', parent, '-m', `Update ${path}`]);
  steps.push(commit, git(dir, ['update-ref', 'HEAD', commit.out.trim(), parent]));
  steps.push(git(dir, ['update-index', '--cacheinfo', `100644,${steps[0].out.trim()},${path}`]));
  return steps;
}

/** A temporary index read from HEAD, the one file added, write-tree, commit-tree, update-ref; then the real index. */
function commitTempIndex(dir, path) {
  const env = { GIT_INDEX_FILE: join(dir, '.git', 'bench-temp-index') };
  const steps = [git(dir, ['read-tree', 'HEAD'], { env }), git(dir, ['update-index', '--add', '--', path], { env })];
  const tree = git(dir, ['write-tree'], { env });
  const parent = git(dir, ['rev-parse', 'HEAD']).out.trim();
  const commit = git(dir, ['commit-tree', tree.out.trim(), '-p', parent, '-m', `Update ${path}`]);
  steps.push(tree, commit, git(dir, ['update-ref', 'HEAD', commit.out.trim(), parent]), git(dir, ['update-index', '--', path]));
  rmSync(env.GIT_INDEX_FILE, { force: true });
  return steps;
}

const fsmonitor = spawnSync('git', ['fsmonitor--daemon', 'status'], { encoding: 'utf8', env: ENV });
const fsmonitorUsable = !/not supported|unknown|usage/i.test(`${fsmonitor.stderr}${fsmonitor.stdout}`) && fsmonitor.status !== 129;
const VARIANTS = [
  { name: 'gitcms commitPaths (plumbing), default config', config: {}, commit: commitPaths, inProcess: true },
  { name: 'gitcms commitPaths (plumbing), core.splitIndex', config: { 'core.splitIndex': 'true' }, commit: commitPaths, inProcess: true },
  // The index's entries once per burst of commits (opt-in: core/git/index-debt.ts), with and without a split index.
  { name: 'gitcms commitPaths (plumbing), gitcms.indexPerBurst', config: { 'gitcms.indexPerBurst': 'true' }, commit: commitPaths,
    inProcess: true },
  { name: 'gitcms commitPaths (plumbing), core.splitIndex + gitcms.indexPerBurst',
    config: { 'core.splitIndex': 'true', 'gitcms.indexPerBurst': 'true' }, commit: commitPaths, inProcess: true },
  { name: 'gitcms commitPaths (plumbing), index v4 + splitIndex', config: { 'index.version': '4', 'core.splitIndex': 'true' },
    commit: commitPaths, inProcess: true },
  { name: 'gitcms commit, default config', config: {}, commit: commitGitcms },
  { name: 'gitcms commit, index.version 4', config: { 'index.version': '4' }, commit: commitGitcms },
  { name: 'gitcms commit, core.untrackedCache', config: { 'core.untrackedCache': 'true' }, commit: commitGitcms },
  { name: 'gitcms commit, feature.manyFiles', config: { 'feature.manyFiles': 'true' }, commit: commitGitcms },
  { name: 'gitcms commit, core.splitIndex', config: { 'core.splitIndex': 'true' }, commit: commitGitcms },
  ...(fsmonitorUsable ? [{ name: 'gitcms commit, core.fsmonitor', config: { 'core.fsmonitor': 'true' }, commit: commitGitcms }] : []),
  { name: 'trees by plumbing (no index), then update-index', config: {}, commit: commitTrees },
  { name: 'trees by plumbing, core.splitIndex', config: { 'core.splitIndex': 'true' }, commit: commitTrees },
  { name: 'trees by plumbing, index v4 + splitIndex', config: { 'index.version': '4', 'core.splitIndex': 'true' }, commit: commitTrees },
  { name: 'temporary index (read-tree, write-tree)', config: {}, commit: commitTempIndex },
].filter((variant) => !only || only.split(',').some((word) => variant.name.includes(word)));

function settle(dir, config) {
  for (const key of ['index.version', 'core.untrackedCache', 'feature.manyFiles', 'core.splitIndex', 'core.fsmonitor', 'gitcms.indexPerBurst']) {
    spawnSync('git', ['config', '--unset', key], { cwd: dir, env: ENV });
  }
  for (const [key, value] of Object.entries(config)) git(dir, ['config', key, value]);
  // Put the index back to its default form (version 2, not split) unless the variant asks otherwise.
  const version = config['index.version'] ?? (config['feature.manyFiles'] ? '4' : '2');
  git(dir, ['update-index', '--index-version', version, config['core.splitIndex'] ? '--split-index' : '--no-split-index']);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const rows = [];
let turn = 0;
for (const size of sizes) {
  const docs = documents(size);
  for (const layout of layouts) {
    const dir = join(data, `commit-layout-${size}-${layout}`);
    const other = join(data, `commit-layout-${size}-${layout === 'fan' ? 'flat' : 'fan'}`);
    await build(dir, layout, docs, checkoutUpTo, keep ? other : undefined);
    const treeEntries = git(dir, ['ls-tree', `HEAD:content/${TYPE}`]).out.split('\n').filter(Boolean).length;
    const indexMb = () => (readFileSync(join(dir, '.git', 'index')).length / 1e6).toFixed(1);
    for (const variant of VARIANTS) {
      settle(dir, variant.config);
      const walls = [];
      const rss = [];
      const indexMs = [];
      const cpus = [];
      const nodeCpus = [];
      const change = () => {
        const { id, text } = docs[(turn++ * 7919) % docs.length];
        const path = pathOf(layout, id);
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text.replace('"views": ', `"views": ${Date.now()}${turn}`));
        return path;
      };
      const settles = [];
      if (variant.inProcess) {
        ports.set(dir, createGit(dir));
        await commitPaths(dir, change());
        await settleIndexes();
      }
      for (let run = 1; run <= runs; run++) {
        if (variant.inProcess && burst > 1) {
          // The burst's other commits, untimed but for the index update they share.
          for (let other = 1; other < burst; other++) await commitPaths(dir, change());
        }
        const path = change();
        const started = performance.now();
        const steps = await variant.commit(dir, path);
        const wall = performance.now() - started;
        walls.push(wall);
        rss.push(Math.max(...steps.map((step) => step.rssKb)));
        cpus.push(steps.reduce((sum, step) => sum + step.cpuMs, 0));
        nodeCpus.push(steps[0].nodeMs);
        if (variant.inProcess) settles.push(await settleCpu());
        // What reading and writing the index costs in this commit: git add + git commit, or update-index.
        indexMs.push(steps.filter((step) => /^(add|commit|update-index|read-tree|write-tree)$/.test(step.args[0]))
          .reduce((sum, step) => sum + step.cpuMs, 0));
      }
      if (variant.inProcess) rss.push(await peakRssOf(dir, change()));
      const row = { size, layout, entries: treeEntries, variant: variant.name, bestMs: Math.round(Math.min(...walls)),
        medianMs: Math.round(median(walls)),
        cpuMs: Math.round(Math.min(...cpus)), indexMs: variant.inProcess ? Math.round(median(settles)) : Math.round(median(indexMs)),
        perCommitMs: variant.inProcess ? Math.round(Math.min(...cpus) + median(settles) / burst) : '–', burst,
        nodeMs: variant.inProcess ? Math.round(median(nodeCpus)) : '–',
        peakRssMb: +(Math.max(...rss) / 1024).toFixed(1), indexMb: indexMb(),
        load: loadavg()[0].toFixed(2) };
      rows.push(row);
      console.error(JSON.stringify(row));
    }
    settle(dir, {});
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`\n${availableParallelism()} cores, git ${spawnSync('git', ['--version'], { encoding: 'utf8' }).stdout.trim()}, `
  + `core.fsmonitor ${fsmonitorUsable ? 'measured' : 'not usable here (no built-in fsmonitor daemon on this platform/git)'}\n`);
console.log('| files | layout (entries in content/articles) | commit | wall ms, best | wall ms, median | git CPU ms, best '
  + '| of which index steps, CPU ms (gitcms: the burst\'s one deferred update-index, median) | node CPU ms, median (gitcms) '
  + '| git CPU ms per commit with its share of the index update (burst) '
  + '| peak git RSS MB | index MB | load |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.size.toLocaleString('en')} | ${r.layout} (${r.entries.toLocaleString('en')}) | ${r.variant} | ${r.bestMs} `
    + `| ${r.medianMs} | ${r.cpuMs} | ${r.indexMs} | ${r.nodeMs} | ${r.perCommitMs} (${r.burst}) | ${r.peakRssMb} | ${r.indexMb} `
    + `| ${r.load} |`);
}
