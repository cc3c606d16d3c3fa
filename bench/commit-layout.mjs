// What ONE commit of one changed file costs when a type holds 10k, 100k or 1M files (issue #43), per layout and git setup.
// node bench/commit-layout.mjs [--sizes 10000,100000,1000000] [--data /tmp] [--runs 3] [--layouts flat,fan] [--keep]
// - Builds one repository per size and layout under --data (git fast-import, then one checkout), reused when present.
//   flat: content/articles/<documentId>.json (the default); fan: content/articles/<xx>/<documentId>.json, xx = the id's
//   first two characters (at most 936 folders for generated ids, ~1,070 files each at 1M).
// - Each variant changes one file (a different one per run) and commits it, best and median of --runs (the index is put in
//   the variant's format first, by update-index). `gitcms` is what core/git/git.ts commitPaths runs:
//   `git add --all -- <path>`, `git commit --only -- <path>`, `git rev-parse HEAD`. `trees` commits without any index
//   (hash-object, ls-tree + mktree per folder up to the root, commit-tree, update-ref) and then records the blob in the
//   real index (update-index --cacheinfo); `temp index` is read-tree HEAD into a temporary index, update-index, write-tree.
// - Wall ms is the whole commit; git CPU ms the user+system time of its git processes (/usr/bin/time %U %S, 10 ms ticks),
//   the figure to compare on a loaded machine; peak RSS is the largest git process's (%M).
// - Prints a Markdown table; the repositories are deleted at the end unless --keep.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

const TYPE = 'articles';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A deterministic generator (mulberry32), so every layout holds the same documents. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const WORDS = 'coffee garden river winter lantern orbit harbor meadow signal copper violet summit canvas echo'.split(' ');
function documents(count) {
  const next = random(43);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const ids = [];
  for (let i = 0; i < count; i++) {
    let id = pick(LETTERS);
    while (id.length < 24) id += pick(ALPHABET);
    ids.push(id);
  }
  return ids.map((id, i) => {
    const title = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
    return {
      id,
      text: `${JSON.stringify({
        title, slug: title.replaceAll(' ', '-'), description: `About ${pick(WORDS)} and ${pick(WORDS)}.`,
        views: Math.floor(next() * 10000), author: ids[Math.floor(next() * ids.length)],
        body: [{ type: 'paragraph', children: [{ type: 'text', text: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}.` }] }],
        createdAt: '2026-11-28T10:00:00.000Z', updatedAt: '2026-11-28T10:00:00.000Z', publishedAt: '2026-11-28T10:00:00.000Z',
      }, null, 2)}\n`,
    };
  });
}
const pathOf = (layout, id) => (layout === 'fan' ? `content/${TYPE}/${id.slice(0, 2)}/${id}.json` : `content/${TYPE}/${id}.json`);

const ENV = { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@cms.local', GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@cms.local', GIT_CONFIG_NOSYSTEM: '1', HOME: '/nonexistent' };
function git(dir, args, { input, env = {} } = {}) {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M %U %S', 'git', ...args], {
    cwd: dir, input, env: { ...ENV, ...env }, maxBuffer: 1 << 30,
  });
  const stderr = result.stderr.toString();
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${stderr}`);
  const [rssKb, user, system] = stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { out: result.stdout.toString(), rssKb, cpuMs: (user + system) * 1000, args, ms: performance.now() - started };
}

