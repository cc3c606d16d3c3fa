import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { MultipartTooLargeError } from '../../core/media/errors.js';
import { FIELD_LIMIT, readUploadForm } from '../../core/media/multipart.js';
import { Scratch } from '../../core/media/scratch.js';
import { ValidationError } from '../../core/errors.js';
import { mediaServer, mediaSite, scratchFiles, uploadForm } from './helpers.js';

const BOUNDARY = 'cms-test-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

const head = (name: string) => Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileInfo"\r\n\r\n{"caption":"streamed"}\r\n`
  + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
);
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * A multipart body of one `size`-byte file, produced 64 KB at a time only when the reader asks
 * (no queue of its own); `beforeChunk` sees how much was handed out so far. With `failAfter` it
 * errors there, as a client that hangs up mid-upload.
 */
function chunkedBody(
  size: number, options: { beforeChunk?: (handedOut: number) => void; failAfter?: number } = {},
): ReadableStream<Uint8Array> {
  let sent = 0;
  let handedOut = 0;
  let started = false;
  const give = (controller: ReadableStreamDefaultController<Uint8Array>, bytes: Buffer) => {
    handedOut += bytes.length;
    controller.enqueue(new Uint8Array(bytes));
  };
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      options.beforeChunk?.(handedOut);
      if (!started) {
        started = true;
        return give(controller, head('big.bin'));
      }
      if (options.failAfter !== undefined && sent >= options.failAfter) return controller.error(new Error('client went away'));
      if (sent < size) {
        const length = Math.min(CHUNK, size - sent);
        sent += length;
        return give(controller, Buffer.alloc(length, sent % 251));
      }
      give(controller, TAIL);
      controller.close();
    },
  }, { highWaterMark: 0 });
}

const multipartRequest = (body: ReadableStream<Uint8Array>) =>
  new Request('http://cms.test/api/upload',
    { method: 'POST', headers: { 'content-type': CONTENT_TYPE }, body, duplex: 'half' } as RequestInit);

const bytesIn = (folder: string): number => (existsSync(folder)
  ? readdirSync(folder).reduce((sum, name) => sum + (statSync(join(folder, name), { throwIfNoEntry: false })?.size ?? 0), 0) : 0);

