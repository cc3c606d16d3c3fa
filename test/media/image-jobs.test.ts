import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ImageTimeoutError } from '../../core/media/errors.js';
import { createImageJobs } from '../../core/media/image-jobs.js';
import { tempDir } from '../studio/git-site.js';
import { makeImage } from './helpers.js';

/**
 * Issue 28, finding 6: an image operation had no time limit, and the one image slot made every later
 * upload wait for it. Operations run in a worker process that is killed past the limit (here 1.5 s: the
 * limit counts from the worker's ready message, so a loaded machine's slow start does not eat it, and the
 * small resize queued beside the SVG needs a fraction of it); the next job gets a fresh worker. The slow
 * file: an SVG rasterised whole (minutes of work for libvips, which sharp's own `timeout` cannot interrupt).
 */
it('kills an image job past its time limit and runs the next job in a fresh worker', async () => {
  const dir = tempDir('cms-image-jobs-');
  const slow = join(dir, 'blur.svg');
  writeFileSync(slow, '<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter>'
    + '<rect width="7000" height="7000" fill="red" filter="url(#b)"/></svg>');
  const good = join(dir, 'good.png');
  writeFileSync(good, await makeImage(400, 300, 'png'));
  const jobs = createImageJobs({ seconds: 1.5 });
  const stuck = jobs.run('isFaultyImage', [slow, 50_000_000]);
  // Queued behind the slow job: it must not wait for the slow job's work to end, only for its limit.
  const next = jobs.run('resizeInside', [{ path: good, format: 'png' }, { width: 100, height: 100 }, 50_000_000, join(dir, 'small')]);
  await expect(stuck).rejects.toBeInstanceOf(ImageTimeoutError);
  await expect(next).resolves.toMatchObject({ width: 100, height: 75 });
  await expect(jobs.run('isFaultyImage', [good, 50_000_000])).resolves.toBe(false);
});

/**
 * Issue 35, item 7: four uploads declaring 49 Mpx held the one image slot and a small upload waited behind all of
 * them. Work is admitted by pixel cost with a share per caller: while one caller's job runs for as long as it
 * takes (here an SVG rendered whole, which takes minutes), another caller's small image is resized and answered.
 */
it('answers another caller\'s small image while one caller\'s long job is still running', async () => {
  const dir = tempDir('cms-image-share-');
  const slow = join(dir, 'blur.svg');
  writeFileSync(slow, '<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter>'
    + '<rect width="7000" height="7000" fill="red" filter="url(#b)"/></svg>');
  const good = join(dir, 'good.png');
  writeFileSync(good, await makeImage(400, 300, 'png'));
  const jobs = createImageJobs({ seconds: 120 });
  let bigSettled = false;
  const big = [1, 2].map(() => jobs.run('isFaultyImage', [slow, 50_000_000], { caller: 'user:1', pixels: 49_000_000 }));
  for (const job of big) job.then(() => { bigSettled = true; }, () => { bigSettled = true; });
  const small = jobs.run('resizeInside', [{ path: good, format: 'png' }, { width: 100, height: 100 }, 50_000_000, join(dir, 'small')],
    { caller: 'user:2', pixels: 400 * 300 });
  await expect(small).resolves.toMatchObject({ width: 100, height: 75 });
  expect(bigSettled).toBe(false);
  jobs.close();
  await expect(big[0]).rejects.toThrow(/image worker stopped/);
}, 120_000);
