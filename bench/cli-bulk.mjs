// Scripts through the CLI on a 20k-document site: N creates, one `cms create` each, reading every
// file on each call (CMS_INDEX_SNAPSHOT=0, as before the snapshot) and starting from the index
// snapshot; then the same N documents in one `cms create --file x.ndjson`, and `cms get --all`.
// Run by `npm run bench` (section `cli`), or alone: node bench/cli-bulk.mjs --creates 20
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BIN = new URL('../dist/cli/bin.js', import.meta.url).pathname;

const cms = (root, args, env = {}) => execFileSync(process.execPath, [BIN, ...args],
  { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
const timed = (run) => { const start = performance.now(); run(); return performance.now() - start; };
const tag = (label, i) => ({ name: `Bench ${label} ${i}`, slug: `bench-${label}-${i}-${Date.now().toString(36)}` });

/**
 * @example
 * const rows = benchCli('/tmp/cms-bench-20000', { creates: 20 });
 */
export function benchCli(source, { creates = 20 } = {}) {
  const root = `${source}-cli`;
  rmSync(root, { recursive: true, force: true });
  cpSync(source, root, { recursive: true });
  try {
    const each = (label, env) => timed(() => {
      for (let i = 0; i < creates; i++) cms(root, ['create', 'tags', '--data', JSON.stringify(tag(label, i))], env);
    });
    const before = each('full', { CMS_INDEX_SNAPSHOT: '0' });
    const first = timed(() => cms(root, ['get', 'tags', '--pagination[pageSize]=1'])); // writes the snapshot
    const after = each('snapshot', {});
    const file = join(root, 'tags.ndjson');
    writeFileSync(file, Array.from({ length: creates }, (_, i) => JSON.stringify(tag('batch', i))).join('\n'));
    const batch = timed(() => cms(root, ['create', 'tags', '--file', file]));
    let lines = 0;
    const all = timed(() => { lines = cms(root, ['get', 'articles', '--all', '--ndjson']).split('\n').length - 1; });
    return [
      { run: `${creates} × cms create, every file read each call (CMS_INDEX_SNAPSHOT=0)`, 'total s': +(before / 1000).toFixed(1),
        'per call ms': Math.round(before / creates) },
      { run: 'first call, which writes .cms/index-snapshot', 'total s': +(first / 1000).toFixed(1), 'per call ms': Math.round(first) },
      { run: `${creates} × cms create, each starting from the snapshot`, 'total s': +(after / 1000).toFixed(1),
        'per call ms': Math.round(after / creates) },
      { run: `1 × cms create --file (${creates} NDJSON lines)`, 'total s': +(batch / 1000).toFixed(1), 'per call ms': Math.round(batch) },
      { run: `cms get articles --all --ndjson (${lines} lines)`, 'total s': +(all / 1000).toFixed(1), 'per call ms': Math.round(all) },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--creates');
  const { generate } = await import('./generate.mjs');
  const source = '/tmp/cms-bench-20000';
  try { statSync(join(source, 'content/articles')); } catch { generate(20000, source); }
  console.log('\n## Scripts through the CLI on a 20k-document site');
  console.table(benchCli(source, { creates: at > 0 ? Number(process.argv[at + 1]) : 20 }));
}
