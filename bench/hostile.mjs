// Hostile input over a real socket: what a file, a request or an upload contains can never run code,
// leak a file, stop the server or answer 5xx. `npm run torture -- hostile` runs it at full size;
// test/torture runs it small in `npm test`.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, relative } from 'node:path';
import { crc32, createDeflate } from 'node:zlib';

/** One HTTP exchange on a fresh socket, the body sent in chunks (no content-length): status and text, or the socket error. */
function send(port, { method = 'POST', path, headers = {}, chunks = [], abortAfter }) {
  return new Promise((resolveSend) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      const parts = [];
      response.on('data', (part) => parts.push(part));
      response.on('end', () => resolveSend({ status: response.statusCode, text: Buffer.concat(parts).toString('utf8') }));
      response.on('error', (error) => resolveSend({ error: error.code ?? error.message }));
    });
    // A server that refuses a body answers and closes while the client is still writing: the
    // write fails (EPIPE, ECONNRESET) but the answer may already be on its way, as curl would see it.
    request.on('error', (error) => setTimeout(() => resolveSend({ error: error.code ?? error.message }), 200));
    let sent = 0;
    const next = () => {
      if (abortAfter !== undefined && sent >= abortAfter) { request.destroy(); resolveSend({ aborted: true }); return; }
      if (sent >= chunks.length) { request.end(); return; }
      const chunk = chunks[sent++];
      if (!request.write(chunk)) request.once('drain', next); else setImmediate(next);
    };
    next();
  });
}

/** A body of `size` bytes in 64 KiB chunks, each `fill` repeated. */
const chunked = (size, fill = 'a') => Array.from({ length: Math.ceil(size / 65536) },
  (_, i) => Buffer.alloc(Math.min(65536, size - i * 65536), fill));

/** A PNG whose header says width × height and whose data is deflated zeros: tiny on disk, huge once decoded. */
async function decompressionBomb(width, height) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; header[9] = 0; // 8-bit greyscale
  const deflate = createDeflate({ level: 9 });
  const parts = [];
  deflate.on('data', (part) => parts.push(part));
  const finished = new Promise((done) => deflate.on('end', done));
  const row = Buffer.alloc(width + 1);
  const rowsPerWrite = Math.max(1, Math.floor((1 << 20) / row.length));
  const block = Buffer.alloc(row.length * rowsPerWrite);
  for (let y = 0; y < height; y += rowsPerWrite) {
    if (!deflate.write(block.subarray(0, row.length * Math.min(rowsPerWrite, height - y)))) {
      await new Promise((drained) => deflate.once('drain', drained));
    }
  }
  deflate.end();
  await finished;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}

