import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadProvider } from '../../core/media/providers/index.js';
import { commits, initRepo } from '../git-workflow/helpers.js';
import { S3_ENV, s3UploadConfig, startTestS3, type TestS3 } from '../helpers/s3.js';
import { makeImage } from '../media/helpers.js';
import { BROWSER_WAIT } from './browser.js';
import { CHROMIUM, editorSite } from './editor-site.js';

// Issue #42: an upload made in the studio's media library lands in the site's bucket (s3rver here), never in public/uploads.
describe.skipIf(!CHROMIUM)(`the studio uploads into the aws-s3 provider${CHROMIUM ? '' : ' (skipped: no chromium binary found)'}`,
  { timeout: 300_000 }, () => {
    let s3: TestS3;
    let bucket = '';
    beforeAll(async () => {
      s3 = await startTestS3();
      bucket = await s3.bucket();
    }, 120_000);
    afterAll(async () => {
      await s3?.stop();
    });
    // The site's { "env" } secrets: its provider (built once per config, then taken by the server and the media library) is built
    // before the server starts with S3_ENV for its environment, not written into process.env. Nothing process-wide changes, so
    // the file shares its worker's module graph and chromium (vitest.config.ts) instead of a process and a chromium of its own.
    const site = editorSite((root) => {
      const file = join(root, 'cms.config.json');
      const config = JSON.parse(readFileSync(file, 'utf8'));
      config.upload = s3UploadConfig(s3.endpoint, bucket);
      config.git = { ...config.git, commitPerWrite: true }; // each write a commit: the upload's must hold only its entry
      writeFileSync(file, JSON.stringify(config, null, 2));
      initRepo(root);
    }, (cms) => uploadProvider(cms.root, cms.config.upload, S3_ENV));

    it('an image chosen in the media library is stored in the bucket with its formats, its entry alone in content/upload and in Git', async () => {
      const { page } = site;
      const uploadsBefore = readdirSync(join(site.root, 'public/uploads')).sort();
      const entriesBefore = new Set(readdirSync(join(site.root, 'content/upload')));
      await site.openArticle();
      await page.locator('#field-blocks-0-files').click(); // "Add files" of the slider (images only)
      const library = page.getByRole('dialog', { name: 'Media library' });
      const image = await makeImage(800, 600, 'png');
      await library.getByLabel('File to upload').setInputFiles({ name: 'studio-photo.png', mimeType: 'image/png', buffer: image });
      await library.getByRole('button', { name: 'Upload and choose' }).click();
      // New entries only: an atomic write's temp file (`.<id>.json.<n>.tmp`) may be there a moment before its rename.
      const added = () => readdirSync(join(site.root, 'content/upload'))
        .filter((name) => !entriesBefore.has(name) && !name.startsWith('.'));
      await expect.poll(() => added().length, { timeout: BROWSER_WAIT }).toBe(1);
      const [created] = added();
      const entry = site.readJson(`content/upload/${created}`);
      expect(entry.provider).toBe('aws-s3');
      expect(entry.url).toBe(`${s3.endpoint}/${bucket}/${entry.hash}.png`);
      const keys = [entry, ...Object.values<any>(entry.formats)].map((file) => `${file.hash}.png`).sort();
      expect(await s3.keys(bucket)).toEqual(keys);
      expect(readdirSync(join(site.root, 'public/uploads')).sort()).toEqual(uploadsBefore);
      // Never in Git: the upload's commit holds its entry only, and no commit touched public/.
      const entryCommits = () => commits(site.root).filter((commit) => commit.files.includes(`content/upload/${created}`));
      await expect.poll(() => entryCommits().map((commit) => commit.files), { timeout: BROWSER_WAIT }).toEqual([[`content/upload/${created}`]]);
      const later = commits(site.root).slice(0, -1);
      expect(later.flatMap((commit) => commit.files).filter((name) => name.startsWith('public/')), JSON.stringify(later)).toEqual([]);
      expect(site.problems).toEqual([]);
    });
  });
