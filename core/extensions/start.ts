import { relative, sep } from 'node:path';
import type { Cms } from '../cms.js';
import { FileError, ProjectProblemsError } from '../errors.js';
import { controllerActions } from './custom-grants.js';
import { UnsupportedApiError } from './errors.js';
import { loadProjectCodeIfAny } from './load-if-any.js';
import type { ProjectCode } from './project-code.js';

/**
 * Start a project's own back-end code: load it (any problem stops the start, naming every file), make
 * its lifecycles the writer's hooks, then run `src/index`'s register and bootstrap. Sets `global.strapi`,
 * as Strapi does, for code that reaches for it without an argument. Answers undefined without `src/` code.
 *
 * @example
 * const code = await startProjectCode(cms); const app = createApp(cms, { extensions: [...EXTENSIONS, projectRoutes(code)] });
 */
export async function startProjectCode(cms: Cms): Promise<ProjectCode | undefined> {
  const { code, problems, warnings } = await loadProjectCodeIfAny(cms);
  if (problems.length) throw new ProjectProblemsError('Project code that cannot run here', problems, 'ProjectCodeError');
  for (const warning of warnings) cms.report(`warning: ${warning}`);
  if (!code?.files.length) return undefined;
  cms.writeHooks = code.hooks;
  cms.customActions = controllerActions(code.controllers);
  // Every built-in route that reaches a type the project's routes own asks them first (publish, history, uploads, the studio).
  cms.routeGate = (await import('./route-gate.js')).projectRouteGate(cms, code);
  (globalThis as { strapi?: unknown }).strapi = code.strapi;
  try {
    await code.register();
    await code.bootstrap();
  } catch (error) {
    throw error instanceof UnsupportedApiError ? calledAt(error, cms.root) : error;
  }
  return code;
}

/**
 * An unsupported API reached while `register` or `bootstrap` ran (a uid or name computed at run time, which the
 * start-up scan cannot see) as a problem at the project file, line and column of the call, from the error's stack.
 */
function calledAt(error: UnsupportedApiError, root: string): Error {
  const frames = (error.stack ?? '').split('\n').slice(1);
  for (const frame of frames) {
    const found = /\(?((?:[A-Za-z]:)?[^():]+):(\d+):(\d+)\)?$/.exec(frame.trim());
    if (!found || !found[1].startsWith(root + sep) || found[1].includes(`${sep}node_modules${sep}`)) continue;
    const problem = new FileError(relative(root, found[1]), error.message, Number(found[2]), Number(found[3]));
    return new ProjectProblemsError('Project code that cannot run here', [problem], 'ProjectCodeError');
  }
  return error;
}
