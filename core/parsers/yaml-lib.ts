import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');
let loaded: Yaml | undefined;

/**
 * The `yaml` package, loaded on first use rather than at import: loading it is a third of the merge driver's start
 * (`cli/merge-entry.ts`, bundled into `dist/cli/merge-driver.js`, which git starts once per file), and a JSON file's merge reads and writes no YAML. It is the
 * module `import { parseDocument } from 'yaml'` gives (the package's `node` entry is CommonJS).
 *
 * @example
 * yamlLib().parseDocument('title: Hello').toJS() // { title: 'Hello' }
 */
export function yamlLib(): Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as Yaml;
  return loaded;
}
