import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeImage, mediaServer, mediaSite, uploadForm, type MediaServer } from './helpers.js';

let server: MediaServer;
beforeAll(async () => {
  server = await mediaServer();
});

const FORMAT_KEYS = ['name', 'hash', 'ext', 'mime', 'path', 'width', 'height', 'size', 'sizeInBytes', 'url'];
const dimensions = (formats: Record<string, any>) => Object.fromEntries(
  Object.entries(formats).map(([key, format]) => [key, [format.width, format.height]]),
);

describe('image formats (sharp)', () => {
  it('makes thumbnail, large, medium and small for a 1200×800 PNG', async () => {
    const { status, body } = await server.upload(uploadForm([{ name: 'landscape.png', data: await makeImage(1200, 800, 'png'),
      type: 'image/png' }]));
    expect(status).toBe(201);
    const [file] = body;
    expect([file.width, file.height]).toEqual([1200, 800]);
    expect(Object.keys(file.formats)).toEqual(['thumbnail', 'large', 'medium', 'small']);
    expect(dimensions(file.formats)).toEqual({ thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] });
    const thumbnail = file.formats.thumbnail;
    expect(Object.keys(thumbnail)).toEqual(FORMAT_KEYS);
    expect(thumbnail).toMatchObject({ name: 'thumbnail_landscape.png', hash: `thumbnail_${file.hash}`, ext: '.png', mime: 'image/png',
      path: null, url: `/uploads/thumbnail_${file.hash}.png` });
    for (const format of Object.values<any>(file.formats)) {
      const stored = readFileSync(join(server.root, 'public', format.url));
      expect(stored.length).toBe(format.sizeInBytes);
      expect(format.size).toBe(Math.round((format.sizeInBytes / 1000) * 100) / 100);
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', format.width, format.height]);
    }
  });

  it('stores the quality-80 re-encoding even when it is larger, as Strapi 5.54 does (recorded: upload.post.wide.png)', async () => {
    const png = readFileSync(join(import.meta.dirname, '..', 'conformance', 'assets', 'wide.png'));
    const [file] = (await server.upload(uploadForm([{ name: 'wide.png', data: png, type: 'image/png' }]))).body;
    const stored = readFileSync(join(server.root, 'public', file.url));
    expect(stored.length).toBeGreaterThan(png.length);
    expect(file.size).toBe(Math.round((stored.length / 1000) * 100) / 100);
  });

  it('makes the formats of a 2000×1000 JPEG (fit inside, aspect kept)', async () => {
    const { body } = await server.upload(uploadForm([{ name: 'Wide Shot.JPG', data: await makeImage(2000, 1000, 'jpeg'),
      type: 'image/jpeg' }]));
    const [file] = body;
    expect(file).toMatchObject({ width: 2000, height: 1000, ext: '.JPG', mime: 'image/jpeg' });
    expect(file.hash).toMatch(/^Wide_Shot_[0-9a-f]{10}$/);
    expect(dimensions(file.formats)).toEqual({ thumbnail: [245, 123], large: [1000, 500], medium: [750, 375], small: [500, 250] });
    const meta = await sharp(readFileSync(join(server.root, 'public', file.formats.small.url))).metadata();
    expect(meta.format).toBe('jpeg');
  });

  it('makes only a thumbnail when the image is under every breakpoint', async () => {
    const { body } = await server.upload(uploadForm([{ name: 'portrait.png', data: await makeImage(300, 450, 'png'), type: 'image/png' }]));
    expect(dimensions(body[0].formats)).toEqual({ thumbnail: [104, 156] });
  });

  it('makes a breakpoint when only the height is larger', async () => {
    const { body } = await server.upload(uploadForm([{ name: 'tall.jpg', data: await makeImage(400, 600, 'jpeg'), type: 'image/jpeg' }]));
    expect(dimensions(body[0].formats)).toEqual({ thumbnail: [104, 156], small: [333, 500] });
  });

  it('stores the size in KB with two decimals (and the bytes on disk)', async () => {
    const { body } = await server.upload(uploadForm([{ name: 'photo.jpg', data: await makeImage(800, 600, 'jpeg'), type: 'image/jpeg' }]));
    const bytes = readFileSync(join(server.root, 'public', body[0].url)).length;
    expect(body[0].size).toBe(Math.round((bytes / 1000) * 100) / 100);
  });

  it('serves the stored files at /uploads/… with their content type and long caching', async () => {
    const { body } = await server.upload(uploadForm([{ name: 'served.png', data: await makeImage(300, 200, 'png'), type: 'image/png' }]));
    const response = await server.request(body[0].formats.thumbnail.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it('follows configured breakpoints', async () => {
    const custom = await mediaServer(mediaSite({ upload: { breakpoints: { xlarge: 1600, tiny: 100 } } }));
    const { body } = await custom.upload(uploadForm([{ name: 'big.jpg', data: await makeImage(1200, 900, 'jpeg'), type: 'image/jpeg' }]));
    expect(dimensions(body[0].formats)).toEqual({ thumbnail: [208, 156], tiny: [100, 75] });
  });

  it('makes no breakpoints with responsiveDimensions off (thumbnail only)', async () => {
    const plain = await mediaServer(mediaSite({ upload: { responsiveDimensions: false } }));
    const { body } = await plain.upload(uploadForm([{ name: 'big.png', data: await makeImage(1200, 800, 'png'), type: 'image/png' }]));
    expect(Object.keys(body[0].formats)).toEqual(['thumbnail']);
  });
});
