import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileError } from '../errors.js';
import { parseJsonText } from '../parsers/json.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { CONFIG_FILES, LOCALE_CODE_PATTERN } from './load.js';
import { DEFAULT_CONFIG } from './types.js';

/**
 * Add locale codes to `locales` in the project's `cms.config.json` (created when the project has
 * no config file), keeping its other keys and their order. A `.js`/`.mjs` config is code, so it is
 * not edited: the caller is told to add the codes by hand.
 *
 * @example
 * await addLocales('/srv/site', ['fr', 'de']) // "locales": ["en", "fr", "de"]
 */
export async function addLocales(root: string, codes: string[]): Promise<void> {
  const bad = codes.find((code) => !LOCALE_CODE_PATTERN.test(code));
  if (bad !== undefined) throw new FileError('cms.config.json', `"${bad}" is not a locale code`);
  const existing = CONFIG_FILES.find((name) => existsSync(join(root, name)));
  if (existing && existing !== 'cms.config.json') {
    throw new FileError(existing, `add ${codes.join(', ')} to locales by hand: ${existing} is code, not edited`);
  }
  const path = join(root, 'cms.config.json');
  const raw = existing ? parseJsonText(readFileSync(path, 'utf8'), 'cms.config.json') as Record<string, unknown> : {};
  const locales = Array.isArray(raw.locales) ? raw.locales as string[] : [...DEFAULT_CONFIG.locales];
  raw.locales = [...locales, ...codes.filter((code) => !locales.includes(code))];
  await writeFileAtomic(path, `${JSON.stringify(raw, null, 2)}\n`);
}
