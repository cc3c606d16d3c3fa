import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCms } from '../cli/built-cli.js';
import { commits, git, initRepo } from '../git-workflow/helpers.js';
import { S3_ENV, s3UploadConfig, startTestS3, type TestS3 } from '../helpers/s3.js';
import { serveSite } from '../write/served-site.js';
import { mediaSite } from './helpers.js';

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); });
afterAll(async () => { await s3?.stop(); });

/** A git-tracked copy of the sample site whose uploads go to a new bucket of the local endpoint. */
async function s3Site() {
  const bucket = await s3.bucket();
  const root = mediaSite({ upload: s3UploadConfig(s3.endpoint, bucket) });
  initRepo(root);
  return { root, bucket };
}

/** The sample site's image with a format: its original is copied before the format, so a missing format fails mid-move. */
const FORMAT = 'thumbnail_pizza_margherita_ad0fb71956.png';
const move = (root: string, to: string) => runCms(['media', 'move', '--to', to, '--root', root], { env: S3_ENV });
const lines = (text: string) => text.trim().split('\n');

describe('cms media move: never under a running server, never half done', () => {
  it('refuses with one line and a non-zero exit while cms serve runs on the site, changing nothing; moves once it stopped', async () => {
    const { root, bucket } = await s3Site();
    const site = await serveSite(root, [], S3_ENV);
    let stopped = false;
    try {
      const refused = await move(root, 'aws-s3');
      expect(refused.code).not.toBe(0);
      expect(lines(refused.stderr)).toHaveLength(1);
      expect(refused.stderr).toMatch(new RegExp(`cms serve \\(pid ${site.child.pid}, http://127\\.0\\.0\\.1:\\d+/?\\) is serving `));
      expect(refused.stderr).toContain('stop it, then run cms media move again');
      expect(git(root, 'status', '--porcelain')).toBe('');
      expect(await s3.keys(bucket)).toEqual([]);
      await site.stop();
      stopped = true;
      // The stopped server took its mark with it: the move runs.
      const moved = await move(root, 'aws-s3');
      expect(moved.code, moved.stderr).toBe(0);
      expect(commits(root)).toHaveLength(2);
    } finally {
      if (!stopped) await site.stop();
    }
  }, 180_000);

  it('a server killed without stopping (SIGKILL) does not block a move: its stale mark is seen as dead', async () => {
    const { root } = await s3Site();
    const site = await serveSite(root, [], S3_ENV);
    const exited = new Promise((done) => site.child.once('exit', done));
    site.child.kill('SIGKILL');
    await exited;
    const moved = await move(root, 'aws-s3');
    expect(moved.code, moved.stderr).toBe(0);
    expect(readdirSync(join(root, '.cms', 'serving'))).toEqual([]);
  }, 180_000);

  it('into the bucket: a binary missing midway stops it with one line; entries, public/uploads and the bucket are as before', async () => {
    const { root, bucket } = await s3Site();
    rmSync(join(root, 'public', 'uploads', FORMAT));
    const failed = await move(root, 'aws-s3');
    expect(failed.code).not.toBe(0);
    const last = lines(failed.stderr).at(-1)!;
    expect(last).toMatch(/^cms: cms media move stopped at .+: .*; nothing was moved \(entries and binaries are as before\)$/);
    // Only the file this test removed differs; no object the move copied before failing is left in the bucket.
    expect(git(root, 'status', '--porcelain')).toBe(`D public/uploads/${FORMAT}`);
    expect(await s3.keys(bucket)).toEqual([]);
    expect(commits(root)).toHaveLength(1);
  }, 180_000);

  it('back to local: an object missing midway stops it; entries still name the bucket, public/uploads gains nothing', async () => {
    const { root, bucket } = await s3Site();
    expect((await move(root, 'aws-s3')).code).toBe(0);
    await s3.remove(bucket, FORMAT);
    const keys = await s3.keys(bucket);
    const failed = await move(root, 'local');
    expect(failed.code).not.toBe(0);
    expect(lines(failed.stderr).at(-1)).toMatch(/^cms: cms media move stopped at .+; nothing was moved/);
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(readdirSync(join(root, 'public', 'uploads'))).toEqual([]);
    expect(await s3.keys(bucket)).toEqual(keys);
    expect(commits(root)).toHaveLength(2);
  }, 180_000);
});
