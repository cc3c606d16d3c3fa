import type { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { mediaSite } from '../media/helpers.js';
import { startServe } from '../helpers/serve-process.js';
import { stopChild } from '../helpers/stop-child.js';

/**
 * Issue 11, item 2: a chunked body over a size limit answered 413 and then the process died with
 * `Cannot set properties of null (setting '_isIdle')` in listhen's shutdown helper (http-shutdown).
 * Cancelling the web body stream destroys Node's request and detaches it from its socket
 * (`req.socket = null`) while the answer is still to be written; http-shutdown's `finish` listener
 * then reads `req.socket._isIdle`. Proved against the real `cms serve` process over TCP: after each
 * refused body, the same process still answers.
 */

const UPLOAD_LIMIT = 100_000;
const BOUNDARY = 'cms-hardening';
const CHUNK = Buffer.alloc(64 * 1024, 'a');
/**
 * `server.unreadBodyLinger` of the site, in seconds (the default is 5): the linger test waits it out while its client sends,
 * and the refused bodies of the other tests end within milliseconds of their answer, far inside it.
 */
const LINGER_SECONDS = 1;

let child: ChildProcess | undefined;
let port = 0;
let exited: string | undefined;
let root = '';

/** Start `cms serve` (again, when a previous case stopped it, so each case proves itself). */
async function start(): Promise<void> {
  exited = undefined;
  const served = await startServe(BIN, ['--root', root, '--no-watch']).catch((error: Error) => {
    exited = error.message;
    throw error;
  });
  child = served.child;
  port = served.port;
  child.once('exit', (code) => { exited = `cms serve exited with ${code}: ${served.stderr()}`; });
}

beforeAll(async () => {
  ensureBuilt();
  root = mediaSite({ upload: { requestSizeLimit: UPLOAD_LIMIT } });
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  config.server = { ...config.server, unreadBodyLinger: LINGER_SECONDS };
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config, null, 2));
});
beforeEach(async () => {
  if (!child || exited !== undefined) await start();
});
afterAll(async () => {
  await stopChild(child);
});

interface Sent {
  /** The answer's status, or undefined when the connection ended without one. */
  status?: number;
  body: string;
}

/**
 * POST `chunks` 64 KB chunks with `Transfer-Encoding: chunked` (no Content-Length, so the limit
 * can only be found while reading). `abortAfter` hangs up after that many chunks instead.
 */
function sendChunked(
  path: string, contentType: string, chunks: number, options: { head?: string; abortAfter?: number } = {},
): Promise<Sent> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST',
      headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => { body += text; });
      res.on('end', () => {
        // Done with this connection: a client that hangs up after the answer is part of the case.
        req.destroy();
        resolve({ status: res.statusCode, body });
      });
      res.on('error', () => resolve({ status: res.statusCode, body }));
    });
    // The server may close the connection once it has answered, while chunks are still going out.
    req.on('error', () => resolve({ body: '' }));
    if (options.head) req.write(options.head);
    let sent = 0;
    const write = (): void => {
      while (sent < chunks) {
        if (options.abortAfter !== undefined && sent >= options.abortAfter) {
          setTimeout(() => req.destroy(), 50);
          return;
        }
        sent++;
        if (!req.write(CHUNK)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

/** The process is alive and answers a plain GET on a fresh connection. */
async function stillServing(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(exited).toBeUndefined();
  const response = await fetch(`http://127.0.0.1:${port}/api/articles?fields=title&pagination[pageSize]=1`);
  expect(response.status).toBe(200);
  expect((await response.json()).data).toHaveLength(1);
}

const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;

describe('the server keeps serving after a refused or aborted body (real process, real socket)', () => {
  it('answers 413 to a chunked JSON body over 1 MB, then keeps serving', async () => {
    const sent = await sendChunked('/api/articles', 'application/json', 24);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ data: null, error: { status: 413, name: 'PayloadTooLargeError',
      message: 'request entity too large' } });
    await stillServing();
  });

  it('answers 413 to a chunked urlencoded form over 56 KB, then keeps serving', async () => {
    const sent = await sendChunked('/api/articles', 'application/x-www-form-urlencoded', 4);
    expect(sent.status).toBe(413);
    await stillServing();
  });

  it('answers 413 FileTooBig to a chunked multipart upload over upload.requestSizeLimit, then keeps serving', async () => {
    const sent = await sendChunked('/api/upload', `multipart/form-data; boundary=${BOUNDARY}`, 8, { head: filePart });
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body).error).toMatchObject({ status: 413, message: 'FileTooBig' });
    await stillServing();
  });

  it('answers 400 to a malformed multipart body (no parts, wrong boundary), then keeps serving', async () => {
    const sent = await sendChunked('/api/upload', 'multipart/form-data; boundary=other', 1, { head: filePart });
    expect(sent.status).toBe(400);
    await stillServing();
  });

  it('answers 400 to an upload refused before its body is read (two ?id values) while 1 MB is still coming, then keeps serving', async () => {
    const sent = await sendChunked('/api/upload?id[0]=1&id[1]=2', `multipart/form-data; boundary=${BOUNDARY}`, 16, { head: filePart });
    expect(sent.status).toBe(400);
    await stillServing();
  });

  it('answers 400 to a chunked JSON body that is not JSON, then keeps serving', async () => {
    const sent = await sendChunked('/api/articles', 'application/json', 2, { head: '{"data":' });
    expect(sent.status).toBe(400);
    await stillServing();
  });

  it('keeps serving after a client hangs up in the middle of an upload and of a JSON body', async () => {
    await sendChunked('/api/upload', `multipart/form-data; boundary=${BOUNDARY}`, 8, { head: filePart, abortAfter: 1 });
    await sendChunked('/api/articles', 'application/json', 8, { head: '{"data":"', abortAfter: 2 });
    await stillServing();
  });

  it('reads the 413 to a client that keeps sending, then closes its connection within server.unreadBodyLinger', async () => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let answeredAt = 0;
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => { answeredAt ||= Date.now(); answer += text; });
    socket.on('error', () => {});
    socket.write('POST /api/articles HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = `${CHUNK.length.toString(16)}\r\n${CHUNK.toString('latin1')}\r\n`;
    const started = Date.now();
    const pump = setInterval(() => { if (!socket.destroyed) socket.write(chunk); }, 5);
    try {
      await new Promise((resolve) => socket.once('close', resolve));
    } finally {
      clearInterval(pump);
    }
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // Cut by the linger's timer, which starts at the answer: not before it (the answer came after `started`), not long after
    // it came (counted from its arrival, not from the first chunk: a loaded machine may take seconds to send and refuse 1 MB).
    const closedAt = Date.now();
    expect(closedAt - started).toBeGreaterThanOrEqual(LINGER_SECONDS * 1000 - 20);
    expect(closedAt - answeredAt).toBeLessThan(LINGER_SECONDS * 1000 + 3_000);
    await stillServing();
  });

  it('survives many refused bodies in parallel', async () => {
    const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2
      ? sendChunked('/api/articles', 'application/json', 20)
      : sendChunked('/api/upload', `multipart/form-data; boundary=${BOUNDARY}`, 4, { head: filePart }))));
    for (const { status } of sent) expect(status === undefined || status === 413).toBe(true);
    await stillServing();
  });
});
