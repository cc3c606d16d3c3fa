// The studio's modules joined into one file by rolldown, the last step of `npm run build` (after tsc: the tag is dist's own
// function). Writes dist/studio-bundle/app.bundle.js and manifest.json: the bundle's tag and the tag of every module it holds,
// which the server compares with studio/ as it is (core/http/studio-bundle.ts). The packages (preact, its hooks, htm) stay
// imports, resolved by the page's import map as for the plain modules. npm pack builds, so the published package holds the
// bundle and an install needs neither rolldown nor a build.
// `node studio/build/bundle.mjs [--package <dir>]`: the studio/ and dist/ of another copy of the package (a test's).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { rolldown } from 'rolldown';
import { BUNDLE, bundleDir, MANIFEST, tagOf } from '../../dist/core/http/studio-bundle.js';

const at = process.argv.indexOf('--package');
const studio = join(resolve(at > 0 ? process.argv[at + 1] : join(import.meta.dirname, '..', '..')), 'studio');

/** Each module's tag, by the name the page's import map gives it (`./app.js`). */
const inputs = {};
const bundle = await rolldown({
  input: join(studio, 'app.js'),
  // A bare specifier is a package: the import map names it, with or without the bundle.
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  plugins: [{
    name: 'studio-tags',
    // The tag of the very bytes bundled, so a module edited during the build never passes for the one the bundle holds.
    load(id) {
      const name = relative(studio, id);
      if (!/^[a-z][a-z0-9-]*\.js$/.test(name)) throw new Error(`${id}: the studio's modules are the plain .js files of studio/`);
      const bytes = readFileSync(id);
      inputs[`./${name}`] = tagOf(bytes);
      return bytes.toString('utf8');
    },
  }],
});
const { output } = await bundle.generate({ format: 'es' });
await bundle.close();
// One file: the studio imports nothing lazily (a second chunk would be a file the server does not serve).
if (output.length !== 1) throw new Error(`rolldown made ${output.map(({ fileName }) => fileName).join(', ')}: one file expected`);

const code = Buffer.from(output[0].code);
const sorted = Object.fromEntries(Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1)));
const manifest = `${JSON.stringify({ bundle: tagOf(code), inputs: sorted }, null, 2)}\n`;
const out = bundleDir(studio);
mkdirSync(out, { recursive: true });
// The bundle before its manifest: a server reading between the two finds bytes its manifest does not name, and serves the modules.
for (const [name, bytes] of [[BUNDLE, code], [MANIFEST, Buffer.from(manifest)]]) {
  const path = join(out, name);
  if (existsSync(path) && readFileSync(path).equals(bytes)) continue; // unchanged: not written again
  writeFileSync(`${path}.tmp`, bytes);
  renameSync(`${path}.tmp`, path);
}
