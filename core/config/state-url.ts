import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A URL the shared state store accepts (PostgreSQL's two schemes). */
export const isStateUrl = (url: string): boolean => /^postgres(ql)?:\/\/\S*$/.test(url);

/** Where `cms cluster` writes its state store's URL into each replica's folder (a private socket, no password). */
export const STATE_URL_FILE = join('.cms', 'state.url');

/**
 * The state store a project uses and what named it: env `CMS_STATE_URL` (it may carry a password, so it belongs in
 * the environment), config `state.url`, else the
 * `.cms/state.url` that `cms cluster` leaves in each replica's folder (so the CLI run there reaches the
 * cluster's store); undefined for the local file.
 *
 * @example
 * findStateUrl('/tmp/cms-cluster/replica-1', false, {}) // { url: 'postgres://cms@localhost/postgres?host=…', source: '.cms/state.url' }
 */
export function findStateUrl(
  root: string, configured: string | false, env: NodeJS.ProcessEnv,
): { url: string; source: string } | undefined {
  if (env.CMS_STATE_URL) return { url: env.CMS_STATE_URL, source: 'CMS_STATE_URL' };
  if (configured) return { url: configured, source: 'state.url' };
  let written = '';
  try {
    written = readFileSync(join(root, STATE_URL_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
  return written ? { url: written, source: STATE_URL_FILE } : undefined;
}
