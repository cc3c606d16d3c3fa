import type { IncomingMessage, ServerResponse } from 'node:http';


const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Keep a request whose body is answered before it is read to its end (a 413, a malformed or refused
 * upload, a client that stops mid-body) from stopping the process or holding its connection:
 *
 * - Cancelling the web body stream destroys Node's request with `req.socket = null` while the
 *   answer is still pending; listhen's shutdown hook (http-shutdown) reads `req.socket._isIdle`
 *   on the same `finish` and threw, killing the process. The body readers no longer cancel; this
 *   puts the socket back first anyway, so no future reader can bring that back.
 * - The rest of the body is then read and dropped (as Node does for a body nobody touched), so the
 *   client reads the answer instead of a reset, and the connection is reused once the body ends;
 *   a client still sending after `lingerMs` (`server.unreadBodyLinger`, 5 s by default) has its connection closed.
 *
 * Registered before listhen's own `request` listener, so this `finish` listener runs first.
 */
export function guardUnreadBody(req: IncomingMessage, res: ServerResponse, lingerMs: number): void {
  if (!hasBody(req)) return;
  const socket = req.socket;
  res.once('finish', () => {
    if (req.socket === null) req.socket = socket;
    if (req.complete || socket.destroyed) return;
    const cut = setTimeout(() => socket.destroy(), lingerMs).unref();
    // Every listener added to the socket is taken off again when this request is done with it: a
    // kept-alive socket outlives many requests, and a listener left on it holds this request and
    // its answer until the socket closes (thousands of refused bodies over one connection).
    const done = () => {
      clearTimeout(cut);
      socket.removeListener('close', done);
    };
    socket.once('close', done);
    // A closing answer (`Connection: close`, which Node sets when the body was not read) would
    // destroy the socket once written (`destroySoon`), and the client, still sending, gets a reset
    // instead of reading the answer. Linger instead, as web servers do: half-close, read the rest,
    // then close.
    const closing = socket.listeners('finish').includes(socket.destroy);
    if (closing) socket.removeListener('finish', socket.destroy);
    req.once('end', () => { done(); if (closing) socket.destroy(); });
    // The web stream's reader was released; its listener would pause the request on a full queue.
    req.removeAllListeners('data');
    req.resume();
  });
}
