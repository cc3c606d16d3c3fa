import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The studio's modules joined into one file by rolldown at build time (`npm run build` runs studio/build/bundle.mjs), and
 * what it was made from. The build writes `dist/studio-bundle/`: the bundle (`app.bundle.js`) and `manifest.json`, the bundle's own
 * tag and the tag of every module of `studio/` it holds. The server uses the bundle only while each of those modules still has
 * the tag it was built from (studio-files.ts), so a module edited without a build reaches the browser as a plain module.
 */

/** The bundle's file name, and the path it is served at under the studio's: not a plain name, so no module of the folder has it. */
export const BUNDLE = 'app.bundle.js';
/** What the build writes beside the bundle: `{ bundle: tag, inputs: { './app.js': tag, … } }`. */
export const MANIFEST = 'manifest.json';

/**
 * What a file holds, short: a hash of its bytes (packed files all carry one date, so a date would not tell versions apart).
 *
 * @example
 * tagOf(Buffer.from('export {};\n')) // 16 base64url characters
 */
export const tagOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url').slice(0, 16);

/** The folder the build writes the bundle to, for the studio's folder: `studio/` and `dist/` are siblings in the checkout and package. */
export const bundleDir = (studioDir: string): string => join(studioDir, '..', 'dist', 'studio-bundle');

export interface BuiltBundle {
  bytes: Uint8Array;
  tag: string;
  /** The tag each module had when the bundle was made, by the name the page's import map gives it (`./app.js`). */
  inputs: Record<string, string>;
}

/** The bundle as last read, with its manifest's path, size and time then: read again only once the build wrote another. */
let known: { manifest: string; size: number; mtimeMs: number; bundle: BuiltBundle | undefined } | undefined;

/**
 * The bundle the build left in `dir`, or undefined when there is none (a checkout built by tsc alone) or its bytes are not the
 * ones its manifest names (a build under way).
 *
 * @example
 * builtBundle(bundleDir(STUDIO_DIR))?.inputs['./app.js']
 */
export function builtBundle(dir: string): BuiltBundle | undefined {
  const manifest = join(dir, MANIFEST);
  const stat = statSync(manifest, { throwIfNoEntry: false });
  if (!stat) return known = undefined;
  if (known?.manifest === manifest && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.bundle;
  let bundle: BuiltBundle | undefined;
  try {
    const written = JSON.parse(readFileSync(manifest, 'utf8')) as { bundle: string; inputs: Record<string, string> };
    const bytes = readFileSync(join(dir, BUNDLE));
    // Inputs as the build writes them, or no bundle: a manifest of another shape names nothing the page could check.
    const inputs = written?.inputs !== null && typeof written?.inputs === 'object' ? written.inputs : undefined;
    bundle = inputs && tagOf(bytes) === written.bundle ? { bytes, tag: written.bundle, inputs } : undefined;
  } catch {
    bundle = undefined; // half-written or gone: the plain modules serve meanwhile
  }
  known = { manifest, size: stat.size, mtimeMs: stat.mtimeMs, bundle };
  return bundle;
}
