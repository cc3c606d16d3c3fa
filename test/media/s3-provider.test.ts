import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { runCms } from '../cli/built-cli.js';
import { remoteAndClones } from '../git-workflow/replica-helpers.js';
import { hostileStrapi } from '../helpers/hostile-strapi.js';
import { startApp } from '../helpers/project.js';
import { commits, git, initRepo } from '../git-workflow/helpers.js';
import { S3_ENV, s3UploadConfig, startTestS3, type TestS3 } from '../helpers/s3.js';
import { serveSite } from '../write/served-site.js';
import { makeImage, mediaSite, uploadForm } from './helpers.js';

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); }, 60_000);
afterAll(async () => { await s3?.stop(); });

/** A git-tracked copy of the sample site whose uploads go to a new bucket of the local endpoint. */
async function s3Site(extra: Parameters<typeof s3UploadConfig>[2] = {}) {
  const bucket = await s3.bucket();
  const root = mediaSite({ upload: s3UploadConfig(s3.endpoint, bucket, extra) });
  initRepo(root);
  return { root, bucket, uploadsBefore: readdirSync(join(root, 'public', 'uploads')).sort() };
}

/** Nothing new under public/uploads, on disk or in any commit. */
function expectNoBinaryInGit(root: string, uploadsBefore: string[]) {
  expect(readdirSync(join(root, 'public', 'uploads')).sort()).toEqual(uploadsBefore);
  for (const commit of commits(root).slice(0, -1)) expect(commit.files.filter((file) => file.startsWith('public/'))).toEqual([]);
}

const postUpload = async (base: string, form: FormData, search = '') => {
  const response = await fetch(`${base}/api/upload${search}`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() as any };
};

