import type { WriterChoice } from './forwarding.js';

/** `idle_session_timeout`, which frees a cut-off holder's lock (see writer-lease.ts), came with PostgreSQL 14. */
export const ELECTION_MIN_VERSION = 140_000;

/** PostgreSQL's `server_version_num` at `url` (140005 for 14.5), asked once on a short-lived connection. */
export async function postgresVersion(url: string): Promise<number> {
  const { default: driver } = await import('pg');
  const client = new driver.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version_num');
    return Number(rows[0].server_version_num);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const spelled = (version: number) => `${Math.floor(version / 10_000)}.${version % 10_000} (server_version_num ${version})`;

/**
 * The PostgreSQL-elected choice, unless the server is older than 14: then one line says so and the replicas choose by URL
 * order, as without PostgreSQL (every replica asks the same server, so all of them fall back alike; the remote's push order
 * keeps writes correct either way). Refusing to start would leave a site on PostgreSQL 13 unable to write at all.
 * A server that cannot be reached at start leaves the election to go on (it retries until PostgreSQL answers).
 *
 * @example
 * const choice = electedUnlessTooOld(elected, urlOrder, { version: () => postgresVersion(url), report: console.error });
 */
export function electedUnlessTooOld(
  elected: WriterChoice, fallback: WriterChoice, options: { version: () => Promise<number>; report: (message: string) => void },
): WriterChoice {
  let active = elected;
  return {
    enabled: true,
    get chosenBy() { return active.chosenBy; },
    token: elected.token,
    self: elected.self,
    answerWithinMs: elected.answerWithinMs,
    next: () => active.next(),
    down: (url) => active.down(url),
    wrote: (url, outcome) => active.wrote(url, outcome),
    mayWrite: () => active.mayWrite(),
    beginWrite: () => active.beginWrite(),
    endWrite: (term) => active.endWrite(term),
    async start() {
      const version = await options.version().catch(() => undefined);
      if (version !== undefined && version < ELECTION_MIN_VERSION) {
        options.report(`git: the writer election needs PostgreSQL 14 or later; found ${spelled(version)}: `
          + 'the writer is chosen by URL order instead');
        active = fallback;
        return;
      }
      await elected.start();
    },
    stop: () => active.stop(),
    status: () => active.status(),
  };
}
