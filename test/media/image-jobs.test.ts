import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ImageTimeoutError } from '../../core/media/errors.js';
import { createImageJobs } from '../../core/media/image-jobs.js';
import { tempDir } from '../studio/git-site.js';
import { makeImage } from './helpers.js';

/**
 * Issue 28, finding 6: an image operation had no time limit, and the one image slot made every later
 * upload wait for it. Operations run in a worker process that is killed past the limit (here 3 s); the
 * next job gets a fresh worker. The slow file: an SVG rasterised whole (minutes of work for libvips,
 * which sharp's own `timeout` cannot interrupt).
 */
it('kills an image job past its time limit and runs the next job in a fresh worker', async () => {
  const dir = tempDir('cms-image-jobs-');
  const slow = join(dir, 'blur.svg');
  writeFileSync(slow, '<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter>'
    + '<rect width="7000" height="7000" fill="red" filter="url(#b)"/></svg>');
  const good = join(dir, 'good.png');
  writeFileSync(good, await makeImage(400, 300, 'png'));
  const jobs = createImageJobs({ seconds: 3 });
  const stuck = jobs.run('isFaultyImage', [slow, 50_000_000]);
  // Queued behind the slow job: it must not wait for the slow job's work to end, only for its limit.
  const next = jobs.run('resizeInside', [{ path: good, format: 'png' }, { width: 100, height: 100 }, 50_000_000, join(dir, 'small')]);
  await expect(stuck).rejects.toBeInstanceOf(ImageTimeoutError);
  await expect(next).resolves.toMatchObject({ width: 100, height: 75 });
  await expect(jobs.run('isFaultyImage', [good, 50_000_000])).resolves.toBe(false);
}, 60_000);
