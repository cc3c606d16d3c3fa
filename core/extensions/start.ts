import type { Cms } from '../cms.js';
import { ProjectProblemsError } from '../errors.js';
import { loadProjectCode, type ProjectCode } from './project-code.js';
import { projectRouteGate } from './route-gate.js';

/**
 * Start a project's own back-end code: load it (any problem stops the start, naming every file), make
 * its lifecycles the writer's hooks, then run `src/index`'s register and bootstrap. Sets `global.strapi`,
 * as Strapi does, for code that reaches for it without an argument. Answers undefined without `src/` code.
 *
 * @example
 * const code = await startProjectCode(cms); const app = createApp(cms, { extensions: [...EXTENSIONS, projectRoutes(code)] });
 */
export async function startProjectCode(cms: Cms): Promise<ProjectCode | undefined> {
  const code = loadProjectCode(cms);
  if (code.problems.length) throw new ProjectProblemsError('Project code that cannot run here', code.problems, 'ProjectCodeError');
  for (const warning of code.warnings) cms.report(`warning: ${warning}`);
  if (!code.files.length) return undefined;
  cms.writeHooks = code.hooks;
  // Every built-in route that reaches a type the project's routes own asks them first (publish, history, uploads, the studio).
  cms.routeGate = projectRouteGate(cms, code);
  (globalThis as { strapi?: unknown }).strapi = code.strapi;
  await code.register();
  await code.bootstrap();
  return code;
}
