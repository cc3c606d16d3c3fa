import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../core/config/load.js';
import { withEnvValues } from '../../core/media/providers/env-values.js';
import { strapiUploadConfig } from '../../core/project/strapi-upload-config.js';
import { isUrlFromBucket, objectKey, objectUrl } from '../../core/media/providers/s3-urls.js';
import { REPO_ROOT } from '../helpers/project.js';
import { s3UploadConfig } from '../helpers/s3.js';
import { mediaSite } from './helpers.js';

const upload = (raw: unknown) => resolveConfig({ upload: raw }).upload;

describe('upload provider settings', () => {
  it('keeps Strapi\'s aws-s3 block as given and defaults to the local provider', () => {
    expect(upload(undefined)).toMatchObject({ provider: 'local', providerOptions: {}, actionOptions: {} });
    const given = s3UploadConfig('http://127.0.0.1:9', 'media', { rootPath: 'x' });
    expect(upload(given)).toMatchObject(given);
  });

  it('refuses an unknown provider, aws-s3 without params.Bucket, and a non-object providerOptions, naming the setting', () => {
    expect(() => upload({ provider: 'cloudinary' })).toThrow(/upload\.provider must be one of "local", "aws-s3", got "cloudinary"/);
    expect(() => upload({ provider: 'aws-s3', providerOptions: { s3Options: {} } })).toThrow(/s3Options\.params is required/);
    expect(() => upload({ provider: 'aws-s3', providerOptions: { s3Options: { params: {} } } })).toThrow(/params\.Bucket is required/);
    expect(() => upload({ providerOptions: 'x' })).toThrow(/upload\.providerOptions must be an object/);
    expect(() => upload({ actionOptions: { upload: 1 } })).toThrow(/upload\.actionOptions must map/);
  });

  it('reads { "env" } values from the environment: set, defaulted, left out (default null), or a one-line failure', () => {
    const options = { a: { env: 'A' }, b: { env: 'B', default: 'fallback' }, c: { env: 'C', default: null }, d: [{ env: 'A' }] };
    expect(withEnvValues(options, { A: 'one' }, 'upload.providerOptions')).toEqual({ a: 'one', b: 'fallback', d: ['one'] });
    expect(() => withEnvValues(options, {}, 'upload.providerOptions')).toThrow('upload.providerOptions.a: environment variable A is not set');
  });
});

