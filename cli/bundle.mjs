// The CLI and the merge driver joined into few files, the last step of `npm run build`, from tsc's fresh output every
// time (so a bundle never holds a module older than tsc's). Loading ~280 modules one by one (resolve, stat, read,
// compile, link) was most of a short `cms` command's CPU, and half of the merge driver's, which git starts once per
// content file both branches changed (issue 39).
// - dist/cli/bin.js (the package's bin) from dist/cli/main.js: its start in one file; what loads on first use (a
//   command, GraphQL, MCP, S3, PostgreSQL, the studio, codegen: dynamic `import()`) in chunks under dist/cli/chunks/,
//   still loaded only on use. Modules that find a file of the package do so from its root (core/package-root.ts),
//   never from their own URL, which is a chunk's here.
// - dist/cli/merge-driver.js from dist/cli/merge-entry.js: one file, no chunks (a chunk is a module to load again).
// Packages stay imports (the install's own copies), but listhen, joined into the serve chunk (cli/bundle-listhen.mjs). Source maps (`node --enable-source-maps dist/cli/bin.js …`) point
// stack traces at tsc's dist/ files, which name the module. Unchanged files are not rewritten; stale chunks are removed.
//   node cli/bundle.mjs
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rolldown } from 'rolldown';
import { isExternalPackage, listhenPlugin } from './bundle-listhen.mjs';

const dist = join(import.meta.dirname, '..', 'dist', 'cli');
const CHUNKS = 'chunks';

/** Writes `text` to `path` (temp + rename) unless the file already holds it. */
function writeIfChanged(path, text) {
  let before;
  try { before = readFileSync(path, 'utf8'); } catch { before = undefined; }
  if (before === text) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** One bundle of tsc's `dist/cli/<input>` as `dist/cli/<file>`; `split`: chunks for dynamic imports, else one file. */
async function bundle({ input, file, split }) {
  const build = await rolldown({
    input: join(dist, input),
    platform: 'node',
    external: isExternalPackage,
    plugins: [listhenPlugin()],
  });
  const { output } = await build.generate({
    format: 'es',
    dir: dist,
    entryFileNames: file,
    chunkFileNames: `${CHUNKS}/[name]-[hash].js`,
    sourcemap: split,
    sourcemapExcludeSources: true,
    codeSplitting: split,
  });
  await build.close();
  if (!split && output.length !== 1) throw new Error(`rolldown made ${output.map(({ fileName }) => fileName).join(', ')}: one file expected`);
  for (const item of output) writeIfChanged(join(dist, item.fileName), item.type === 'chunk' ? item.code : String(item.source));
  return output.map(({ fileName }) => fileName);
}

await bundle({ input: 'merge-entry.js', file: 'merge-driver.js', split: false });
const made = new Set(await bundle({ input: 'main.js', file: 'bin.js', split: true }));
chmodSync(join(dist, 'bin.js'), 0o755);
// Chunks of earlier builds (their names hash their content) no longer belong to the bundle, but a `cms serve` started
// before this build still holds the previous bin.js, which loads its chunks on first use (GraphQL, a command): the
// previous build's chunks stay one build longer (named in `.previous`), older ones go.
const BUILT = join(dist, CHUNKS, '.previous');
let previous;
try { previous = new Set(readFileSync(BUILT, 'utf8').split('\n')); } catch { previous = new Set(); }
for (const name of readdirSync(join(dist, CHUNKS))) {
  const path = `${CHUNKS}/${name}`;
  if (name !== '.previous' && !made.has(path) && !previous.has(path)) rmSync(join(dist, CHUNKS, name));
}
writeIfChanged(BUILT, [...made].filter((path) => path.startsWith(`${CHUNKS}/`)).sort().join('\n'));