/** A multipart body holding one file part. */
function multipart(name, type, bytes) {
  const boundary = `----hostile${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/** Modification times of every file under `dir` except the folders a server may write. */
function tree(dir, skip) {
  const out = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (skip.some((prefix) => relative(dir, path) === prefix || relative(dir, path).startsWith(`${prefix}/`))) continue;
      if (entry.isDirectory()) walk(path);
      else out.set(relative(dir, path), entry.isSymbolicLink() ? 'link' : statSync(path).mtimeMs);
    }
  };
  walk(dir);
  return out;
}

/**
 * Plant hostile files in a site (links out of the project, a `---js` front matter, a YAML alias
 * bomb), start the real server on it, and send `rounds` rounds of hostile requests: chunked bodies
 * over every limit, aborted uploads, deep bodies, a decompression bomb, populate amplification.
 * Counts 5xx, answers carrying the canary (a secret outside the project), crashes (the process
 * gone, or `/_health` failing after a round), code run from content, and files changed outside
 * what the server may write.
 */
export async function hostile({ rounds = 20, writableSite, startServer, freePort, log = console.log }) {
  const root = writableSite();
  const outside = `${root}-outside`;
  mkdirSync(outside);
  const canary = `CANARY-${randomBytes(8).toString('hex')}`;
  writeFileSync(join(outside, 'secret.json'), JSON.stringify({ name: canary }));
  writeFileSync(join(outside, 'secret.txt'), canary);
  const marker = join(outside, 'code-ran');
  symlinkSync(join(outside, 'secret.json'), join(root, 'content/authors/leak.json'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'content/authors/leak.md'));
  symlinkSync(outside, join(root, 'content/outside'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'public/leak.txt'));
  mkdirSync(join(root, 'public/uploads'), { recursive: true });
  symlinkSync(outside, join(root, 'public/uploads/outside'));
  writeFileSync(join(root, 'content/authors/evil.md'),
    `---js\n{ name: (function () { require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); return 'x'; })() }\n---\n`);
  writeFileSync(join(root, 'content/authors/bomb.yaml'),
    ['name: bomb', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 8 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`)].join('\n'));
  // Small upload limits keep the over-limit bodies small enough for many rounds.
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  config.upload = { ...config.upload, requestSizeLimit: 4 * 1024 * 1024, sizeLimit: 3 * 1024 * 1024 };
  config.permissions.public['plugin::upload.content-api'] = ['upload', 'find', 'findOne', 'destroy'];
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config, null, 2));
  const before = tree(root, ['content', 'public/uploads', '.cms', '.git']);
  const outsideBefore = tree(outside, []);

  const port = await freePort();
  const child = await startServer(root, port, { watch: true });
  let exited = false;
  child.on('exit', () => { exited = true; });

  const bomb = multipart('bomb.png', 'image/png', await decompressionBomb(16000, 16000));
  const deep = (depth) => `{"data":{"name":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
  // The issue's 300-byte URL: 10 alternating tags/articles populate levels.
  const populateBomb = `/api/articles?populate${
    Array.from({ length: 10 }, (_, level) => `[${level % 2 ? 'articles' : 'tags'}]`).join('[populate]')}=true`;
  const attacks = [
    { name: 'chunked JSON over 1 MB', expect: [413],
      run: () => send(port, { path: '/api/tags', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          chunks: [Buffer.from('{"data":{"name":"'), ...chunked(1_200_000), Buffer.from('"}}')] }) },
    { name: 'chunked form over 56 KB', expect: [413],
      run: () => send(port, { path: '/api/tags', headers: { 'content-type': 'application/x-www-form-urlencoded',
          'transfer-encoding': 'chunked' }, chunks: [Buffer.from('data[name]='), ...chunked(200_000)] }) },
    { name: 'chunked upload over the request limit', expect: [413], run: () => {
      const { type, body } = multipart('big.bin', 'application/octet-stream', Buffer.alloc(5 * 1024 * 1024, 1));
      return send(port, {
        path: '/api/upload', headers: { 'content-type': type, 'transfer-encoding': 'chunked' },
        chunks: [body.subarray(0, 1 << 20), body.subarray(1 << 20, 3 << 20), body.subarray(3 << 20)],
      });
    } },
    { name: 'aborted upload', expect: ['aborted'], run: () => {
      const { type, body } = multipart('cut.bin', 'application/octet-stream', Buffer.alloc(2 * 1024 * 1024, 2));
      return send(port, {
        path: '/api/upload', headers: { 'content-type': type, 'transfer-encoding': 'chunked' },
        chunks: [body.subarray(0, 1 << 20), body.subarray(1 << 20)], abortAfter: 1,
      });
    } },
    { name: 'aborted JSON body', expect: ['aborted'],
      run: () => send(port, { path: '/api/tags', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          chunks: [Buffer.from('{"data":{"name":"'), Buffer.alloc(10_000, 'b')], abortAfter: 1 }) },
    { name: 'deep JSON body (content API)', expect: [400],
      run: () => send(port, { path: '/api/tags', headers: { 'content-type': 'application/json' }, chunks: [Buffer.from(deep(100_000))] }) },
    { name: 'deep JSON body (register)', expect: [400],
      run: () => send(port, { path: '/api/auth/local/register', headers: { 'content-type': 'application/json' },
          chunks: [Buffer.from(`{"username":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)] }) },
    { name: 'decompression bomb upload', expect: [400, 413, 422],
      run: () => send(port, { path: '/api/upload', headers: { 'content-type': bomb.type }, chunks: [bomb.body] }) },
    { name: 'populate amplification', expect: [400], run: () => send(port, { method: 'GET', path: populateBomb }) },
    ...['/api/authors/leak', '/api/authors/evil', '/api/authors/bomb', '/leak.txt', '/uploads/outside/secret.txt',
      '/api/authors?pagination[pageSize]=100'].map((path) => (
      { name: `read ${path}`, expect: path.includes('pagination') ? [200] : [404], run: () => send(port, { method: 'GET', path }) })),
  ];

  const statuses = {};
  const failures = [];
  const leaks = [];
  let crashes = 0;
  for (let round = 0; round < rounds && !exited; round++) {
    const results = await Promise.all(attacks.map(async (attack) => ({ attack, result: await attack.run() })));
    for (const { attack, result } of results) {
      const outcome = result.aborted ? 'aborted' : result.error ? `error ${result.error}` : result.status;
      statuses[outcome] = (statuses[outcome] ?? 0) + 1;
      if (!attack.expect.includes(outcome)) failures.push({ attack: attack.name, outcome, text: result.text?.slice(0, 160) });
      if (result.text?.includes(canary)) leaks.push(attack.name);
    }
    const health = await send(port, { method: 'GET', path: '/_health' });
    if (health.status !== 204) { crashes++; break; }
  }
  if (exited) crashes++;
  child.kill('SIGKILL');
  const codeRan = existsSync(marker);
  const after = tree(root, ['content', 'public/uploads', '.cms', '.git']);
  const outsideAfter = tree(outside, []);
  const changed = [
    ...[...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)),
    ...[...new Set([...outsideBefore.keys(), ...outsideAfter.keys()])]
      .filter((file) => outsideBefore.get(file) !== outsideAfter.get(file))
      .map((file) => `../outside/${file}`),
  ];
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
  const fiveHundreds = Object.entries(statuses).filter(([status]) => Number(status) >= 500).reduce((sum, [, count]) => sum + count, 0);
  log(`hostile: ${rounds} rounds × ${attacks.length} attacks, outcomes ${JSON.stringify(statuses)}, ${failures.length} unexpected, `
    + `${fiveHundreds} 5xx, ${crashes} crashes, ${leaks.length} leaks, code ran: ${codeRan}, `
    + `${changed.length} files changed outside content/ and uploads`);
  return { failures, fiveHundreds, crashes, leaks, codeRan, changed, statuses };
}
