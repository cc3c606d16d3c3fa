import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileError } from '../errors.js';
import { namedUids, unsupportedStrapiUses, type NamedUid } from './api-use.js';
import { createModuleLoader } from './load-module.js';
import { SERVER_FILE } from './native-server.js';
import { scanProjectFiles, type ProjectFile } from './scan-files.js';
import { SHIMS } from './shims.js';

/** A project's back-end files, evaluated: each file's exported value, and every problem found on the way. */
export interface LoadedFiles {
  loaded: Array<ProjectFile & { value: unknown; uses: NamedUid[] }>;
  /** Files that cannot run here (syntax errors, unsupported APIs): the server does not start with them. */
  problems: FileError[];
  /** What is left out on purpose and said so (plugin folders, hooks that never fire here). */
  warnings: string[];
}

/** The message of whatever a file threw while loading, without the stack. */
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Load every back-end file of the project's own `src/` (scan-files.ts lists them) and its `cms.server.ts`: first look for
 * `strapi.<member>` uses this server does not provide, then evaluate the file (load-module.ts). A file
 * that fails either way is a problem naming it; the others load.
 *
 * @example
 * const { loaded, problems } = loadProjectFiles(root); problems.map((problem) => problem.format())
 */
export function loadProjectFiles(root: string): LoadedFiles {
  const { files, unsupported: warnings } = scanProjectFiles(root);
  const problems: FileError[] = [];
  const loaded: LoadedFiles['loaded'] = [];
  // The gitcms-native way: cms.server.ts next to cms.config.json, loaded by the same loader (and shims).
  const server = join(root, SERVER_FILE);
  if (existsSync(server)) files.push({ kind: 'server', file: server, path: SERVER_FILE, name: 'cms.server' });
  if (!files.length) return { loaded, problems, warnings };
  const loader = createModuleLoader(root, join(root, 'src'), SHIMS, existsSync(server) ? [server] : []);
  for (const file of files) {
    const source = readFileSync(file.file, 'utf8');
    const unsupported = unsupportedStrapiUses(file.path, source);
    if (unsupported.length) { problems.push(...unsupported); continue; }
    try {
      const value = file.file.endsWith('.json') ? JSON.parse(source) as unknown : loader.load(file.file);
      loaded.push({ ...file, value, uses: namedUids(source) });
    } catch (error) {
      const problem = error instanceof FileError
        ? error
        : new FileError(file.path, `cannot be loaded: ${reason(error)}`, lineOf(error, file.file));
      problems.push(problem);
    }
  }
  return { loaded, problems, warnings };
}

/** The line of `file` in an error's stack (a SyntaxError's or a throw at load time), when it names it. */
function lineOf(error: unknown, file: string): number | undefined {
  const stack = error instanceof Error ? error.stack ?? '' : '';
  const at = stack.indexOf(`${file}:`);
  if (at < 0) return undefined;
  const line = Number.parseInt(stack.slice(at + file.length + 1), 10);
  return Number.isFinite(line) ? line : undefined;
}
