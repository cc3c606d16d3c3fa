import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { onRealPort } from '../helpers/project.js';
import { makeImage, mediaSite, uploadForm } from './helpers.js';

let server: Awaited<ReturnType<typeof onRealPort>>;
let base: string;
beforeAll(async () => {
  const cms = await createCms({ root: mediaSite({ upload: { requestSizeLimit: 100_000 } }) });
  server = await onRealPort(cms);
  base = server.url;
});
afterAll(() => server.close());

it('uploads over a real socket (Node request → web Request → multipart)', async () => {
  const form = uploadForm([{ name: 'socket.png', data: await makeImage(400, 300, 'png'), type: 'image/png' }],
    { fileInfo: '{"caption":"over TCP"}' });
  const response = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  const [file] = await response.json();
  expect(file).toMatchObject({ name: 'socket.png', caption: 'over TCP', width: 400, height: 300 });
  const served = await fetch(`${base}${file.url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
});

it('answers 413 FileTooBig for a body over the request limit', async () => {
  const response = await fetch(`${base}/api/upload`,
    { method: 'POST', body: uploadForm([{ name: 'big.bin', data: Buffer.alloc(300_000, 3) }]) });
  expect(response.status).toBe(413);
  expect((await response.json()).error.message).toBe('FileTooBig');
});
