import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Cms } from '../cms.js';
import type { FileError } from '../errors.js';
import { customGrantProblems } from './custom-grants.js';
import { SERVER_FILE } from './native-server.js';
import type { ProjectCode } from './project-code.js';
import { scanProjectFiles } from './scan-files.js';

/** What loading a project's back-end code says, and the code when there is any. */
export interface CodeOutcome {
  /** Set when the project has `src/` back-end files or a `cms.server.ts` (loaded, whatever its problems). */
  code?: ProjectCode;
  problems: FileError[];
  warnings: string[];
}

/**
 * `loadProjectCode`, importing the loader only for a project that has back-end code. Most sites have none, and the
 * loader (its Strapi shims bring zod, the Strapi object, the route machinery) was about a tenth of `cms serve`'s and
 * `cms validate`'s start. Without code the answer is what the loader answers then: the config's grants of custom
 * actions (there are none to grant) and the plugin folders it leaves out.
 *
 * @example
 * const { code, problems, warnings } = await loadProjectCodeIfAny(cms); // code: undefined for a site without src/ code
 */
export async function loadProjectCodeIfAny(cms: Cms): Promise<CodeOutcome> {
  const { files, unsupported } = scanProjectFiles(cms.root);
  if (!files.length && !existsSync(join(cms.root, SERVER_FILE))) {
    return { problems: customGrantProblems(cms, new Map()), warnings: unsupported };
  }
  const code = (await import('./project-code.js')).loadProjectCode(cms);
  return { code, problems: code.problems, warnings: code.warnings };
}
