import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { runCms } from '../cli/built-cli.js';
import { hostileStrapi } from '../helpers/hostile-strapi.js';
import { commits, git, initRepo } from '../git-workflow/helpers.js';
import { S3_ENV, startTestS3, type TestS3 } from '../helpers/s3.js';
import { serveSite } from '../write/served-site.js';
import { mediaSite, uploadForm } from './helpers.js';
import { postUpload, s3Site } from './s3-site.js';

/**
 * Media moved between the site's Git and an S3 bucket (`cms media move`, both ways, interrupted and resumed), and a Strapi
 * project on S3 brought over: its aws-s3 configuration (`cms init --from-strapi`) and its media (`cms import`). The provider
 * itself, serving and storing uploads: test/media/s3-provider.test.ts.
 */
// vitest: isolate — in a shared worker (the `processes` project), `cms import`'s first request to the mock Strapi this file
// serves was closed unanswered in 3 runs (29 Nov, load 18-30); in a process of its own it passed, as it did before
// the split: not understood yet, so kept as it was run.

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); });
afterAll(async () => { await s3?.stop(); });

describe('cms media move', () => {
  it('round-trips the sample site\'s media: into the bucket and out of Git in one commit, then back byte for byte', async () => {
    const { root, bucket } = await s3Site(s3);
    const before = git(root, 'rev-parse', 'HEAD');
    const committed = git(root, 'ls-files', 'public/uploads').split('\n').filter(Boolean);
    expect(committed.length).toBeGreaterThan(0);

    const there = await runCms(['media', 'move', '--to', 'aws-s3', '--root', root], { env: S3_ENV });
    expect(there.code, there.stderr).toBe(0);
    expect(commits(root).length).toBe(2);
    expect(git(root, 'ls-files', 'public/uploads')).toBe('');
    expect(await s3.keys(bucket)).toEqual(committed.map((path) => path.slice('public/uploads/'.length)).sort());
    const moved = commits(root)[0].files;
    expect(moved.filter((file) => file.startsWith('public/uploads/')).sort()).toEqual(committed.sort());
    for (const file of moved.filter((path) => path.startsWith('content/upload/'))) {
      const entry = JSON.parse(readFileSync(join(root, file), 'utf8'));
      expect(entry.provider).toBe('aws-s3');
      expect(entry.url).toBe(`${s3.endpoint}/${bucket}/${entry.hash}${entry.ext}`);
    }
    // The served API answers the bucket's URLs, and they read the same bytes as were committed.
    const site = await serveSite(root, [], S3_ENV);
    try {
      const files = (await site.send('GET', '/api/upload/files')).body;
      for (const file of files) {
        const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer());
        const original = execFileSync('git', ['cat-file', 'blob', `${before}:public/uploads/${file.hash}${file.ext}`], { cwd: root });
        expect(bytes.equals(original)).toBe(true);
      }
    } finally {
      await site.stop();
    }

    const back = await runCms(['media', 'move', '--to', 'local', '--root', root], { env: S3_ENV });
    expect(back.code, back.stderr).toBe(0);
    expect(commits(root).length).toBe(3);
    expect(git(root, 'diff', '--stat', before, 'HEAD', '--', 'content', 'public')).toBe('');
    expect(await s3.keys(bucket)).toEqual([]);
  }, 180_000);

  it('--no-git-commit --to local keeps the bucket objects and says so; a committing re-run finishes the uncommitted move', async () => {
    const { root, bucket } = await s3Site(s3);
    const before = git(root, 'rev-parse', 'HEAD');
    expect((await runCms(['media', 'move', '--to', 'aws-s3', '--root', root], { env: S3_ENV })).code).toBe(0);
    const keys = await s3.keys(bucket);
    expect(keys.length).toBeGreaterThan(0);
    const loose = await runCms(['media', 'move', '--to', 'local', '--no-git-commit', '--root', root], { env: S3_ENV });
    expect(loose.code, loose.stderr).toBe(0);
    expect(loose.stderr).toContain(`${keys.length} object(s) kept in the bucket (nothing was committed)`);
    expect(await s3.keys(bucket)).toEqual(keys);
    expect(commits(root).length).toBe(2);
    // The entries now say local but are uncommitted (as after an interrupted run): running again commits them, then empties the bucket.
    const again = await runCms(['media', 'move', '--to', 'local', '--root', root], { env: S3_ENV });
    expect(again.code, again.stderr).toBe(0);
    expect(commits(root).length).toBe(3);
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(git(root, 'diff', '--stat', before, 'HEAD', '--', 'content', 'public')).toBe('');
    expect(await s3.keys(bucket)).toEqual([]);
  }, 180_000);

  it('refuses without an aws-s3 configuration, naming what is missing, and changes nothing', async () => {
    const root = mediaSite();
    initRepo(root);
    const run = await runCms(['media', 'move', '--to', 'aws-s3', '--root', root]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/cms media move needs upload\.provider "aws-s3"/);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});

describe('a migrated Strapi project\'s aws-s3 configuration', () => {
  it('cms init --from-strapi carries config/plugins.js\'s upload block (env() kept as { "env" }), and it works unchanged', async () => {
    const bucket = await s3.bucket();
    const strapi = mkdtempSync(join(tmpdir(), 'cms-strapi-s3-'));
    mkdirSync(join(strapi, 'config'));
    mkdirSync(join(strapi, 'src/api/note/content-types/note'), { recursive: true });
    writeFileSync(join(strapi, 'src/api/note/content-types/note/schema.json'), JSON.stringify({
      kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
      attributes: { title: { type: 'string' }, cover: { type: 'media', allowedTypes: ['images'] } },
    }));
    // As @strapi/provider-upload-aws-s3's README configures it.
    writeFileSync(join(strapi, 'config/plugins.js'), `module.exports = ({ env }) => ({
  upload: {
    config: {
      provider: 'aws-s3',
      providerOptions: {
        baseUrl: env('CDN_URL'),
        rootPath: env('CDN_ROOT_PATH'),
        s3Options: {
          credentials: { accessKeyId: env('AWS_ACCESS_KEY_ID'), secretAccessKey: env('AWS_ACCESS_SECRET') },
          region: env('AWS_REGION'),
          endpoint: env('S3_ENDPOINT'),
          forcePathStyle: true,
          params: { ACL: env('AWS_ACL', 'public-read'), signedUrlExpires: env('AWS_SIGNED_URL_EXPIRES', 15 * 60), Bucket: env('AWS_BUCKET') },
        },
      },
      actionOptions: { upload: {}, uploadStream: {}, delete: {} },
    },
  },
});
`);
    const site = join(mkdtempSync(join(tmpdir(), 'cms-migrated-')), 'site');
    const init = await runCms(['init', site, '--from-strapi', strapi, '--dependency', '^0.1.0'], {
      env: { AWS_ACCESS_KEY_ID: 'must-not-be-written' },
    });
    expect(init.code, init.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(site, 'cms.config.json'), 'utf8'));
    expect(config.upload.provider).toBe('aws-s3');
    expect(config.upload.providerOptions.s3Options.credentials).toEqual({
      accessKeyId: { env: 'AWS_ACCESS_KEY_ID', default: null }, secretAccessKey: { env: 'AWS_ACCESS_SECRET', default: null },
    });
    expect(readFileSync(join(site, 'cms.config.json'), 'utf8')).not.toContain('must-not-be-written');
    config.permissions.public['plugin::upload.file'] = ['upload'];
    writeFileSync(join(site, 'cms.config.json'), JSON.stringify(config, null, 2));
    const env = {
      AWS_ACCESS_KEY_ID: 'S3RVER', AWS_ACCESS_SECRET: 'S3RVER', AWS_REGION: 'us-east-1', S3_ENDPOINT: s3.endpoint, AWS_BUCKET: bucket,
    };
    const served = await serveSite(site, [], env);
    try {
      const [entry] = (await postUpload(served.base, uploadForm([{ name: 'a.txt', data: 'migrated', type: 'text/plain' }]))).body;
      expect(entry.url).toBe(`${s3.endpoint}/${bucket}/${entry.hash}.txt`);
      expect(String(await s3.bytes(bucket, `${entry.hash}.txt`))).toBe('migrated');
    } finally {
      await served.stop();
    }
  }, 180_000);
});

