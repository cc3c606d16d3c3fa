// The tests' fetch (test/helpers/reused-connections.ts, a setup file) asks a GET again once when its connection was
// closed before any answer, as browsers do with a reused connection; other requests and second failures fail as before.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => { if (server) server.close(() => done()); else done(); }));

/** A server that drops the connection of its first `drops` requests unanswered, then answers "ok"; and how many it saw. */
async function dropping(drops: number): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = createServer((req, res) => {
    seen++;
    if (seen <= drops) req.socket.destroy();
    else res.end('ok');
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen: () => seen };
}

describe('the tests\' fetch and a connection closed before the answer', () => {
  it('a GET is asked again once, on a new connection, and answered', async () => {
    const { url, seen } = await dropping(1);
    expect(await (await fetch(url)).text()).toBe('ok');
    expect(seen()).toBe(2);
  });

  it('a GET closed twice fails, after two asks', async () => {
    const { url, seen } = await dropping(2);
    await expect(fetch(url)).rejects.toThrow('fetch failed');
    expect(seen()).toBe(2);
  });

  it('a POST is never sent twice', async () => {
    const { url, seen } = await dropping(1);
    await expect(fetch(url, { method: 'POST', body: 'x' })).rejects.toThrow('fetch failed');
    expect(seen()).toBe(1);
  });
});
