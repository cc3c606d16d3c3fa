// listhen (the listener of `cms serve`) joined into the serve chunk, its TLS, QR-code and logging packages loaded on first
// use (issue 39). listhen's entry imports node-forge (certificates, for `https`), uqr (the QR code of a public URL) and
// consola (a warning, the URL banner's colours) up front: ~150 ms of CPU in every `cms serve`, which asks for none of them
// (plain HTTP, `qr: false`, the banner off under tests). Joined here, listhen's code is the same; each package it imports is
// a small module that requires the package from listhen's own folder (the copy listhen itself would import, whatever the
// install hoisted), the LAZY ones on the first use of what they export. Used by cli/bundle.mjs.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What listhen's `listen` imports, by package: the names, and whether they load on first use (a function or an object). */
const IMPORTS = {
  'node-forge': { default: 'object' },
  uqr: { renderUnicodeCompact: 'function' },
  consola: { default: 'object', consola: 'object' },
  'consola/utils': { colors: 'object', getColor: 'function' },
  'get-port-please': { getPort: 'eager' },
  'http-shutdown': { default: 'eager' },
  defu: { defu: 'eager' },
  'std-env': { provider: 'eager' },
  pathe: { relative: 'function', join: 'function', dirname: 'function', resolve: 'function' },
};

const ENTRY = fileURLToPath(import.meta.resolve('listhen'));
const LISTHEN_DIR = dirname(dirname(ENTRY));
const PREFIX = '\0listhen-import:';
const RUNTIME = '\0listhen-require';

// The one runtime module: require() from listhen's entry (an ES module package is required as its namespace, a
// CommonJS one is its own default export, as `import` gives it), and a stand-in that loads the package on first use.
const RUNTIME_CODE = `import { createRequire } from 'node:module';
const fromListhen = createRequire(import.meta.resolve('listhen'));
export function imported(id, name) {
  const module = fromListhen(id);
  return name === 'default' && module[Symbol.toStringTag] !== 'Module' ? module : module[name];
}
export function onFirstUse(id, name, kind) {
  let value;
  const get = () => (value ??= imported(id, name));
  if (kind === 'function') return (...args) => get()(...args);
  return new Proxy({}, {
    get: (_, key) => Reflect.get(get(), key),
    has: (_, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_, key) => ({ ...Reflect.getOwnPropertyDescriptor(get(), key), configurable: true }),
  });
}
`;

/** The module standing in for `id` in listhen's imports. */
function importModule(id) {
  const exports = Object.entries(IMPORTS[id]).map(([name, kind]) => {
    // Pure: what listhen's kept code does not use is dropped with it.
    const value = kind === 'eager' ? `/* @__PURE__ */ imported(${JSON.stringify(id)}, '${name}')` : `/* @__PURE__ */ onFirstUse(${JSON.stringify(id)}, '${name}', '${kind}')`;
    return name === 'default' ? `export default ${value};` : `export const ${name} = ${value};`;
  });
  return `import { imported, onFirstUse } from '${RUNTIME}';\n${exports.join('\n')}\n`;
}

/** Whether the bundle keeps `id` (imported by `importer`) an import of an installed package: not listhen, nor what it imports. */
export function isExternalPackage(id, importer) {
  if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0') || id === 'listhen') return false;
  return id.startsWith('node:') || !importer?.startsWith(LISTHEN_DIR);
}

/** The rolldown plugin: listhen's files joined in, its package imports as above. */
export function listhenPlugin() {
  return {
    name: 'listhen-imports-on-use',
    resolveId(source, importer, options) {
      if (source === 'listhen') return ENTRY;
      if (source === RUNTIME) return RUNTIME;
      if (!importer?.startsWith(LISTHEN_DIR) || source.startsWith('.') || source.startsWith('node:')) return null;
      if (Object.hasOwn(IMPORTS, source)) return PREFIX + source;
      // The tunnel, the clipboard and WebSockets (`import()` on use): options `cms serve` never passes.
      if (options.kind === 'dynamic-import') return { id: source, external: true };
      return this.error(`listhen imports ${source}, which cli/bundle-listhen.mjs does not know: add it to IMPORTS`);
    },
    load(id) {
      if (id === RUNTIME) return { code: RUNTIME_CODE, moduleSideEffects: false };
      if (id.startsWith(PREFIX)) return { code: importModule(id.slice(PREFIX.length)), moduleSideEffects: false };
      return null;
    },
  };
}
