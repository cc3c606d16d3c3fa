import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

const CONFIG_FILE = 'cms.config.json';
const byConfig = new WeakMap<object, Map<string, string>>();

/** The author time of the first commit whose cms.config.json mentions `"code"` (Git's pickaxe), when there is one. */
function firstCommitNaming(root: string, code: string): string | undefined {
  try {
    const out = execFileSync('git', ['log', '--reverse', '--format=%aI', `-S${JSON.stringify(code)}`, '--', CONFIG_FILE], {
      cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000,
    });
    const first = out.split('\n').find(Boolean);
    return first ? new Date(first).toISOString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When a locale without a kept record (added to `locales` by hand) came into the project: the first commit of
 * cms.config.json that names it, the same on every clone and replica; outside Git, when cms.config.json last
 * changed. Asked once per loaded configuration and locale.
 *
 * @example
 * localeAddedAt('/srv/site', config)('de') // '2026-11-20T09:14:03.000Z'
 */
export function localeAddedAt(root: string, config: object): (code: string) => string {
  const times = byConfig.get(config) ?? byConfig.set(config, new Map()).get(config)!;
  return (code) => {
    let time = times.get(code);
    if (time === undefined) {
      time = firstCommitNaming(root, code) ?? configChanged(root);
      times.set(code, time);
    }
    return time;
  };
}

function configChanged(root: string): string {
  try { return statSync(join(root, CONFIG_FILE)).mtime.toISOString(); } catch { return new Date(0).toISOString(); }
}
