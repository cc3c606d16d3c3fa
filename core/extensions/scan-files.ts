import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** `server`: the project's cms.server.ts (native-server.ts turns it into the other kinds). */
export type ProjectFileKind = 'index' | 'lifecycles' | 'routes' | 'controllers' | 'services' | 'policies' | 'middlewares' | 'server';

/** One back-end file of a Strapi project, and where Strapi would register what it exports. */
export interface ProjectFile {
  kind: ProjectFileKind;
  /** Absolute path. */
  file: string;
  /** Project-relative path, for messages. */
  path: string;
  /** `src/api/<api>/…`: the API's name; undefined for `src/index`, `src/policies`, `src/middlewares`. */
  api?: string;
  /** The file's name without extension (a controller's, service's, policy's… name), or the content type's for lifecycles. */
  name: string;
}

/** Folders of `src/` that hold no back-end code (the admin panel's customisations). */
const NOT_BACKEND = new Set(['admin']);
const SOURCE = /^(?!.*\.d\.ts$)(?!.*\.(?:test|spec)\.[jt]s$)(.+)\.(js|ts|cjs)$/;
/** Folders of plugin code, reported as not loaded when they hold anything. */
const PLUGIN_FOLDERS = new Set(['extensions', 'plugins']);
/** Files under `dir` (relative, '/'-separated), dot entries left out. */
const filesUnder = (dir: string, prefix = ''): string[] => entries(dir).filter((entry) => !entry.name.startsWith('.'))
  .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]));
/** What src/extensions may hold that is loaded: the users-permissions user's schema (core/schema/user-extension.ts). */
const LOADED_EXTENSION = 'users-permissions/content-types/user/schema.json';
const API_KINDS = ['routes', 'controllers', 'services', 'policies', 'middlewares'] as const;

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []);
// Links are listed too: the loader refuses one leading out of src/, naming it, rather than skipping it unsaid.
const sources = (dir: string) => entries(dir)
  .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && SOURCE.test(entry.name))
  .map((entry) => entry.name);
const baseName = (name: string) => SOURCE.exec(name)?.[1] ?? name.replace(/\.json$/, '');
/** A router may also be a JSON file (Strapi loads `routes/*.json` as the object it holds). */
const routerFiles = (dir: string) => [...sources(dir), ...entries(dir)
  .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.json')).map((entry) => entry.name)].sort();

/**
 * Strapi's file conventions under `src/`: what this server loads, and (`unsupported`) the folders it
 * does not (`src/extensions`, `src/plugins`), so they are reported instead of silently left out.
 *
 * @example
 * scanProjectFiles(root).files // [{ kind: 'lifecycles', api: 'article', name: 'article', path: 'src/api/article/…/lifecycles.js' }, …]
 */
export function scanProjectFiles(root: string): { files: ProjectFile[]; unsupported: string[] } {
  const src = join(root, 'src');
  const files: ProjectFile[] = [];
  const unsupported: string[] = [];
  const add = (kind: ProjectFileKind, file: string, name: string, api?: string) => {
    files.push({ kind, file, path: relative(root, file), name, api });
  };
  for (const entry of entries(src)) {
    if (entry.isFile() && SOURCE.test(entry.name) && baseName(entry.name) === 'index') add('index', join(src, entry.name), 'index');
    if (!entry.isDirectory() || NOT_BACKEND.has(entry.name)) continue;
    if (entry.name === 'policies' || entry.name === 'middlewares') {
      for (const name of sources(join(src, entry.name))) add(entry.name, join(src, entry.name, name), baseName(name));
    } else if (entry.name === 'api') {
      for (const api of entries(join(src, 'api')).filter((dir) => dir.isDirectory())) {
        const base = join(src, 'api', api.name);
        for (const kind of API_KINDS) {
          const names = kind === 'routes' ? routerFiles(join(base, kind)) : sources(join(base, kind));
          for (const name of names) add(kind, join(base, kind, name), baseName(name), api.name);
        }
        for (const type of entries(join(base, 'content-types')).filter((dir) => dir.isDirectory())) {
          const found = sources(join(base, 'content-types', type.name)).find((name) => baseName(name) === 'lifecycles');
          if (found) add('lifecycles', join(base, 'content-types', type.name, found), type.name, api.name);
        }
      }
    } else if (PLUGIN_FOLDERS.has(entry.name) && filesUnder(join(src, entry.name))
      .some((file) => entry.name !== 'extensions' || file !== LOADED_EXTENSION)) {
      unsupported.push(`src/${entry.name}: plugin code and plugin extensions are not loaded`
        + ' (only src/api, src/policies, src/middlewares and src/index)');
    }
  }
  return { files, unsupported };
}