describe('readUploadForm streams file parts to disk', () => {
  it('never holds more than a few chunks of a 30 MB file in memory', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'cms-stream-')), 'tmp');
    const scratch = await Scratch.open(folder);
    const size = 30 * MB;
    let inFlight = 0;
    // Whatever was handed to the parser and is not in the temp file yet is held in memory somewhere.
    const body = chunkedBody(size, { beforeChunk: (handedOut) => { inFlight = Math.max(inFlight, handedOut - bytesIn(folder)); } });
    const form = await readUploadForm(multipartRequest(body), 200 * MB, scratch);
    expect(inFlight).toBeLessThan(2 * MB);
    expect(form.fileInfo).toEqual(['{"caption":"streamed"}']);
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({ name: 'big.bin', type: 'application/octet-stream', size });
    expect(statSync(form.files[0].path).size).toBe(size);
    expect(readFileSync(form.files[0].path).subarray(0, 4)).toEqual(Buffer.alloc(4, CHUNK % 251));
    await scratch.dispose();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('stops at the request limit while streaming (413) and closes its temp file', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'cms-stream-')), 'tmp');
    const scratch = await Scratch.open(folder);
    let handedOut = 0;
    const body = chunkedBody(30 * MB, { beforeChunk: (bytes) => { handedOut = bytes; } });
    await expect(readUploadForm(multipartRequest(body), 2 * MB, scratch)).rejects.toBeInstanceOf(MultipartTooLargeError);
    expect(handedOut).toBeLessThan(3 * MB);
    await scratch.dispose();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('rejects a body cut off mid-file (400) and leaves no temp file once disposed', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'cms-stream-')), 'tmp');
    const scratch = await Scratch.open(folder);
    await expect(readUploadForm(multipartRequest(chunkedBody(30 * MB, { failAfter: 5 * MB })), 200 * MB, scratch))
      .rejects.toBeInstanceOf(ValidationError);
    await scratch.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('POST /api/upload streams to .cms/tmp and cleans up', () => {
  it('answers 400 for an aborted body and leaves no temp file in the project', async () => {
    const server = await mediaServer();
    const uploads = server.uploads();
    const response = await server.request('/api/upload', { method: 'POST', headers: { 'content-type': CONTENT_TYPE },
      body: chunkedBody(8 * MB, { failAfter: 2 * MB }), duplex: 'half' } as RequestInit);
    expect(response.status).toBe(400);
    expect(scratchFiles(server.root)).toEqual([]);
    expect(server.uploads()).toEqual(uploads);
  });

  it('answers 413 for a chunked body over upload.requestSizeLimit and leaves no temp file', async () => {
    const server = await mediaServer(mediaSite({ upload: { requestSizeLimit: MB } }));
    const response = await server.request('/api/upload', { method: 'POST', headers: { 'content-type': CONTENT_TYPE },
      body: chunkedBody(8 * MB), duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(scratchFiles(server.root)).toEqual([]);
  });

  it('answers 413 for a text field over 1 MB (fields are held in memory, files are not)', async () => {
    const server = await mediaServer();
    const { status, body } = await server.upload(uploadForm([{ name: 'a.txt', data: 'a', type: 'text/plain' }],
      { fileInfo: 'x'.repeat(FIELD_LIMIT + 1) }));
    expect(status).toBe(413);
    expect(body.error).toMatchObject({ name: 'PayloadTooLargeError', message: 'The multipart field "fileInfo" is over 1048576 bytes' });
    expect(scratchFiles(server.root)).toEqual([]);
  });

  it('moves a streamed 12 MB file into public/uploads without a copy left behind', async () => {
    const server = await mediaServer();
    const response = await server.request('/api/upload', { method: 'POST', headers: { 'content-type': CONTENT_TYPE },
      body: chunkedBody(12 * MB), duplex: 'half' } as RequestInit);
    expect(response.status).toBe(201);
    const [file] = await response.json();
    expect(file).toMatchObject({ name: 'big.bin', caption: 'streamed', size: 12582.91 });
    expect(statSync(join(server.root, 'public', 'uploads', `${file.hash}.bin`)).size).toBe(12 * MB);
    expect(scratchFiles(server.root)).toEqual([]);
  });
});

describe('uploads over a real socket', () => {
  let server: Server;
  let port: number;
  let root: string;
  beforeAll(async () => {
    root = mediaSite();
    server = createServer(createNodeHandler(await createCms({ root })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const until = async (condition: () => boolean, what: string) => {
    for (const started = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 20))) {
      if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    }
  };
  const post = () => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/upload',
      headers: { 'content-type': CONTENT_TYPE, 'transfer-encoding': 'chunked' } });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => { body += chunk; });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    return { request, answered };
  };
  const send = async (request: ReturnType<typeof httpRequest>, bytes: number) => {
    for (let sent = 0; sent < bytes; sent += CHUNK) {
      if (!request.write(Buffer.alloc(CHUNK, 5))) await new Promise((resolve) => request.once('drain', resolve));
    }
  };

  it('writes a 30 MB file to disk while the client is still sending it', async () => {
    const { request, answered } = post();
    request.write(head('socket.bin'));
    await send(request, 20 * MB);
    // The client has not finished: the bytes so far are already in a temp file, not in memory.
    await until(() => bytesIn(join(root, '.cms', 'tmp')) >= 19 * MB, '19 MB in .cms/tmp');
    await send(request, 10 * MB);
    request.end(TAIL);
    const { status, body } = await answered;
    expect(status).toBe(201);
    const [file] = JSON.parse(body);
    expect(statSync(join(root, 'public', 'uploads', `${file.hash}.bin`)).size).toBe(30 * MB);
    expect(scratchFiles(root)).toEqual([]);
  });

  it('removes the temp file of a client that hangs up mid-upload, and keeps serving', async () => {
    const { request, answered } = post();
    answered.catch(() => {});
    request.write(head('gone.bin'));
    await send(request, 4 * MB);
    await until(() => scratchFiles(root).length > 0, 'a temp file');
    request.destroy();
    await until(() => scratchFiles(root).length === 0, 'the temp file to go');
    const response = await fetch(`http://127.0.0.1:${port}/api/upload/files`);
    expect(response.status).toBe(200);
  });
});
