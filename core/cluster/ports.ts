import { connect, createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** A port free on 127.0.0.1 right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** Resolves once 127.0.0.1:`port` accepts a connection (a server with no readiness signal, e.g. nginx); rejects after `timeout` ms. */
export async function waitForPort(port: number, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const open = await new Promise<boolean>((resolveOpen) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolveOpen(true); });
      socket.once('error', () => resolveOpen(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${timeout} ms`);
    await delay(25);
  }
}
