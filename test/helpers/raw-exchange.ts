import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { vi } from 'vitest';
import type { Cms } from '../../core/cms.js';

/**
 * Node listeners on loopback for comparing answers byte for byte (a fast path against h3's way), and one exchange of raw
 * bytes with them. `closeAll` in the file's afterAll.
 */
export class RawListeners {
  readonly #servers: Server[] = [];

  /** A listener on a free loopback port for `handler`: its port. */
  async listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
    const server = createServer(handler);
    this.#servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return (server.address() as { port: number }).port;
  }

  closeAll(): void {
    for (const server of this.#servers) { server.closeAllConnections(); server.close(); }
  }
}

/**
 * The exact bytes of one answer to `request` (its `Date` line left out), and whether h3 answered it: h3 asks
 * `auth.catchUp` first, the fast paths (cached GETs and GraphQL answers, plain writes) never.
 */
export async function exchange(cms: Cms, port: number, request: string): Promise<{ raw: string; viaH3: boolean }> {
  const catchUp = vi.spyOn(cms.auth, 'catchUp');
  const raw = await new Promise<string>((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => { text += chunk.toString('latin1'); }).on('end', () => done(text)).on('error', fail);
    socket.write(Buffer.from(request, 'latin1'));
  });
  const viaH3 = catchUp.mock.calls.length > 0;
  catchUp.mockRestore();
  return { raw: raw.replace(/^Date: .*\r\n/m, ''), viaH3 };
}
