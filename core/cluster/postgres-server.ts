import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ApplicationError } from '../errors.js';

export interface PostgresServer {
  /** A `postgres://` URL over the server's unix socket (no TCP port is opened). */
  url: string;
  /** The data and socket folder. */
  dir: string;
  /** Stop the server (fast shutdown) and wait for it to exit. */
  stop(): Promise<void>;
}

/** Debian's versioned folders first (`/usr/lib/postgresql/15/bin`), then the PATH. */
function binary(name: 'initdb' | 'postgres'): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((entry) => /^\d+$/.test(entry)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) if (existsSync(join(debian, version, 'bin', name))) return join(debian, version, 'bin', name);
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new ApplicationError(`PostgreSQL's ${name} is not installed (Debian: apt-get install -y postgresql)`);
  return found;
}

/** PostgreSQL refuses to run as root: then the server runs as the `postgres` system user, which owns its folder. */
function runAs(dir: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u'), gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) {
    throw new ApplicationError('running as root needs the "postgres" system user (Debian: apt-get install -y postgresql)');
  }
  chownSync(dir, uid, gid);
  if (spawnSync('test', ['-w', dir], { uid, gid }).status !== 0) {
    throw new ApplicationError(`the postgres user cannot reach ${dir}: use a folder whose parents anyone may enter (e.g. under /tmp)`);
  }
  return { uid, gid };
}

/** Whether the server could run in `dir` (as root: whether the postgres user may enter its parents). */
export function postgresCanUse(dir: string): boolean {
  if (process.getuid?.() !== 0) return true;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  let parent = dir;
  while (!existsSync(parent)) parent = join(parent, '..');
  return spawnSync('test', ['-x', parent], { uid: id('-u'), gid: id('-g') }).status === 0;
}

/**
 * Start a private PostgreSQL server in `dir` (created when missing; initialised once): trust
 * authentication for the `cms` role, listening on a unix socket in `dir` only, so it needs no free
 * port and nothing outside can reach it. For tests and `cms cluster`, not production.
 *
 * @example
 * const server = await startPostgres('/tmp/cluster/state'); process.env.CMS_STATE_URL = server.url; await server.stop();
 */
export async function startPostgres(dir: string): Promise<PostgresServer> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const user = runAs(dir);
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) {
    const args = ['-D', data, '-U', 'cms', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'];
    const init = spawnSync(binary('initdb'), args, { ...user, encoding: 'utf8' });
    const why = (init.stderr || init.error?.message || '').trim().split('\n').pop();
    if (init.status !== 0) throw new ApplicationError(`initdb failed: ${why}`);
  }
  const port = 5432;
  const args = ['-D', data, '-k', dir, '-p', String(port), '-c', 'listen_addresses=', '-c', 'fsync=off'];
  const server = spawn(binary('postgres'), args, { ...user, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  await ready(server);
  const exited = new Promise<void>((resolveExit) => {
    if (server.exitCode !== null) resolveExit();
    else server.once('exit', () => resolveExit());
  });
  return {
    url: `postgres://cms@localhost/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    dir,
    async stop() {
      if (server.exitCode === null) server.kill('SIGINT');
      await exited;
    },
  };
}

/** Resolves when the server says it accepts connections; rejects with its last line when it exits first. */
function ready(server: ChildProcess): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let log = '';
    server.stderr!.setEncoding('utf8');
    const onData = (chunk: string) => {
      log += chunk;
      if (log.includes('ready to accept connections')) { server.stderr!.off('data', onData); server.stderr!.resume(); resolveReady(); }
    };
    server.stderr!.on('data', onData);
    server.once('error', reject);
    server.once('exit', (code) => reject(new ApplicationError(`postgres exited (${code}): ${log.trim().split('\n').pop() ?? ''}`)));
  });
}
