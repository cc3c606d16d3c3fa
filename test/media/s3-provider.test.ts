import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCms } from '../cli/built-cli.js';
import { remoteAndClones } from '../git-workflow/replica-helpers.js';
import { startApp } from '../helpers/project.js';
import { commits, git } from '../git-workflow/helpers.js';
import { S3_ENV, s3UploadConfig, startTestS3, type TestS3 } from '../helpers/s3.js';
import { serveSite } from '../write/served-site.js';
import { makeImage, uploadForm } from './helpers.js';
import { postUpload, s3Site } from './s3-site.js';

// Moving media into and out of the bucket, and a Strapi project's S3 media brought over: test/media/s3-migration.test.ts.

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); });
afterAll(async () => { await s3?.stop(); });

/** Nothing new under public/uploads, on disk or in any commit. */
function expectNoBinaryInGit(root: string, uploadsBefore: string[]) {
  expect(readdirSync(join(root, 'public', 'uploads')).sort()).toEqual(uploadsBefore);
  for (const commit of commits(root).slice(0, -1)) expect(commit.files.filter((file) => file.startsWith('public/'))).toEqual([]);
}

describe('aws-s3 upload provider against a local S3 endpoint (s3rver), through the real server', () => {
  it('stores an upload and every format in the bucket, answers as Strapi\'s aws-s3 provider, and commits only the entry', async () => {
    const { root, bucket, uploadsBefore } = await s3Site(s3);
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
    const { root, bucket } = await s3Site(s3, { baseUrl: 'https://cdn.example.com/', rootPath: 'site/media/' });
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
    const { root, bucket } = await s3Site(s3, { ACL: 'private' });
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
    const { root, bucket, uploadsBefore } = await s3Site(s3);
    writeFileSync(join(root, '..', 'cli-hero.png'), await makeImage(400, 300, 'png'));
    const run = await runCms(['upload', join(root, '..', 'cli-hero.png'), '--root', root, '--git-commit'], { env: S3_ENV });
    expect(run.code, run.stderr).toBe(0);
    const [entry] = JSON.parse(run.stdout);
    expect(entry.provider).toBe('aws-s3');
    expect(await s3.keys(bucket)).toEqual([`${entry.hash}.png`, `${entry.formats.thumbnail.hash}.png`].sort());
    expectNoBinaryInGit(root, uploadsBefore);
  }, 120_000);

  it('refuses to start with one line naming the variable when a { "env" } secret is unset', async () => {
    const { root } = await s3Site(s3);
    await expect(serveSite(root, [], { S3_KEY: '', S3_SECRET: undefined as unknown as string })).rejects.toThrow(
      /upload\.providerOptions\.s3Options\.credentials\.secretAccessKey: environment variable S3_SECRET is not set/,
    );
  });
});
