// The merge driver joined into one file, a step of `npm run build` after tsc: git starts dist/cli/merge-driver.js once per
// content file both branches changed, and resolving, reading and compiling its ~45 modules one by one was half of its
// CPU above a bare `node -e 0` (issue 39). Built from tsc's dist/cli/merge-entry.js every time, so the bundle never holds
// a module older than its tsc output. Packages (yaml, gray-matter) stay imports: the install's own copies.
//   node cli/bundle-merge-driver.mjs
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rolldown } from 'rolldown';

const dist = join(import.meta.dirname, '..', 'dist', 'cli');
const bundle = await rolldown({
  input: join(dist, 'merge-entry.js'),
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
});
const { output } = await bundle.generate({ format: 'es' });
await bundle.close();
// One file: a second chunk would be a module to resolve and read again, what the bundle is for.
if (output.length !== 1) throw new Error(`rolldown made ${output.map(({ fileName }) => fileName).join(', ')}: one file expected`);
const path = join(dist, 'merge-driver.js');
let before;
try { before = readFileSync(path, 'utf8'); } catch { before = undefined; }
if (before !== output[0].code) {
  writeFileSync(`${path}.tmp`, output[0].code);
  renameSync(`${path}.tmp`, path);
}
