import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blankPng, makeImage, mediaServer, mediaSite, scratchFiles, uploadForm } from './helpers.js';

const entries = (root: string): string[] => readdirSync(join(root, 'content', 'upload')).sort();

describe('upload.maxPixels (image decompression bombs)', () => {
  it('rejects a 16000×16000 PNG of a few KB with 400 ValidationError from its header, storing nothing', async () => {
    const server = await mediaServer();
    const bomb = blankPng(16000, 16000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const uploads = server.uploads();
    const documents = entries(server.root);
    const { status, body } = await server.upload(uploadForm([{ name: 'bomb.png', data: bomb, type: 'image/png' }]));
    expect(status).toBe(400);
    expect(body).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'bomb.png is 16000×16000 pixels (256 Mpx), over the limit of 50 Mpx',
        details: { width: 16000, height: 16000, maxPixels: 50_000_000 } },
    });
    expect(server.uploads()).toEqual(uploads);
    expect(entries(server.root)).toEqual(documents);
    expect(scratchFiles(server.root)).toEqual([]);
  });

  it('rejects the whole request when one of several files is over the limit, keeping none of them', async () => {
    const server = await mediaServer(mediaSite({ upload: { maxPixels: 1_000_000 } }));
    const uploads = server.uploads();
    const form = uploadForm([
      { name: 'fine.png', data: await makeImage(400, 300, 'png'), type: 'image/png' },
      { name: 'wide.png', data: blankPng(2000, 600), type: 'image/png' },
    ]);
    const { status, body } = await server.upload(form);
    expect(status).toBe(400);
    expect(body.error.message).toBe('wide.png is 2000×600 pixels (1.2 Mpx), over the limit of 1 Mpx');
    expect(server.uploads()).toEqual(uploads);
    expect(scratchFiles(server.root)).toEqual([]);
  });

  it('rejects a replacement over the limit, keeping the old file', async () => {
    const server = await mediaServer(mediaSite({ upload: { maxPixels: 1_000_000 } }));
    const [file] = (await server.upload(uploadForm([{ name: 'small.png', data: await makeImage(300, 200, 'png'),
      type: 'image/png' }]))).body;
    const { status } = await server.upload(uploadForm([{ name: 'big.png', data: blankPng(1500, 1500), type: 'image/png' }]),
      `?id=${file.id}`);
    expect(status).toBe(400);
    expect((await server.getJson(`/api/upload/files/${file.id}`)).body).toMatchObject({ width: 300, height: 200, name: 'small.png' });
    expect(server.stored(`${file.hash}.png`)).toBe(true);
    expect(scratchFiles(server.root)).toEqual([]);
  });

  it('accepts an image over a low limit once the config raises it', async () => {
    const image = await makeImage(1200, 900, 'jpeg');
    const low = await mediaServer(mediaSite({ upload: { maxPixels: 1_000_000 } }));
    expect((await low.upload(uploadForm([{ name: 'photo.jpg', data: image, type: 'image/jpeg' }]))).status).toBe(400);
    const raised = await mediaServer(mediaSite({ upload: { maxPixels: 2_000_000 } }));
    const { status, body } = await raised.upload(uploadForm([{ name: 'photo.jpg', data: image, type: 'image/jpeg' }]));
    expect(status).toBe(201);
    expect(body[0]).toMatchObject({ width: 1200, height: 900 });
    expect(Object.keys(body[0].formats)).toEqual(['thumbnail', 'large', 'medium', 'small']);
    expect(scratchFiles(raised.root)).toEqual([]);
  });

  it('leaves non-images alone whatever their size', async () => {
    const server = await mediaServer(mediaSite({ upload: { maxPixels: 1 } }));
    expect((await server.upload(uploadForm([{ name: 'notes.txt', data: 'x'.repeat(5000), type: 'text/plain' }]))).status).toBe(201);
  });

  it.each([0, -5, 1.5, '50000000'])('rejects upload.maxPixels %j naming the key', async (maxPixels) => {
    await expect(mediaServer(mediaSite({ upload: { maxPixels } }))).rejects.toThrow(/upload\.maxPixels must be a positive integer/);
  });
});
