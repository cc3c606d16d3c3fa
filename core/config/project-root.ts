import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FileError } from '../errors.js';
import { CONFIG_FILES } from './load.js';

/**
 * A project root holds `schemas/` or a `cms.config.*`. Anything else is a mistake (a CI job in
 * the wrong folder, a typo in `--root`) that must fail loudly instead of serving nothing.
 */
export function assertProjectRoot(root: string): void {
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new FileError(root, 'no such project folder');
  const hasSchemas = existsSync(join(root, 'schemas'));
  const hasConfig = CONFIG_FILES.some((name) => existsSync(join(root, name)));
  if (!hasSchemas && !hasConfig) {
    throw new FileError(
      root, `not a project: no schemas/ folder and no ${CONFIG_FILES.join(' or ')} (run in the project root, or pass --root)`,
    );
  }
}
