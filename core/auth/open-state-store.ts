import type { CmsConfig } from '../config/types.js';
import { findStateUrl, isStateUrl } from '../config/state-url.js';
import { FileError } from '../errors.js';
import { FileStateStore } from './file-state-store.js';
import type { StateStore } from './state-store.js';

export interface OpenStateOptions {
  root: string;
  config: Pick<CmsConfig, 'state' | 'git'>;
  env: NodeJS.ProcessEnv;
  report: (message: string) => void;
  /** A server (`cms serve`): start even when PostgreSQL cannot be reached, and connect once it answers (see PostgresStateStore). */
  startUnreachable?: boolean;
  /**
   * The CLI's token commands: refuse the local file in a project that is one of several replicas (`git.push` with peers),
   * whose servers share users and tokens only through PostgreSQL: a token written there would reach none of them.
   */
  refuseLocalForReplicas?: boolean;
}

/**
 * The project's state store: PostgreSQL when env `CMS_STATE_URL`, config `state.url` or a replica folder's
 * `.cms/state.url` (written by `cms cluster`) names one (shared by every replica), else the local file
 * `.cms/state.json`. The driver is loaded only then.
 *
 * @example
 * const store = await openStateStore({ root, config, env: process.env, report: console.warn });
 */
export async function openStateStore(options: OpenStateOptions): Promise<StateStore> {
  const { root, config, env, report, startUnreachable } = options;
  const found = findStateUrl(root, config.state.url, env);
  if (!found) {
    const replicated = config.git.push !== false && (config.git.peers.length > 0 || !!env.CMS_GIT_PEERS?.trim());
    if (options.refuseLocalForReplicas && replicated) {
      throw new FileError('CMS_STATE_URL', 'is not set, and this project is one of several replicas (git.push with peers), '
        + 'which share users and tokens only through PostgreSQL: set CMS_STATE_URL to their state store '
        + '(a token in .cms/state.json would reach none of them)');
    }
    return new FileStateStore(root);
  }
  const { url, source } = found;
  if (!isStateUrl(url)) throw new FileError(source, 'must be a postgres:// or postgresql:// URL');
  const { PostgresStateStore } = await import('./postgres-state-store.js');
  try {
    return await PostgresStateStore.open({ url, report, startUnreachable, reconnectMs: config.state.reconnectInterval * 1000 });
  } catch (error) {
    // The driver's message names host and port, never the password.
    throw new FileError(source, `cannot open the shared state store: ${(error as Error).message}`);
  }
}
