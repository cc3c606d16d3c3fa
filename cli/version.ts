import { readFileSync } from 'node:fs';

/** The package version, from dist/cli (built) or cli/ (run from source by the tests). */
export const VERSION = ((): string => {
  for (const candidate of ['../../package.json', '../package.json']) {
    try {
      return (JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as { name: string; version: string }).version;
    } catch {
      // not there: try the next layout
    }
  }
  return '0.0.0';
})();
