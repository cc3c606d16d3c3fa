import { join } from 'node:path';
import type { Models } from '../schema/types.js';
import { typeDeclarations } from './ts-types.js';
import { DEFAULT_JSON_SCHEMA_DIR, DEFAULT_TYPES_FILE, writeIfChanged, writeJsonSchemas } from './write-outputs.js';

/**
 * Write the type declarations and the content file schemas at their default places, touching
 * only what changed: what `cms serve --watch-types` runs at start and after each schema reload.
 * Returns the files written, relative to the root.
 *
 * @example
 * await regenerateOutputs(cms.root, cms.models) // ['cms-types.d.ts', '.cms/json-schema/articles.json']
 */
export async function regenerateOutputs(root: string, models: Models): Promise<string[]> {
  const written: string[] = [];
  if (await writeIfChanged(join(root, DEFAULT_TYPES_FILE), typeDeclarations(models))) written.push(DEFAULT_TYPES_FILE);
  const schemas = await writeJsonSchemas(models, join(root, DEFAULT_JSON_SCHEMA_DIR));
  written.push(...schemas.written.map((name) => `${DEFAULT_JSON_SCHEMA_DIR}/${name}`));
  return written;
}
