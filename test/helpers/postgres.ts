import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '../../core/cluster/postgres-server.js';

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
  const server = await startPostgres(dir);
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
