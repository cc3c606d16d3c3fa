import { existsSync } from 'node:fs';

/** Debian's chromium (what `.ci/run` installs), or CHROMIUM_PATH; undefined when no binary exists. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((path): path is string => !!path && existsSync(path));
}
