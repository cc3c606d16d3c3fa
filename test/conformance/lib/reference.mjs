// The real Strapi 5.54 in a folder of its own (its database, uploads and generated APIs), so a
// recording or a fuzz run never restarts a reference someone else started from the shared install;
// the npm packages are the shared install's (`strapi-ref install`), linked, not copied.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { nameLocalesAsAdmin } from './name-locales.mjs';

export const REF = process.env.STRAPI_REF ?? join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'strapi-reference', 'strapi-ref');
const SHARED_INSTALL = join(homedir(), '.cache', 'strapi-reference');

export function ensureOwnReferenceDir(dir) {
  if (existsSync(join(dir, 'node_modules', '@strapi', 'strapi'))) return;
  if (!existsSync(join(SHARED_INSTALL, 'node_modules', '@strapi',
    'strapi'))) throw new Error(`run: ${REF} install (no Strapi in ${SHARED_INSTALL})`);
  mkdirSync(join(dir, 'src'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(SHARED_INSTALL, file), join(dir, file));
  cpSync(join(SHARED_INSTALL, 'config'), join(dir, 'config'), { recursive: true });
  cpSync(join(SHARED_INSTALL, 'src', 'index.js'), join(dir, 'src', 'index.js'));
  symlinkSync(join(SHARED_INSTALL, 'node_modules'), join(dir, 'node_modules'));
}

/**
 * Starts Strapi on `projectDir` (fresh database) in `dir` on `port`, names its locales as the admin
 * panel does, and returns `{ base, token, stop }`.
 */
export async function startReference(projectDir, { dir, port }) {
  ensureOwnReferenceDir(dir);
  const env = { ...process.env, STRAPI_REF_DIR: dir };
  const [base, token] = execFileSync(REF, ['start', projectDir, String(port)],
    { env, encoding: 'utf8' }).trim().split('\n').at(-1).split(' ');
  const stop = () => execFileSync(REF, ['stop'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await nameLocalesAsAdmin(base);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, token, stop };
}
