import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  /** The official client, on the same endpoint and credentials the sites get. */
  client: S3Client;
  /** A new empty bucket (each test its own). */
  bucket(): Promise<string>;
  /** Every key of a bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  /** An object's bytes, or undefined when it is missing. */
  bytes(bucket: string, key: string): Promise<Buffer | undefined>;
  remove(bucket: string, key: string): Promise<void>;
  stop(): Promise<void>;
}

/** The credentials s3rver accepts, as a site's env gives them (`S3_KEY`, `S3_SECRET`). */
export const S3_ENV = { S3_KEY: 'S3RVER', S3_SECRET: 'S3RVER' };

/**
 * A throwaway S3 endpoint for one test file: s3rver (npm, pure Node: no Java or Docker on a CI box), with its objects in
 * a temp folder, on a free local port. Start it in `beforeAll`, stop it in `afterAll`.
 *
 * @example
 * const s3 = await startTestS3(); const bucket = await s3.bucket(); … await s3.stop();
 */
export async function startTestS3(): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let count = 0;
  return {
    endpoint, client,
    async bucket() {
      const name = `media-${++count}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((item) => item.Key!).sort();
    },
    async bytes(bucket, key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(bucket, key) { await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })); },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A Strapi project's aws-s3 settings as `cms.config.json` holds them: secrets read from the environment (`{ "env": … }`).
 */
export function s3UploadConfig(endpoint: string, bucket: string, extra: { ACL?: string; baseUrl?: string; rootPath?: string } = {}) {
  const { ACL, ...options } = extra;
  return {
    provider: 'aws-s3',
    providerOptions: {
      ...options,
      s3Options: {
        credentials: { accessKeyId: { env: 'S3_KEY' }, secretAccessKey: { env: 'S3_SECRET' } },
        region: 'us-east-1', endpoint, forcePathStyle: true,
        params: { Bucket: bucket, ...(ACL ? { ACL, signedUrlExpires: 600 } : {}) },
      },
    },
  };
}
