import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { onRealPort } from '../helpers/project.js';
import { makeImage, mediaSite, uploadForm } from './helpers.js';

/**
 * Issue 28, finding 6: a 200-byte SVG declaring 7000×7000 with a large blur filter was rasterised
 * (the faulty-image check decodes every pixel) for 10+ minutes and 1.6 GB, and every later image
 * upload waited for it. An SVG is never rasterised: it is stored as sent with the dimensions its
 * header declares and no formats (Strapi makes formats only of raster images). Asked on 2026-11-25, Strapi 5.54
 * (../shared/strapi-reference) answers a 40×30 SVG upload with `width: 40, height: 30, formats: null, size: 0.11,
 * mime: image/svg+xml`, as this server does. Over a real socket;
 * without the fix the first upload does not answer within the test's time.
 */

const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter>'
  + '<rect width="7000" height="7000" fill="red" filter="url(#b)"/></svg>';

let server: Awaited<ReturnType<typeof onRealPort>>;
let base: string;
let root: string;
beforeAll(async () => {
  root = mediaSite();
  const cms = await createCms({ root, watch: false, report: () => {} });
  server = await onRealPort(cms);
  base = server.url;
});
afterAll(() => server.close());

const upload = async (name: string, data: Buffer | string, type: string) => {
  const response = await fetch(`${base}/api/upload`, { method: 'POST', body: uploadForm([{ name, data, type }]) });
  return { status: response.status, body: await response.json() };
};

it('stores an SVG as sent, with its declared size and no formats, without rasterising it', async () => {
  const { status, body } = await upload('blur.svg', HOSTILE_SVG, 'image/svg+xml');
  expect(status).toBe(201);
  expect(body[0]).toMatchObject({ name: 'blur.svg', ext: '.svg', mime: 'image/svg+xml', width: 7000, height: 7000, formats: null });
  expect(readFileSync(join(root, 'public', body[0].url), 'utf8')).toBe(HOSTILE_SVG);
});

it('keeps making formats of the raster images uploaded after it', async () => {
  const { status, body } = await upload('after.png', await makeImage(800, 600, 'png'), 'image/png');
  expect(status).toBe(201);
  expect(Object.keys(body[0].formats).sort()).toEqual(['medium', 'small', 'thumbnail']);
});
