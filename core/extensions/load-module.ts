import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { compileFunction } from 'node:vm';
import { FileError } from '../errors.js';

/** Extensions a project's own source file may have, tried in this order for an extensionless require. */
const SOURCE_EXTENSIONS = ['.js', '.ts', '.cjs'];

export interface ModuleLoader {
  /** The module's value as Strapi reads it: `export default` (TypeScript) or `module.exports`. */
  load(file: string): unknown;
}

/** Whether `file` is inside `folder` (both real paths: a link out of `src/` does not count). */
const inside = (folder: string, file: string) => {
  const path = relative(folder, file);
  return path !== '' && !path.startsWith('..') && !path.startsWith(sep) && !path.includes(`..${sep}`);
};

/**
 * TypeScript to CommonJS with the `typescript` package (the project's own, else ours): Node 20 cannot
 * strip types, and a TypeScript Strapi project has the compiler among its dependencies anyway.
 */
function transpiler(root: string): (source: string, file: string) => string {
  let ts: typeof import('typescript') | undefined;
  return (source, file) => {
    if (!ts) {
      for (const from of [join(root, 'package.json'), import.meta.filename]) {
        try { ts = createRequire(from)('typescript'); break; } catch { /* next */ }
      }
      if (!ts) throw new FileError(file, 'loading .ts files needs the "typescript" package (npm install -D typescript)');
    }
    const out = ts!.transpileModule(source, {
      fileName: file,
      compilerOptions: { module: ts!.ModuleKind.CommonJS, target: ts!.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false },
    });
    return out.outputText;
  };
}

/**
 * Loads a project's back-end files as Strapi does (CommonJS; TypeScript compiled to it), with public
 * Node APIs only: `vm.compileFunction` runs the file with a `require` of its own, which answers the
 * shimmed packages (`@strapi/strapi`, `@strapi/utils`), loads the project's other source files the same
 * way (so they get the shims too) and leaves everything else (npm packages, JSON) to Node. Files are
 * loaded only from `srcRoot` and the `entries` named, never from content.
 *
 * @example
 * const loader = createModuleLoader(root, join(root, 'src'), { '@strapi/strapi': strapiModule });
 * const lifecycles = loader.load(join(root, 'src/api/article/content-types/article/lifecycles.js'));
 */
export function createModuleLoader(root: string, srcRoot: string, shims: Record<string, unknown>, entries: string[] = []): ModuleLoader {
  const realSrc = existsSync(srcRoot) ? realpathSync(srcRoot) : srcRoot;
  const contentRoot = join(root, 'content');
  const realContent = existsSync(contentRoot) ? realpathSync(contentRoot) : contentRoot;
  /** Content is never code: whatever resolved to a file under content/ (any extension, a package's main, a link) is refused. */
  const refuseContent = (from: string, resolved: string) => {
    const real = existsSync(resolved) ? realpathSync(resolved) : resolved;
    if (inside(realContent, real)) throw new FileError(from, `requires ${relative(root, resolved)}: files under content/ are never code`);
  };
  // Files outside srcRoot that may run too (the project's cms.server.ts), by their real path: not what they require.
  const allowed = new Set(entries.map((file) => realpathSync(file)));
  const cache = new Map<string, { exports: unknown }>();
  const transpile = transpiler(root);

  /** A project source file a require names: the path as given, or with a source extension, or its index. */
  function resolveSource(from: string, id: string): string | undefined {
    const base = resolve(dirname(from), id);
    const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => join(base, `index${ext}`))];
    return candidates.find((path) => existsSync(path) && statSync(path).isFile() && SOURCE_EXTENSIONS.includes(extname(path)));
  }

  function evaluate(file: string): { exports: unknown } {
    const real = realpathSync(file);
    if ((!inside(realSrc, real) && !allowed.has(real)) || inside(realContent, real)) {
      throw new FileError(file, `project code is loaded only from ${srcRoot}`);
    }
    const cached = cache.get(real);
    if (cached) return cached;
    const module = { exports: {} as unknown };
    cache.set(real, module);
    const nodeRequire = createRequire(real);
    const projectRequire = Object.assign((id: string) => {
      if (Object.hasOwn(shims, id)) return shims[id];
      const source = id.startsWith('.') ? resolveSource(real, id) : undefined;
      // Whatever Node would load (a folder's package.json main, .mjs, .json, a package linked in) is checked by its final path.
      if (source || !isBuiltin(id)) refuseContent(real, source ?? nodeRequire.resolve(id));
      return source ? evaluate(source).exports : nodeRequire(id);
    }, { resolve: nodeRequire.resolve, cache: nodeRequire.cache, main: undefined });
    let source = readFileSync(real, 'utf8');
    if (real.endsWith('.ts')) source = transpile(source, file);
    try {
      const run = compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: real });
      run(module.exports, projectRequire, module, real, dirname(real));
    } catch (error) {
      cache.delete(real);
      throw error;
    }
    return module;
  }

  return {
    load(file) {
      const { exports } = evaluate(file);
      const value = exports as { __esModule?: boolean; default?: unknown } | undefined;
      return value && value.__esModule && 'default' in value ? value.default : exports;
    },
  };
}
