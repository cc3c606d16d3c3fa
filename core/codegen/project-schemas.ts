import { resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { assertProjectRoot } from '../config/project-root.js';
import type { CmsConfig } from '../config/types.js';
import { loadModels } from '../schema/registry.js';
import type { Models } from '../schema/types.js';

/** What the generators read: the schemas and the config, without indexing a single content file. */
export interface SchemaProject { root: string; config: CmsConfig; models: Models }

/**
 * Load a project's schemas and config only (fast on any size of site).
 *
 * @example
 * const { models } = await loadSchemaProject('./site');
 */
export async function loadSchemaProject(root: string): Promise<SchemaProject> {
  const absolute = resolve(root);
  assertProjectRoot(absolute);
  return { root: absolute, config: await loadConfig(absolute), models: loadModels(absolute) };
}