describe('reading a Strapi project\'s config/plugins.js', () => {
  const project = (plugins: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-strapi-plugins-'));
    mkdirSync(join(dir, 'config'));
    writeFileSync(join(dir, 'config', 'plugins.js'), plugins);
    return dir;
  };
  const s3 = (options: string) => `module.exports = ({ env }) => ({ upload: { config: { provider: 'aws-s3', providerOptions: ${options} } } });`;

  it('records process.env reads as { env } values and never writes a secret set in the shell', async () => {
    const dir = project(s3(`{ s3Options: { credentials: { secretAccessKey: process.env.AWS_SECRET },
      params: { Bucket: env('B') }, forcePathStyle: env.bool('S3_PATH_STYLE', false), maxAttempts: env.int('TRIES') } }`));
    process.env.AWS_SECRET = 'sekrit';
    try {
      const upload = await strapiUploadConfig(dir);
      expect(JSON.stringify(upload)).not.toContain('sekrit');
      expect(upload?.providerOptions).toEqual({ s3Options: {
        credentials: { secretAccessKey: { env: 'AWS_SECRET', default: null } }, params: { Bucket: { env: 'B', default: null } },
        forcePathStyle: { env: 'S3_PATH_STYLE', default: false, type: 'bool' }, maxAttempts: { env: 'TRIES', default: null, type: 'int' },
      } });
      expect(process.env.AWS_SECRET).toBe('sekrit');
    } finally {
      delete process.env.AWS_SECRET;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a string built from a variable, naming the key', async () => {
    for (const built of [`env('B') + '-media'`, '`${process.env.B}-media`']) {
      const dir = project(s3(`{ s3Options: { params: { Bucket: ${built} } } }`));
      try {
        await expect(strapiUploadConfig(dir)).rejects.toThrow(
          'config/plugins.js: upload.providerOptions.s3Options.params.Bucket is built from environment variable B;');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('converts typed values when read: env.bool "false" is false, env.int a number, env.json parsed', () => {
    const options = { path: { env: 'P', default: false, type: 'bool' }, tries: { env: 'T', type: 'int' }, json: { env: 'J', type: 'json' } };
    expect(withEnvValues(options, { P: 'false', T: '3', J: '{"a":1}' }, 'o')).toEqual({ path: false, tries: 3, json: { a: 1 } });
    expect(withEnvValues(options, { P: 'true', T: '3', J: '[]' }, 'o')).toMatchObject({ path: true });
    expect(withEnvValues({ path: options.path }, {}, 'o')).toEqual({ path: false });
    expect(() => withEnvValues({ json: options.json }, { J: '{' }, 'o')).toThrow(/^o\.json: environment variable J is not valid JSON/);
  });
});

describe('the Strapi provider\'s keys and URLs', () => {
  it('builds keys from rootPath, path, hash and ext, sanitised as Strapi does', () => {
    expect(objectKey(undefined, { hash: 'cat_1', ext: '.png', mime: 'image/png' })).toBe('cat_1.png');
    expect(objectKey('media///', { hash: 'cat_1', ext: '.png', mime: 'image/png', path: '/a/../b/' })).toBe('media/a/b/cat_1.png');
    expect(objectKey('', { hash: '../x', ext: '.p?ng', mime: '' })).toBe('x.png');
  });

  it('answers baseUrl first, then an http(s) Location, then endpoint/Bucket, then AWS\'s host', () => {
    const bucket = 'media';
    expect(objectUrl('k.png', 'http://s3/x', { baseUrl: 'https://cdn.example.com/', bucket })).toBe('https://cdn.example.com/k.png');
    expect(objectUrl('k.png', 'https://media.s3.amazonaws.com/k.png', { bucket })).toBe('https://media.s3.amazonaws.com/k.png');
    expect(objectUrl('k.png', 'media/k.png', { endpoint: 'minio.local:9000', bucket })).toBe('https://minio.local:9000/media/k.png');
    expect(objectUrl('k.png', undefined, { bucket })).toBe('https://media.s3.amazonaws.com/k.png');
  });

  it('signs only URLs of the bucket, and none behind a baseUrl', () => {
    expect(isUrlFromBucket('https://media.s3.eu-west-1.amazonaws.com/k.png', 'media')).toBe(true);
    expect(isUrlFromBucket('https://other.s3.eu-west-1.amazonaws.com/k.png', 'media')).toBe(false);
    expect(isUrlFromBucket('http://127.0.0.1:9000/media/k.png', 'media')).toBe(true);
    expect(isUrlFromBucket('http://127.0.0.1:9000/media/k.png', 'media', 'https://cdn')).toBe(false);
    expect(isUrlFromBucket('/uploads/k.png', 'media')).toBe(false);
  });
});

describe('a site that chose aws-s3 without the AWS SDK', () => {
  it('cms serve fails to start with one line naming the npm command', async () => {
    // The built CLI beside a node_modules holding every package but @aws-sdk (as a site that never installed it).
    const install = mkdtempSync(join(tmpdir(), 'cms-no-sdk-'));
    try {
      cpSync(join(REPO_ROOT, 'dist'), join(install, 'dist'), { recursive: true });
      cpSync(join(REPO_ROOT, 'package.json'), join(install, 'package.json'));
      const modules = join(REPO_ROOT, 'node_modules');
      const kept = join(install, 'node_modules');
      mkdirSync(kept);
      for (const name of readdirSync(modules)) if (name !== '@aws-sdk') symlinkSync(join(modules, name), join(kept, name));
      const root = mediaSite({ upload: s3UploadConfig('http://127.0.0.1:9', 'media') });
      writeFileSync(join(root, 'package.json'), '{"name":"site","private":true}\n');
      const result = await new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = execFile(process.execPath, [join(install, 'dist/cli/bin.js'), 'serve', '--root', root, '--port', '0'],
          { env: { ...process.env, S3_KEY: 'k', S3_SECRET: 's' } }, (_error, _stdout, stderr) => done({ code: child.exitCode, stderr }));
      });
      expect(result.code).not.toBe(0);
      expect(result.stderr.trim().split('\n').filter((line) => line.startsWith('cms:'))).toEqual([
        'cms: upload.provider "aws-s3" needs the AWS SDK: npm install @aws-sdk/client-s3 @aws-sdk/lib-storage @aws-sdk/s3-request-presigner',
      ]);
    } finally {
      rmSync(install, { recursive: true, force: true });
    }
  }, 120_000);
});
