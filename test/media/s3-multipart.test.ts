import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ClientS3 from '@aws-sdk/client-s3';
import { MIN_PART_SIZE, partSizeFor, uploadFileInParts } from '../../core/media/providers/s3-multipart.js';
import { initRepo } from '../git-workflow/helpers.js';
import { S3_ENV, s3UploadConfig, startTestS3, type TestS3 } from '../helpers/s3.js';
import { serveSite } from '../write/served-site.js';
import { mediaSite, uploadForm } from './helpers.js';

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); });
afterAll(async () => { await s3?.stop(); });

describe('aws-s3 uploads over one part: parts read by offset from the temp file, memory bounded by the part buffers', () => {
  it('a 12 MB upload (three parts) through the real server lands byte for byte at its key', async () => {
    const bucket = await s3.bucket();
    const root = mediaSite({ upload: s3UploadConfig(s3.endpoint, bucket) });
    initRepo(root);
    const site = await serveSite(root, [], S3_ENV);
    try {
      const data = randomBytes(12 * 1024 * 1024);
      const answer = await fetch(`${site.base}/api/upload`, {
        method: 'POST', body: uploadForm([{ name: 'big.bin', data, type: 'application/octet-stream' }]),
      });
      expect(answer.status).toBe(201);
      const [entry] = await answer.json() as any[];
      const key = `${entry.hash}${entry.ext}`;
      expect(entry.url).toBe(`${s3.endpoint}/${bucket}/${key}`);
      expect((await s3.bytes(bucket, key))!.equals(data)).toBe(true);
    } finally {
      await site.stop();
    }
  }, 180_000);

  it('a file that is shorter than announced fails the upload, which is aborted: no object is left', async () => {
    const bucket = await s3.bucket();
    const path = join(mkdtempSync(join(tmpdir(), 'cms-parts-')), 'short.bin');
    writeFileSync(path, randomBytes(MIN_PART_SIZE + 1000));
    const params = { Bucket: bucket, Key: 'short.bin', ContentType: 'application/octet-stream' };
    const failed = uploadFileInParts({ s3: ClientS3, client: s3.client, params, path, size: 3 * MIN_PART_SIZE });
    await expect(failed).rejects.toThrow(/short\.bin changed while it was uploaded/);
    expect(await s3.keys(bucket)).toEqual([]);
  });

  it('parts are 5 MB at least, or larger when 10,000 would not hold the file', () => {
    expect(partSizeFor(12 * 1024 * 1024)).toBe(MIN_PART_SIZE);
    expect(partSizeFor(12 * 1024 * 1024, 1024)).toBe(MIN_PART_SIZE);
    expect(partSizeFor(12 * 1024 * 1024, 8 * 1024 * 1024)).toBe(8 * 1024 * 1024);
    expect(partSizeFor(100_000 * MIN_PART_SIZE)).toBe(10 * MIN_PART_SIZE);
  });
});