describe('cms import from a Strapi whose media are on S3', () => {
  it('keeps the bucket URLs by default (signatures dropped), and --media copy brings the objects into this site\'s provider', async () => {
    const source = await s3.bucket();
    const put = (key: string, body: string) => s3.client.send(new PutObjectCommand({ Bucket: source, Key: key, Body: body }));
    await put('uploads/hero_abc.png', 'the original');
    await put('uploads/thumbnail_hero_abc.png', 'the thumbnail');
    const at = (key: string) => `${s3.endpoint}/${source}/uploads/${key}`;
    // As a private bucket's Strapi answers them: presigned GET URLs.
    const sign = (key: string) => getSignedUrl(s3.client, new GetObjectCommand({ Bucket: source, Key: `uploads/${key}` }), { expiresIn: 900 });
    const [original, thumbnail] = [await sign('hero_abc.png'), await sign('thumbnail_hero_abc.png')];
    expect(original).toContain('X-Amz-Signature=');
    const time = '2025-03-01T10:00:00.000Z';
    const entry = {
      id: 7, documentId: 'qpl0x1m2n3b4v5c6x7z8a9s0', name: 'hero.png', alternativeText: null, caption: null, focalPoint: null,
      width: 800, height: 600, hash: 'hero_abc', ext: '.png', mime: 'image/png', size: 0.01, url: original,
      previewUrl: null, provider: 'aws-s3', provider_metadata: null, isUrlSigned: true,
      formats: { thumbnail: { name: 'thumbnail_hero.png', hash: 'thumbnail_hero_abc', ext: '.png', mime: 'image/png', path: null,
        width: 245, height: 184, size: 0.01, sizeInBytes: 13, url: thumbnail, isUrlSigned: true } },
      createdAt: time, updatedAt: time, publishedAt: time,
    };
    const strapi = await hostileStrapi((path) => (path === '/api/upload/files' ? { json: [entry] } : undefined));
    try {
      const kept = mediaSite();
      const keep = await runCms(['import', '--from', strapi.url, '--root', kept]);
      expect(keep.code, keep.stderr).toBe(0);
      const keptEntry = JSON.parse(readFileSync(join(kept, `content/upload/${entry.documentId}.json`), 'utf8'));
      expect(keptEntry).toMatchObject({ provider: 'aws-s3', url: at('hero_abc.png') });
      expect(keptEntry.formats.thumbnail.url).toBe(at('thumbnail_hero_abc.png'));

      const copied = mediaSite();
      const copy = await runCms(['import', '--from', strapi.url, '--root', copied, '--media', 'copy']);
      expect(copy.code, copy.stderr).toBe(0);
      const copiedEntry = JSON.parse(readFileSync(join(copied, `content/upload/${entry.documentId}.json`), 'utf8'));
      expect(copiedEntry).toMatchObject({ provider: 'local', url: '/uploads/hero_abc.png' });
      expect(copiedEntry.formats.thumbnail.url).toBe('/uploads/thumbnail_hero_abc.png');
      expect(readFileSync(join(copied, 'public/uploads/hero_abc.png'), 'utf8')).toBe('the original');
      expect(readFileSync(join(copied, 'public/uploads/thumbnail_hero_abc.png'), 'utf8')).toBe('the thumbnail');
    } finally {
      await strapi.close();
    }
  }, 180_000);
});
