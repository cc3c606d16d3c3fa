import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAuth } from '../auth/auth.js';
import { openStateStore } from '../auth/open-state-store.js';
import { loadConfig } from '../config/load.js';
import { STATE_URL_FILE } from '../config/state-url.js';
import { ApplicationError } from '../errors.js';
import { loadModels } from '../schema/registry.js';
import { startNginx } from './nginx.js';
import { cloneReplica, createOrigin } from './origin.js';
import { freePort } from './ports.js';
import { postgresCanUse, startPostgres } from './postgres-server.js';
import { startReplica, type ReplicaProcess } from './replica-process.js';

export interface ClusterOptions {
  /** The project to replicate (its committed HEAD). */
  project: string;
  /** An empty or missing folder for the origin, the clones, the state store and nginx. */
  dir: string;
  replicas: number;
  /** The balancer's port (0: any free one). */
  port: number;
  /** How to run the CLI: `[node, /path/to/cms]`. */
  command: string[];
  /** The content merge driver command (`cms git-setup --command`). */
  mergeDriver: string;
  env: NodeJS.ProcessEnv;
  report: (message: string) => void;
}

/** What `cms cluster` prints when it is ready. */
export interface ClusterInfo {
  balancer: string;
  replicas: string[];
  replicaDirs: string[];
  origin: string;
  /** A full-access API token, valid on every replica (the shared state store holds it). */
  token: string;
}

export interface Cluster extends ClusterInfo {
  /** Stop everything it started: nginx, the replicas, PostgreSQL. */
  stop(): Promise<void>;
}

/**
 * A complete local cluster of a project: a bare origin, N clones each running `cms serve` with
 * `git.push` (peers told, the origin polled), users and tokens in a private PostgreSQL, nginx
 * balancing reads round-robin and sending writes to the writer replica.
 *
 * @example
 * const cluster = await startCluster({ project: '.', dir: '/tmp/c', replicas: 3, port: 8080, command, mergeDriver, env, report });
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { replicas: count } = options;
  if (!Number.isInteger(count) || count < 1 || count > 32) throw new ApplicationError('--replicas must be 1 to 32');
  const dir = resolve(options.dir);
  if (existsSync(dir) && readdirSync(dir).length) throw new ApplicationError(`${dir} is not empty: give cms cluster a new folder`);
  mkdirSync(dir, { recursive: true });
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch((error: Error) => options.report(error.message));
  };
  try {
    const origin = join(dir, 'origin.git');
    const prefix = await createOrigin(resolve(options.project), origin, join(dir, 'seed'));
    rmSync(join(dir, 'seed'), { recursive: true, force: true });
    // As root, PostgreSQL runs as the postgres user, who may not enter a private folder: then its data go to the temp folder.
    const stateDir = postgresCanUse(dir) ? join(dir, 'state') : mkdtempSync(join(tmpdir(), 'cms-state-'));
    const state = await startPostgres(stateDir);
    stops.push(async () => { await state.stop(); if (!stateDir.startsWith(dir)) rmSync(stateDir, { recursive: true, force: true }); });
    const clone = (at: number) => cloneReplica(origin, join(dir, `replica-${at + 1}`), prefix, options.mergeDriver);
    const roots = await Promise.all(Array.from({ length: count }, (_, at) => clone(at)));
    // For `cms token … ` beside the cluster: CMS_STATE_URL=$(cat <dir>/state.url) (a private socket, no password);
    // in a replica's folder the CLI finds it in .cms/state.url, so a token made there reaches every replica.
    writeFileSync(join(dir, 'state.url'), `${state.url}\n`);
    for (const root of roots) {
      mkdirSync(join(root, '.cms'), { recursive: true });
      writeFileSync(join(root, STATE_URL_FILE), `${state.url}\n`, { mode: 0o600 });
    }
    const env = { ...options.env, CMS_STATE_URL: state.url };
    const token = await createClusterToken(roots[0], env, options.report);
    // Started in the order of their URLs: the first takes the writer lock before the next starts, so the writer is the
    // replica nginx sends writes to (the others forward; after a takeover, the balancer's choice only costs a hop).
    const ports = (await Promise.all(roots.map(() => freePort()))).sort((a, b) => (`${a}` < `${b}` ? -1 : 1));
    // Each replica tells the others after its pushes (POST /_cms/git/pull with a secret of this cluster's).
    const pullToken = randomBytes(24).toString('hex');
    const peersOf = (at: number) => ports.filter((_, other) => other !== at).map((port) => `http://127.0.0.1:${port}`).join(',');
    const replicas: ReplicaProcess[] = [];
    for (const [at, root] of roots.entries()) {
      const replica = await startReplica({
        command: options.command, root, port: ports[at], env: {
          ...env, CMS_GIT_PULL_TOKEN: pullToken, CMS_GIT_PEERS: peersOf(at), CMS_GIT_SELF: `http://127.0.0.1:${ports[at]}`,
          // Behind this cluster's nginx: the client is the address it forwards, not nginx's.
          CMS_TRUST_PROXY: 'true',
        },
        report: options.report,
        logFile: join(dir, `replica-${at + 1}.log`), pidFile: join(dir, `replica-${at + 1}.pid`),
      });
      replicas.push(replica);
      stops.push(() => replica.stop());
    }
    const port = options.port || await freePort();
    const nginx: ChildProcess = await startNginx(join(dir, 'nginx'), port, ports);
    stops.push(() => stopChild(nginx, 'SIGQUIT'));
    const urls = replicas.map((replica) => replica.url);
    return { balancer: `http://127.0.0.1:${port}`, replicas: urls, replicaDirs: roots, origin, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The cluster's full-access token, made once in the shared store (so every replica knows it). */
async function createClusterToken(root: string, env: NodeJS.ProcessEnv, report: (message: string) => void): Promise<string> {
  const config = await loadConfig(root);
  const store = await openStateStore({ root, config, env, report });
  try {
    const auth = createAuth({ root, config, models: loadModels(root), env, report: () => {}, store });
    return (await auth.tokens.create({ name: 'cms cluster', type: 'full-access', description: 'made by cms cluster' })).accessKey;
  } finally {
    await store.close();
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill(signal);
  return exited;
}
