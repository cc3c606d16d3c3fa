import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { creationStamp, idAfter, idToNumber, newDocumentId, numberToId } from '../../core/service/document-id.js';
import { startApp, type TestServer } from '../helpers/project.js';
import { writableSite, writeServer, type WriteServer } from './helpers.js';

// Lists default to creation order, createdAt then documentId, and Strapi's to its autoincrement id: creates in one
// millisecond (a script or a replay on a fast machine) fell in their random documentIds' order. The clock is held still
// here, so every create below lands in the same millisecond on any machine.
const DOCUMENT_ID = /^[a-z][a-z0-9]{23}$/;

function clockHeldAt(ms: number): void {
  const clock = vi.spyOn(Date, 'now').mockReturnValue(ms);
  onTestFinished(() => clock.mockRestore());
}

describe('creates in one millisecond keep their order', () => {
  it('each stamp of a millisecond draws a documentId after the one before, in Strapi\'s form, and a new millisecond starts afresh', () => {
    const stamps = Array.from({ length: 300 }, () => creationStamp(1_800_000_000_000));
    const ids = stamps.map((stamp) => stamp.documentId);
    expect(ids.every((id) => DOCUMENT_ID.test(id))).toBe(true);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(stamps.map((stamp) => stamp.createdAt))).toEqual(new Set(['2027-01-15T08:00:00.000Z']));
    // Each new millisecond's first id is a fresh draw, not the chain carried on: 40 of them in a row are not in order
    // (a carried chain always is; 40 independent draws are, once in 40!). Asking that some sort before the chain's last
    // failed about once in 41 runs: the chain stays near its first draw, which may be near the bottom of the id space.
    const fresh = Array.from({ length: 40 }, (_, i) => creationStamp(1_800_000_000_001 + i).documentId);
    expect(fresh).not.toEqual([...fresh].sort());
  });

  it('an id reads as its place in the id space digit by digit (first a letter, then base 36) and that place writes it back', () => {
    const digitByDigit = (id: string) =>
      [...id.slice(1)].reduce((value, char) => value * 36n + BigInt(parseInt(char, 36)), BigInt(id.charCodeAt(0) - 97));
    const ids = [...Array.from({ length: 200 }, () => newDocumentId()), 'a00000000000000000000000', 'zzzzzzzzzzzzzzzzzzzzzzzz', 'b0000000000000000000000z'];
    for (const id of ids) {
      expect(idToNumber(id)).toBe(digitByDigit(id));
      expect(numberToId(idToNumber(id))).toBe(id);
      if (id !== 'zzzzzzzzzzzzzzzzzzzzzzzz') expect(numberToId(idToNumber(id) + 1n) > id).toBe(true);
    }
    expect(numberToId(0n)).toBe('a00000000000000000000000');
    expect(idToNumber('zzzzzzzzzzzzzzzzzzzzzzzz')).toBe(26n * 36n ** 23n - 1n);
  });

  it('an id drawn after another is one to 36^16 places past it, carried digit by digit; near the top of the space it is drawn within the room left', () => {
    const previous = [...Array.from({ length: 100 }, () => newDocumentId()), 'a0000000zzzzzzzzzzzzzzzz', 'yzzzzzzzzzzzzzzzzzzzzzzz', 'azzzzzzzzzzzzzzzzzzzzzzz'];
    for (const id of previous) {
      const next = idAfter(id);
      expect(next).toMatch(DOCUMENT_ID);
      const step = idToNumber(next) - idToNumber(id);
      expect(step >= 1n && step <= 36n ** 16n).toBe(true);
    }
    // Where fewer than 36^16 ids are left, the next is drawn among them; past the very last, a fresh id (none sorts after it).
    const nearTop = 'zzzzzzzzzzzzzzzzzzzzzzzy';
    expect(idAfter(nearTop)).toBe('zzzzzzzzzzzzzzzzzzzzzzzz');
    for (let i = 0; i < 20; i++) expect(idAfter('zzzzzzzzzz00000000000000') > 'zzzzzzzzzz00000000000000').toBe(true);
    expect(idAfter('zzzzzzzzzzzzzzzzzzzzzzzz')).toMatch(DOCUMENT_ID);
  });

  let server: WriteServer;
  let restarted: TestServer | undefined;
  beforeAll(async () => { server = await writeServer(writableSite()); });
  afterAll(async () => { await restarted?.cms.close(); });

  it('twelve tags created in one millisecond list in the order they were created, by default and by createdAt, before and after a restart', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `same-ms-${String(i).padStart(2, '0')}`);
    clockHeldAt(Date.now());
    const created: { documentId: string; createdAt: string }[] = [];
    for (const name of names) {
      const { status, body } = await server.post('/api/tags', { name });
      expect(status).toBe(201);
      created.push(body.data);
    }
    expect(new Set(created.map((row) => row.createdAt)).size).toBe(1);
    vi.restoreAllMocks();

    const query = 'filters[name][$startsWith]=same-ms-&fields[0]=name&pagination[pageSize]=100';
    const listed = async (app: TestServer, more = '') =>
      ((await app.getJson(`/api/tags?${query}${more}`)).body.data as { name: string }[]).map((row) => row.name);
    restarted = await startApp(server.root, { report: () => {} });
    for (const app of [server, restarted]) {
      expect(await listed(app)).toEqual(names);
      expect(await listed(app, '&sort=createdAt:asc')).toEqual(names);
    }
  });
});