async function build(dir, layout, docs) {
  const marker = join(dir, '.git', 'bench-built');
  if (existsSync(marker)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  spawnSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: ENV });
  const started = performance.now();
  // Blobs by fast-import (its own trees search linearly, quadratic for one big folder), trees by mktree, one commit-tree.
  const marks = join(dir, '.git', 'bench-marks');
  const child = spawn('git', ['fast-import', '--quiet', `--export-marks=${marks}`],
    { cwd: dir, env: ENV, stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise((resolve, reject) => child.on('close', (code) => (code ? reject(new Error(`fast-import ${code}`)) : resolve())));
  const write = (text) => (child.stdin.write(text) ? undefined : new Promise((resolve) => child.stdin.once('drain', resolve)));
  for (const [at, { text }] of docs.entries()) await write(`blob\nmark :${at + 1}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
  await write(`blob\nmark :${docs.length + 1}\ndata 6\n.cms/\n\n`);
  child.stdin.end();
  await done;
  const oids = [];
  for (const line of readFileSync(marks, 'utf8').split('\n').filter(Boolean)) {
    const [mark, oid] = line.split(' ');
    oids[Number(mark.slice(1))] = oid;
  }
  // One mktree process for every folder (--batch: trees separated by a blank line, one id each back).
  const line = ([name, oid, type]) => `${type === 'tree' ? '040000 tree' : '100644 blob'} ${oid}\t${name}`;
  const input = (lists) => `${lists.map((names) => names.map(line).join('\n')).join('\n\n')}\n`;
  const folders = (lists) => git(dir, ['mktree', '--batch'], { input: input(lists) }).out.trim().split('\n');
  const folder = (names) => folders([names])[0];
  let articles;
  if (layout === 'fan') {
    const shards = new Map();
    docs.forEach(({ id }, at) => {
      const shard = id.slice(0, 2);
      if (!shards.has(shard)) shards.set(shard, []);
      shards.get(shard).push([`${id}.json`, oids[at + 1], 'blob']);
    });
    const made = folders([...shards.values()]);
    articles = folder([...shards.keys()].map((shard, at) => [shard, made[at], 'tree']));
  } else {
    articles = folder(docs.map(({ id }, at) => [`${id}.json`, oids[at + 1], 'blob']));
  }
  const root = folder([['.gitignore', oids[docs.length + 1], 'blob'], ['content', folder([[TYPE, articles, 'tree']]), 'tree']]);
  const commit = git(dir, ['commit-tree', root, '-m', 'generated site']).out.trim();
  git(dir, ['update-ref', 'refs/heads/main', commit]);
  const imported = performance.now() - started;
  git(dir, ['reset', '-q', '--hard', 'main']);
  // Files written in the index's own second are "racily clean" and re-read by every refresh: refresh once, a second later.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  git(dir, ['update-index', '-q', '--really-refresh']);
  writeFileSync(marker, '');
  const checkout = Math.round(performance.now() - started - imported);
  console.error(`built ${dir}: import ${Math.round(imported)} ms, checkout+refresh ${checkout} ms`);
}

/** gitcms's own three runs (core/git/git.ts commitPaths). */
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
  for (const key of ['index.version', 'core.untrackedCache', 'feature.manyFiles', 'core.splitIndex', 'core.fsmonitor']) {
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
    await build(dir, layout, docs);
    const treeEntries = git(dir, ['ls-tree', `HEAD:content/${TYPE}`]).out.split('\n').filter(Boolean).length;
    const indexMb = () => (readFileSync(join(dir, '.git', 'index')).length / 1e6).toFixed(1);
    for (const variant of VARIANTS) {
      settle(dir, variant.config);
      const walls = [];
      const rss = [];
      const indexMs = [];
      const cpus = [];
      for (let run = 1; run <= runs; run++) {
        const { id, text } = docs[(turn++ * 7919) % docs.length];
        const path = pathOf(layout, id);
        writeFileSync(join(dir, path), text.replace('"views": ', `"views": ${Date.now()}${turn}`));
        const started = performance.now();
        const steps = variant.commit(dir, path);
        const wall = performance.now() - started;
        walls.push(wall);
        rss.push(Math.max(...steps.map((step) => step.rssKb)));
        cpus.push(steps.reduce((sum, step) => sum + step.cpuMs, 0));
        // What reading and writing the index costs in this commit: git add + git commit, or update-index.
        indexMs.push(steps.filter((step) => /^(add|commit|update-index|read-tree|write-tree)$/.test(step.args[0]))
          .reduce((sum, step) => sum + step.cpuMs, 0));
      }
      const row = { size, layout, entries: treeEntries, variant: variant.name, bestMs: Math.round(Math.min(...walls)),
        medianMs: Math.round(median(walls)),
        cpuMs: Math.round(Math.min(...cpus)), indexMs: Math.round(median(indexMs)),
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
  + '| of which index steps, CPU ms '
  + '| peak git RSS MB | index MB | load |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.size.toLocaleString('en')} | ${r.layout} (${r.entries.toLocaleString('en')}) | ${r.variant} | ${r.bestMs} `
    + `| ${r.medianMs} | ${r.cpuMs} | ${r.indexMs} | ${r.peakRssMb} | ${r.indexMb} | ${r.load} |`);
}
