import type { CmsConfig } from '../config/types.js';
import { isStateUrl, stateUrl } from '../config/state-url.js';
import { FileError } from '../errors.js';
import { FileStateStore } from './file-state-store.js';
import type { StateStore } from './state-store.js';

export interface OpenStateOptions {
  root: string;
  config: Pick<CmsConfig, 'state'>;
  env: NodeJS.ProcessEnv;
  report: (message: string) => void;
  /** A server (`cms serve`): start even when PostgreSQL cannot be reached, and connect once it answers (see PostgresStateStore). */
  startUnreachable?: boolean;
}

/**
 * The project's state store: PostgreSQL when env `CMS_STATE_URL` or config `state.url` names one
 * (shared by every replica), else the local file `.cms/state.json`. The driver is loaded only then.
 *
 * @example
 * const store = await openStateStore({ root, config, env: process.env, report: console.warn });
 */
export async function openStateStore({ root, config, env, report, startUnreachable }: OpenStateOptions): Promise<StateStore> {
  const url = stateUrl(config.state.url, env);
  if (!url) return new FileStateStore(root);
  if (!isStateUrl(url)) throw new FileError('CMS_STATE_URL', 'must be a postgres:// or postgresql:// URL');
  const { PostgresStateStore } = await import('./postgres-state-store.js');
  try {
    return await PostgresStateStore.open({ url, report, startUnreachable });
  } catch (error) {
    // The driver's message names host and port, never the password.
    const source = env.CMS_STATE_URL ? 'CMS_STATE_URL' : 'state.url';
    throw new FileError(source, `cannot open the shared state store: ${(error as Error).message}`);
  }
}
