// The package's sources as one TypeScript program, for the generated pages that read TSDoc and types (library-api.mjs,
// config-keys.mjs): made once per process. A program each parsed and bound the same files (and TypeScript's lib files) again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '../../..');

/** Entry points: import path → source file, from package.json `exports` (dist/x.js ← x.ts). */
export function entryPoints() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const exportsMap = pkg.exports ?? { '.': pkg.main };
  return Object.entries(exportsMap).flatMap(([key, value]) => {
    const target = typeof value === 'string' ? value : value.default ?? value.import;
    if (!target?.startsWith('./dist/') || !target.endsWith('.js')) return [];
    return [{ importPath: key === '.' ? pkg.name : `${pkg.name}/${key.replace(/^\.\//, '')}`, file: join(ROOT, target.slice('./dist/'.length).replace(/\.js$/, '.ts')) }];
  });
}

/** The source of the config key table (config-keys.mjs): a root of its own, though an entry point imports it too. */
export const CONFIG_TYPES = join(ROOT, 'core/config/types.ts');

let program;

/** One program over the entry points and CONFIG_TYPES, made on first use. */
export function sourcesProgram() {
  program ??= ts.createProgram([...entryPoints().map((entry) => entry.file), CONFIG_TYPES],
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, skipLibCheck: true });
  return program;
}
