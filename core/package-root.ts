import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where this package's own files are, found once from the package root rather than from the calling module's URL:
 * the CLI runs from a bundle (cli/bundle.mjs), whose chunks sit in `dist/cli/chunks/`, so a path relative to a
 * module's `import.meta.url` would point elsewhere there than from tsc's `dist/core/…` or the TypeScript sources.
 * The root is the nearest folder above this code whose package.json names the `cms` bin: the same from every layout.
 */

interface OwnManifest { name: string; version: string; bin: Record<string, string> }

/** Whether this code runs from the TypeScript sources (vitest, jiti) rather than from the build. */
export const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** This package's root folder and its package.json. */
export const OWN_PACKAGE: { root: string; manifest: OwnManifest } = (() => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as OwnManifest;
      if (manifest.bin?.cms) return { root: dir, manifest };
    } catch {
      // no package.json here, or not ours: look one folder up
    }
    if (dirname(dir) === dir) throw new Error(`cannot find this package's package.json above ${fileURLToPath(import.meta.url)}`);
  }
})();

/**
 * A module of this package by its path in the sources without extension: tsc's `.js` under `dist/` when built,
 * the `.ts` itself when run from the sources. For files started by path (a worker, the merge driver, the bin).
 *
 * @example
 * ownModule('core/media/image-worker') // '/…/gitcms/dist/core/media/image-worker.js'
 */
export const ownModule = (path: string): string =>
  FROM_SOURCE ? join(OWN_PACKAGE.root, `${path}.ts`) : join(OWN_PACKAGE.root, 'dist', `${path}.js`);