describe('aws-s3 upload provider against a local S3 endpoint (s3rver), through the real server', () => {
  it('stores an upload and every format in the bucket, answers as Strapi\'s aws-s3 provider, and commits only the entry', async () => {
    const { root, bucket, uploadsBefore } = await s3Site();
    const site = await serveSite(root, ['--git-commit'], S3_ENV);
    try {
      const image = await makeImage(1200, 800, 'jpeg');
      const { status, body } = await postUpload(site.base, uploadForm([{ name: 'hero.jpg', data: image, type: 'image/jpeg' }]));
      expect(status).toBe(201);
      const [entry] = body;
      expect(entry).toMatchObject({ provider: 'aws-s3', provider_metadata: null, isUrlSigned: false });
      expect(entry.url).toBe(`${s3.endpoint}/${bucket}/${entry.hash}.jpg`);
      expect(Object.keys(entry.formats)).toEqual(['thumbnail', 'large', 'medium', 'small']);
      for (const format of Object.values<any>(entry.formats)) expect(format.url).toBe(`${s3.endpoint}/${bucket}/${format.hash}.jpg`);
      const keys = [entry, ...Object.values<any>(entry.formats)].map((file) => `${file.hash}.jpg`).sort();
      expect(await s3.keys(bucket)).toEqual(keys);
      const served = Buffer.from(await (await fetch(entry.url)).arrayBuffer());
      expect(served.equals((await s3.bytes(bucket, `${entry.hash}.jpg`))!)).toBe(true);
      const entryFile = `content/upload/${entry.documentId}.json`;
      expect(JSON.parse(readFileSync(join(root, entryFile), 'utf8')).url).toBe(entry.url);
      expect(commits(root)[0].files).toEqual([entryFile]);
      expectNoBinaryInGit(root, uploadsBefore);
      expect(git(root, 'status', '--porcelain')).toBe('');

      // Deleting removes the entry (committed) and every object, formats included.
      const deleted = await site.send('DELETE', `/api/upload/files/${entry.id}`);
      expect(deleted.status).toBe(200);
      expect(await s3.keys(bucket)).toEqual([]);
      expect(commits(root)[0].files).toEqual([entryFile]);
      expect(existsSync(join(root, entryFile))).toBe(false);
    } finally {
      await site.stop();
    }
  }, 120_000);

  it('a replica\'s delete whose push fails (503) leaves the bucket objects; once acknowledged they go', async () => {
    const bucket = await s3.bucket();
    const permissions = { public: { 'plugin::upload.file': ['upload', 'findOne', 'destroy'] } };
    const { remote, clones: [clone] } = await remoteAndClones(1, { pushTimeout: 1 }, { permissions, upload: s3UploadConfig(s3.endpoint, bucket) });
    // The provider reads its { env } values from the process environment, as `cms serve` does.
    Object.assign(process.env, S3_ENV);
    const server = await startApp(clone, { report: () => {} });
    const form = new FormData();
    form.append('files', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const uploaded = await server.request('/api/upload', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const [entry] = await uploaded.json();
    const keys = await s3.keys(bucket);
    expect(keys).toHaveLength(1);
    renameSync(remote, `${remote}-away`);
    expect((await server.request(`/api/upload/files/${entry.id}`, { method: 'DELETE' })).status).toBe(503);
    expect(await s3.keys(bucket)).toEqual(keys);
    expect((await server.getJson(`/api/upload/files/${entry.id}`)).status).toBe(200);
    renameSync(`${remote}-away`, remote);
    expect((await server.request(`/api/upload/files/${entry.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await s3.keys(bucket)).toEqual([]);
    for (const name of Object.keys(S3_ENV)) delete process.env[name];
  }, 300_000);

  it('honours baseUrl and rootPath, and a replace overwrites the same objects', async () => {
    const { root, bucket } = await s3Site({ baseUrl: 'https://cdn.example.com/', rootPath: 'site/media/' });
    const site = await serveSite(root, [], S3_ENV);
    try {
      const first = await postUpload(site.base, uploadForm([{ name: 'notes.txt', data: 'first', type: 'text/plain' }]));
      const [entry] = first.body;
      expect(entry.url).toBe(`https://cdn.example.com/site/media/${entry.hash}.txt`);
      expect(await s3.keys(bucket)).toEqual([`site/media/${entry.hash}.txt`]);
      const replaced = await postUpload(site.base, uploadForm([{ name: 'notes.txt', data: 'second!', type: 'text/plain' }]), `?id=${entry.id}`);
      expect(replaced.status).toBe(200);
      expect(replaced.body.url).toBe(entry.url);
      expect(String(await s3.bytes(bucket, `site/media/${entry.hash}.txt`))).toBe('second!');
    } finally {
      await site.stop();
    }
  }, 120_000);

  it('answers signed URLs for a private bucket (ACL "private"), for the file and each format, that read the objects', async () => {
    const { root, bucket } = await s3Site({ ACL: 'private' });
    const site = await serveSite(root, [], S3_ENV);
    try {
      const image = await makeImage(600, 400, 'png');
      const [entry] = (await postUpload(site.base, uploadForm([{ name: 'secret.png', data: image, type: 'image/png' }]))).body;
      expect(entry.isUrlSigned).toBe(true);
      expect(entry.url).toMatch(new RegExp(`^${s3.endpoint}/${bucket}/${entry.hash}\\.png\\?.*X-Amz-Signature=`));
      expect(entry.url).toContain('X-Amz-Expires=600');
      for (const format of Object.values<any>(entry.formats)) {
        expect(format.isUrlSigned).toBe(true);
        expect(format.url).toContain('X-Amz-Signature=');
      }
      const read = await fetch(entry.url);
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer()).length).toBe((await s3.bytes(bucket, `${entry.hash}.png`))!.length);
      // The entry in Git keeps the plain URL; every answer signs it anew.
      const stored = JSON.parse(readFileSync(join(root, `content/upload/${entry.documentId}.json`), 'utf8'));
      expect(stored.url).toBe(`${s3.endpoint}/${bucket}/${entry.hash}.png`);
      const listed = await site.send('GET', '/api/upload/files');
      expect(listed.body.find((file: any) => file.id === entry.id).url).toContain('X-Amz-Signature=');
    } finally {
      await site.stop();
    }
  }, 120_000);

  it('cms upload (the CLI) stores in the bucket and commits only the entry', async () => {
    const { root, bucket, uploadsBefore } = await s3Site();
    writeFileSync(join(root, '..', 'cli-hero.png'), await makeImage(400, 300, 'png'));
    const run = await runCms(['upload', join(root, '..', 'cli-hero.png'), '--root', root, '--git-commit'], { env: S3_ENV });
    expect(run.code, run.stderr).toBe(0);
    const [entry] = JSON.parse(run.stdout);
    expect(entry.provider).toBe('aws-s3');
    expect(await s3.keys(bucket)).toEqual([`${entry.hash}.png`, `${entry.formats.thumbnail.hash}.png`].sort());
    expectNoBinaryInGit(root, uploadsBefore);
  }, 120_000);

  it('refuses to start with one line naming the variable when a { "env" } secret is unset', async () => {
    const { root } = await s3Site();
    await expect(serveSite(root, [], { S3_KEY: '', S3_SECRET: undefined as unknown as string })).rejects.toThrow(
      /upload\.providerOptions\.s3Options\.credentials\.secretAccessKey: environment variable S3_SECRET is not set/,
    );
  }, 60_000);
});

describe('cms media move', () => {
  it('round-trips the sample site\'s media: into the bucket and out of Git in one commit, then back byte for byte', async () => {
    const { root, bucket } = await s3Site();
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
    const { root, bucket } = await s3Site();
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
  }, 60_000);
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
