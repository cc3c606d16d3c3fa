import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '../../core/cluster/postgres-server.js';

/**
 * A data folder as startPostgres's initdb leaves it (a server started on it once and stopped cleanly), kept in the temp folder
 * for every test file and run: initdb costs a second or more of CPU and several seconds on a loaded machine, a copy of its
 * folder (`cp -a`, which keeps the postgres user's ownership and modes) a small part of that.
 */
const TEMPLATE = join(tmpdir(), `cms-pg-template-${process.getuid?.() ?? 'user'}`);

async function makeTemplate(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'cms-pg-template-scratch-'));
  try {
    await (await startPostgres(scratch)).stop();
    // Another worker may have made it meanwhile: then its copy stands, and this one goes.
    try { renameSync(join(scratch, 'data'), TEMPLATE); } catch { /* made by another worker */ }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A server in `dir` on a copy of the template (made first when missing; made again once when the server refuses it). */
async function startFromTemplate(dir: string): Promise<PostgresServer> {
  for (let attempt = 0; ; attempt++) {
    if (!existsSync(join(TEMPLATE, 'PG_VERSION'))) await makeTemplate();
    execFileSync('cp', ['-a', TEMPLATE, join(dir, 'data')]);
    try {
      return await startPostgres(dir);
    } catch (error) {
      // A template from another PostgreSQL version: remove it and the copy, and start once more on a new one.
      if (attempt > 0) throw error;
      rmSync(TEMPLATE, { recursive: true, force: true });
      rmSync(join(dir, 'data'), { recursive: true, force: true });
    }
  }
}

export interface TestPostgres {
  server: PostgresServer;
  /** A fresh, empty database on the server: its URL (each test its own). */
  database(): Promise<string>;
  /** Stop the server and remove its folder. */
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL server for one test file (Debian's binaries; as the `postgres` user when
 * the tests run as root), on a unix socket in a temp folder. Start it in `beforeAll`, stop it in `afterAll`.
 *
 * @example
 * const postgres = await startTestPostgres(); const url = await postgres.database(); … await postgres.stop();
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-pg-'));
  const server = await startFromTemplate(dir);
  let count = 0;
  return {
    server,
    async database() {
      const name = `test_${++count}`;
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return server.url.replace('/postgres?', `/${name}?`);
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
