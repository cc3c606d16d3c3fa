// The server's memory during one 200 MB upload to the aws-s3 provider (s3rver as the endpoint): `npm run bench:s3-rss`.
// The body is produced 64 KB at a time as the server reads it, and the server's RSS (/proc/<pid>/status) is sampled every
// 50 ms from after a 6 MB warm-up upload; a server holding the file in memory would grow by 200 MB. S3_RSS_BYTES sets
// the size (e.g. 19000000 and 200000000: the growth must not depend on it).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const REPO = resolve(import.meta.dirname, '..');
const SIZE = Number(process.env.S3_RSS_BYTES ?? 200_000_000);
const CHUNK = 64 * 1024;
// Two parts (6 MB), so the warm-up takes the multipart path too.
const WARM_UP = Number(process.env.S3_RSS_WARM_UP_BYTES ?? 6 * 1024 * 1024);
const work = mkdtempSync(join(tmpdir(), 'cms-s3-rss-'));
const freePort = () => new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => done(port)); });
});

const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(work, 's3') });
const { port: s3Port } = await s3.run();
const endpoint = `http://127.0.0.1:${s3Port}`;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
await client.send(new CreateBucketCommand({ Bucket: 'media' }));

const site = join(work, 'site');
for (const entry of ['schemas', 'content', 'public', 'cms.config.json']) cpSync(join(REPO, entry), join(site, entry), { recursive: true });
const config = JSON.parse(readFileSync(join(site, 'cms.config.json'), 'utf8'));
config.permissions.public['plugin::upload.file'] = ['upload'];
config.upload = {
  provider: 'aws-s3',
  providerOptions: { s3Options: { credentials: { accessKeyId: { env: 'S3_KEY' }, secretAccessKey: { env: 'S3_SECRET' } },
    region: 'us-east-1', endpoint, forcePathStyle: true, params: { Bucket: 'media' } } },
};
writeFileSync(join(site, 'cms.config.json'), JSON.stringify(config, null, 2));

const port = await freePort();
const serveArgs = ['serve', '--root', site, '--port', String(port), '--host', '127.0.0.1', '--no-watch'];
const server = spawn(process.execPath, [join(REPO, 'dist/cli/bin.js'), ...serveArgs],
  { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, S3_KEY: 'S3RVER', S3_SECRET: 'S3RVER' } });
let log = '';
await new Promise((ready, fail) => {
  server.stderr.on('data', (chunk) => { log += chunk; if (log.includes('Serving ')) ready(); });
  server.once('exit', (code) => fail(new Error(`cms serve exited ${code}: ${log}`)));
});
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) * 1024;
const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** One multipart upload of `size` bytes, produced 64 KB at a time as the server reads it. */
async function upload(size) {
  const boundary = 'cms-rss-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.bin"\r\n`
    + 'Content-Type: application/octet-stream\r\n\r\n');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let started = false;
  const body = new ReadableStream({
    pull(controller) {
      if (!started) { started = true; return controller.enqueue(new Uint8Array(head)); }
      if (sent >= size) { controller.enqueue(new Uint8Array(tail)); return controller.close(); }
      const length = Math.min(CHUNK, size - sent);
      sent += length;
      controller.enqueue(new Uint8Array(Buffer.alloc(length, sent % 251)));
    },
  }, { highWaterMark: 0 });
  const answer = await fetch(`http://127.0.0.1:${port}/api/upload`, {
    method: 'POST', body, duplex: 'half', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { answer, entry: (await answer.json())[0] };
}

// A first small upload loads what every upload needs once (the upload route, sharp's probe, the SDK's clients): the
// figure is what one more upload costs, which is what must not grow with the file.
const warm = await upload(WARM_UP);
if (warm.answer.status !== 201) throw new Error(`warm-up upload answered ${warm.answer.status}`);
const baseline = rss();
let peak = baseline;
const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 50);
const started_at = performance.now();
const { answer, entry } = await upload(SIZE);
const seconds = (performance.now() - started_at) / 1000;
clearInterval(sampler);
peak = Math.max(peak, rss());
const object = await client.send(new HeadObjectCommand({ Bucket: 'media', Key: `${entry.hash}${entry.ext}` }));
console.log(JSON.stringify({
  status: answer.status, uploadedMB: MB(SIZE), objectMB: MB(object.ContentLength), seconds: seconds.toFixed(1),
  rssBaselineMB: MB(baseline), rssPeakMB: MB(peak), rssGrowthMB: MB(peak - baseline), url: entry.url,
}));
server.kill('SIGTERM');
await new Promise((done) => server.once('exit', done));
client.destroy();
await s3.close();
rmSync(work, { recursive: true, force: true });
if (answer.status !== 201 || object.ContentLength !== SIZE) process.exit(1);
