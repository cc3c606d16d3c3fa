// The writer lock in PostgreSQL, as the torture run checks it: who held it when (the terms), who PostgreSQL names now,
// and whether every acknowledged write was made under the lock its answer names, while that lock was its writer's.
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

const iso = (ms) => new Date(ms).toISOString();
const LOCK = [0x636d7353, 0x77726974];
const CURRENT = `SELECT t.term, t.holder, t.since FROM cms_writer_terms t JOIN pg_locks l ON l.pid = t.pid AND l.locktype = 'advisory'
  AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 2 AND l.granted ORDER BY t.term DESC LIMIT 1`;

async function query(stateUrl, text, values) {
  const client = new pg.Client({ connectionString: stateUrl });
  await client.connect();
  try {
    const { rows } = await client.query(text, values);
    return rows.map((row) => ({ term: Number(row.term), holder: row.holder, since: row.since.getTime() }));
  } finally {
    await client.end();
  }
}

/** Every term so far, oldest first: `{ term, holder, since }` (since: PostgreSQL's clock, ms). */
export const readTerms = (stateUrl) => query(stateUrl, 'SELECT term, holder, since FROM cms_writer_terms ORDER BY term');

/** The writer PostgreSQL names now (the newest term whose session holds the lock), or undefined. */
export const currentWriter = async (stateUrl) => (await query(stateUrl, CURRENT, LOCK))[0];

/** Resolves with the first writer PostgreSQL names whose term is newer than `term`; rejects after `timeout` ms. */
export async function nextWriter(stateUrl, term, timeout) {
  const until = Date.now() + timeout;
  for (;;) {
    const writer = await currentWriter(stateUrl);
    if (writer && writer.term > term) return writer;
    if (Date.now() > until) throw new Error(`no new writer within ${timeout} ms`);
    await delay(20);
  }
}

/**
 * Each acknowledged write names `<term> <writer URL> <time>` (X-Cms-Writer). Counted against PostgreSQL's terms: a write
 * acknowledged with no lock named, by another replica than the term's holder, or at a time outside its term (before it
 * began, or once the next holder had the lock) would mean two writers at once.
 */
export function checkWriters(acks, terms) {
  const byTerm = new Map(terms.map((term, at) => [term.term, { ...term, until: terms[at + 1]?.since ?? Infinity }]));
  const problems = [];
  const perTerm = {};
  let twoWriters = 0, unnamed = 0;
  for (const ack of acks) {
    if (!ack.writer) { unnamed++; problems.push(`acknowledged without a writer lock named: ${ack.method} ${ack.path}`); continue; }
    const [number, holder, time] = ack.writer.split(' ');
    const term = byTerm.get(Number(number));
    const at = Date.parse(time);
    perTerm[number] = (perTerm[number] ?? 0) + 1;
    if (!term || term.holder !== holder || at < term.since || at >= term.until) {
      twoWriters++;
      problems.push(`acknowledged by ${holder} under term ${number} at ${time}, outside that term `
        + `(${term ? `${term.holder} from ${iso(term.since)} to ${term.until === Infinity ? 'now' : iso(term.until)}` : 'unknown'})`);
    }
  }
  return { twoWriters, unnamed, perTerm, problems };
}
