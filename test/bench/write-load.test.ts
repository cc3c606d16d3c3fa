import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoad } from '../../bench/load-process.mjs';
import { writeScenarios } from '../../bench/write-rows.mjs';
import { wrkScript, wrkWrites } from '../../bench/wrk-load.mjs';
import { requires } from '../helpers/requires.js';

// The Strapi table's write rows are loaded by wrk where it is installed, by autocannon otherwise (bench/wrk-load.mjs): both
// must send the same requests, or the two generators' figures would measure different work.

interface Seen {
  method: string;
  path: string;
  type: string | undefined;
  body: string;
}

const wrk = requires('wrk');
const IDS = ['doc1', 'doc2', 'doc3'];
const SCENARIOS: string[] = writeScenarios({ ids: [] }).map(([name]: [string]) => name);

/** A request with its generated word (`bench <word>`, `bench write <word>`) replaced, so both generators' match. */
const shape = ({ method, path, type, body }: Seen) =>
  JSON.stringify({ method, path, type, body: body.replace(/bench (write )?[0-9a-z]+/, 'bench $1WORD') });

describe.skipIf(wrk.skip)(`the write rows from wrk and from autocannon${wrk.note}`, () => {
  let server: Server;
  let url: string;
  let seen: Seen[] = [];
  // Forked in beforeAll, not at collection: a suite skipped for want of wrk must leave no child behind.
  let load: ReturnType<typeof startLoad>;

  beforeAll(async () => {
    load = startLoad();
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => { body += chunk; });
      req.on('end', () => {
        seen.push({ method: req.method!, path: req.url!, type: req.headers['content-type'], body });
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end('{"data":{}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    load.close();
    server.close();
  });

  const run = async (generator: 'wrk' | 'autocannon', scenario: string) => {
    seen = [];
    const result = generator === 'wrk' ? await wrkWrites({ url, connections: 2, duration: 1, scenario, ids: IDS })
      : await load.run({ url, connections: 2, amount: 400, writes: { ids: IDS, scenario } });
    return { result, seen };
  };

  it.each(SCENARIOS)('send the same requests for "%s", in the same proportions', async (scenario) => {
    const fromWrk = await run('wrk', scenario);
    const fromAutocannon = await run('autocannon', scenario);
    for (const { result, seen: requests } of [fromWrk, fromAutocannon]) {
      expect(result.errors).toBe(0);
      expect(result.total).toBeGreaterThanOrEqual(100);
      expect(requests.length).toBeGreaterThanOrEqual(result.total);
    }
    const shapes = (requests: Seen[]) => [...new Set(requests.map(shape))].sort();
    expect(shapes(fromWrk.seen)).toEqual(shapes(fromAutocannon.seen));
    // The updates go round the documents; the mix is nine reads to one write.
    const share = (requests: Seen[], method: string) => requests.filter((request) => request.method === method).length / requests.length;
    for (const { seen: requests } of [fromWrk, fromAutocannon]) {
      if (scenario.startsWith('read/write')) expect(share(requests, 'PUT')).toBeCloseTo(0.1, 1);
      else expect(share(requests, scenario === 'creates' ? 'POST' : 'PUT')).toBe(1);
      // Every write's word is new: no two creates share a title, no two updates a description.
      const bodies = requests.filter((request) => request.body).map((request) => request.body);
      expect(new Set(bodies).size).toBe(bodies.length);
    }
    if (!scenario.startsWith('creates')) expect(shapes(fromWrk.seen).filter((s) => s.includes('PUT')).length).toBe(IDS.length);
  });

  it('sends the mix\'s two halves alone (bench/mix-split.mjs): only its list reads, only its draft updates round the documents', async () => {
    const reads = await run('wrk', 'list reads');
    expect(reads.result.errors).toBe(0);
    expect(reads.result.total).toBeGreaterThanOrEqual(100);
    const list = { method: 'GET', path: '/api/articles?pagination[pageSize]=10', type: undefined, body: '' };
    expect([...new Set(reads.seen.map(shape))]).toEqual([shape(list)]);
    const drafts = await run('wrk', 'draft updates (many documents)');
    expect(drafts.result.errors).toBe(0);
    expect(drafts.result.total).toBeGreaterThanOrEqual(100);
    expect([...new Set(drafts.seen.map(({ method, path, type }) => `${method} ${path} ${type}`))].sort())
      .toEqual(IDS.map((id) => `PUT /api/articles/${id}?status=draft application/json`));
    const bodies = drafts.seen.map((request) => request.body);
    expect(new Set(bodies).size).toBe(bodies.length);
    for (const body of bodies) expect(body).toMatch(/^\{"data":\{"description":"bench write [0-9a-z]+"\}\}$/);
  });

  it('fails with what wrk said when no server answers, and for a row it has no script for', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(wrkWrites({ url: gone, connections: 2, duration: 1, scenario: 'creates', ids: IDS }))
      .rejects.toThrow(/^wrk exited 1: unable to connect to 127\.0\.0\.1:\d+ Connection refused$/);
    expect(() => wrkScript('deletes', IDS)).toThrow('no wrk script for the write row "deletes"');
  });
});
