// The generated repositories of bench/commit-layout.mjs: one type of `count` documents, flat or fanned out, built by
// git fast-import and mktree (no `git add`), then checked out (or, above `checkoutUpTo` files, only its index read).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TYPE = 'articles';
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
export function documents(count) {
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
export const pathOf = (layout, id) => (layout === 'fan' ? `content/${TYPE}/${id.slice(0, 2)}/${id}.json` : `content/${TYPE}/${id}.json`);

export const ENV = { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@cms.local', GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@cms.local', GIT_CONFIG_NOSYSTEM: '1', HOME: '/nonexistent' };
export function git(dir, args, { input, env = {} } = {}) {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M %U %S', 'git', ...args], {
    cwd: dir, input, env: { ...ENV, ...env }, maxBuffer: 1 << 30,
  });
  const stderr = result.stderr.toString();
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${stderr}`);
  const [rssKb, user, system] = stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { out: result.stdout.toString(), rssKb, cpuMs: (user + system) * 1000, args, ms: performance.now() - started };
}

/** Fill the object store with the documents' blobs by fast-import; `marks` gets one `:<n> <oid>` line per blob. */
async function importBlobs(dir, docs, marks) {
  const child = spawn('git', ['fast-import', '--quiet', `--export-marks=${marks}`],
    { cwd: dir, env: ENV, stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise((resolve, reject) => child.on('close', (code) => (code ? reject(new Error(`fast-import ${code}`)) : resolve())));
  const write = (text) => (child.stdin.write(text) ? undefined : new Promise((resolve) => child.stdin.once('drain', resolve)));
  for (const [at, { text }] of docs.entries()) await write(`blob\nmark :${at + 1}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
  await write(`blob\nmark :${docs.length + 1}\ndata 6\n.cms/\n\n`);
  child.stdin.end();
  await done;
}

/**
 * Build (once) the repository of `docs` in `layout` at `dir`. `sibling`, a kept repository of the same documents in the other
 * layout, lends its blobs (objects/info/alternates) instead of a second fast-import.
 */
export async function build(dir, layout, docs, checkoutUpTo, sibling) {
  const marker = join(dir, '.git', 'bench-built');
  if (existsSync(marker)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  spawnSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: ENV });
  const started = performance.now();
  // Blobs by fast-import (its own trees search linearly, quadratic for one big folder), trees by mktree, one commit-tree.
  const marks = join(dir, '.git', 'bench-marks');
  if (sibling && existsSync(join(sibling, '.git', 'bench-built'))) {
    writeFileSync(join(dir, '.git', 'objects', 'info', 'alternates'), `${join(sibling, '.git', 'objects')}\n`);
    writeFileSync(marks, readFileSync(join(sibling, '.git', 'bench-marks')));
  } else {
    await importBlobs(dir, docs, marks);
  }
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
  if (docs.length > checkoutUpTo) {
    // The index with every entry, no files: the runs write the ones they change.
    git(dir, ['read-tree', 'main']);
    writeFileSync(join(dir, '.gitignore'), '.cms/\n');
    writeFileSync(marker, '');
    console.error(`built ${dir}: import ${Math.round(imported)} ms, index only (no checkout above ${checkoutUpTo} files)`);
    return;
  }
  git(dir, ['reset', '-q', '--hard', 'main']);
  // Files written in the index's own second are "racily clean" and re-read by every refresh: refresh once, a second later.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  git(dir, ['update-index', '-q', '--really-refresh']);
  writeFileSync(marker, '');
  const checkout = Math.round(performance.now() - started - imported);
  console.error(`built ${dir}: import ${Math.round(imported)} ms, checkout+refresh ${checkout} ms`);
}
