import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { partSizeFor, uploadFileInParts } from './s3-multipart.js';
import { isUrlFromBucket, objectKey, objectUrl } from './s3-urls.js';
import type { UploadProvider } from './types.js';

const SDK = ['@aws-sdk/client-s3', '@aws-sdk/lib-storage', '@aws-sdk/s3-request-presigner'] as const;

/** The one line a site that chose aws-s3 without installing the SDK gets (as a Strapi project without its provider). */
export const MISSING_SDK = `upload.provider "aws-s3" needs the AWS SDK: npm install ${SDK.join(' ')}`;

interface Sdk { s3: typeof ClientS3; storage: typeof LibStorage; presigner: typeof Presigner }

/** Load one SDK package from the site (its own node_modules) or, failing that, from beside this CMS. */
async function load<T>(root: string, name: string): Promise<T> {
  try {
    return await import(pathToFileURL(createRequire(join(root, 'package.json')).resolve(name)).href) as T;
  } catch {
    try {
      return await import(name) as T;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') throw new Error(MISSING_SDK);
      throw error;
    }
  }
}

async function loadSdk(root: string): Promise<Sdk> {
  const [s3, storage, presigner] = await Promise.all(SDK.map((name) => load<unknown>(root, name)));
  return { s3: s3 as Sdk['s3'], storage: storage as Sdk['storage'], presigner: presigner as Sdk['presigner'] };
}

type Options = Record<string, unknown>;
const isRecord = (value: unknown): value is Options => !!value && typeof value === 'object' && !Array.isArray(value);

/** The S3 client's settings as the Strapi provider builds them: `s3Options` (and the legacy root keys), credentials, params. */
function clientConfig(s3Options: Options, legacy: Options): Options & { params: Options } {
  const config = { ...s3Options, ...legacy } as Options & { params: Options };
  const credentials = isRecord(s3Options.credentials) ? s3Options.credentials : undefined;
  if (credentials) {
    const { accessKeyId, secretAccessKey, sessionToken } = credentials;
    config.credentials = { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
  } else if (s3Options.accessKeyId && s3Options.secretAccessKey) {
    config.credentials = { accessKeyId: s3Options.accessKeyId, secretAccessKey: s3Options.secretAccessKey };
  }
  // Strapi's default: public-read unless the params name an ACL (omit it for buckets without ACLs, such as R2's).
  config.params = { ...(config.params as Options) };
  if (!('ACL' in config.params)) config.params.ACL = 'public-read';
  return config;
}

/** The extra upload parameters of Strapi's `providerConfig` (checksum, conditional write, storage class, encryption, tags). */
function providerParams(providerConfig: Options | undefined): Options {
  if (!providerConfig) return {};
  const params: Options = {};
  if (providerConfig.checksumAlgorithm) params.ChecksumAlgorithm = providerConfig.checksumAlgorithm;
  if (providerConfig.preventOverwrite) params.IfNoneMatch = '*';
  if (providerConfig.storageClass) params.StorageClass = providerConfig.storageClass;
  const encryption = isRecord(providerConfig.encryption) ? providerConfig.encryption : undefined;
  if (encryption?.type) {
    params.ServerSideEncryption = encryption.type;
    if (encryption.kmsKeyId) params.SSEKMSKeyId = encryption.kmsKeyId;
  }
  const tags = isRecord(providerConfig.tags) ? Object.entries(providerConfig.tags) : [];
  if (tags.length) params.Tagging = tags.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&');
  return params;
}

/** Without Bucket and Key (the provider's own) and Body. */
function safe(custom: Options = {}): Options {
  const { Bucket: _bucket, Key: _key, Body: _body, ...rest } = custom;
  return rest;
}

/**
 * `@strapi/provider-upload-aws-s3` over the official SDK: objects at `<rootPath>/<hash><ext>`, from the temp file: one
 * part by lib-storage's `Upload`, more in parts read by offset into `queueSize` reused buffers (s3-multipart.ts), URLs
 * as the Strapi provider builds them, signed GET URLs for `ACL: "private"` (`signedUrlExpires` seconds, 15 minutes by default).
 */
export async function awsS3Provider(
  root: string, providerOptions: Options, actionOptions: Record<string, Options> = {},
): Promise<UploadProvider> {
  const { baseUrl, rootPath, s3Options, providerConfig, ...legacy } = providerOptions as Options & {
    baseUrl?: string; rootPath?: string; s3Options?: Options; providerConfig?: Options;
  };
  const sdk = await loadSdk(root);
  const config = clientConfig(s3Options ?? {}, legacy);
  const client = new sdk.s3.S3Client(config as ClientS3.S3ClientConfig);
  const bucket = String(config.params.Bucket);
  const endpoint = config.endpoint === undefined ? undefined : String(config.endpoint);
  const acl = config.params.ACL as string | undefined;
  const multipart = isRecord(providerConfig?.multipart) ? providerConfig.multipart : {};
  const key = (file: Parameters<UploadProvider['upload']>[0]) => objectKey(rootPath, file);
  return {
    name: 'aws-s3',
    gitPath: () => undefined,
    upload: async (file, from) => {
      const object = {
        Bucket: bucket, Key: key(file), ...(acl ? { ACL: acl } : {}), ContentType: file.mime,
        ...providerParams(providerConfig), ...safe(actionOptions.uploadStream),
      };
      const { size } = await stat(from);
      const partSize = multipart.partSize ? Number(multipart.partSize) : undefined;
      if (size > partSizeFor(size, partSize)) {
        // More than one part: read by offset into a fixed set of buffers, so memory stays the same whatever the size.
        const queueSize = multipart.queueSize ? Number(multipart.queueSize) : undefined;
        const leavePartsOnError = multipart.leavePartsOnError === undefined ? undefined : Boolean(multipart.leavePartsOnError);
        const done = await uploadFileInParts({
          s3: sdk.s3, client, params: object, path: from, size, partSize, queueSize, leavePartsOnError,
        });
        return objectUrl(key(file), done.Location, { baseUrl, endpoint, bucket });
      }
      const params = { ...object, Body: createReadStream(from) } as ClientS3.PutObjectCommandInput;
      const upload = new sdk.storage.Upload({
        client, params,
        ...(multipart.partSize ? { partSize: Number(multipart.partSize) } : {}),
        ...(multipart.queueSize ? { queueSize: Number(multipart.queueSize) } : {}),
        ...(multipart.leavePartsOnError !== undefined ? { leavePartsOnError: Boolean(multipart.leavePartsOnError) } : {}),
      });
      const result = await upload.done();
      return objectUrl(key(file), result.Location, { baseUrl, endpoint, bucket });
    },
    download: async (file, to) => {
      const answer = await client.send(new sdk.s3.GetObjectCommand({ Bucket: bucket, Key: key(file) }));
      await pipeline(answer.Body as Readable, createWriteStream(to));
    },
    remove: async (file) => {
      await client.send(new sdk.s3.DeleteObjectCommand({ ...safe(actionOptions.delete), Bucket: bucket, Key: key(file) }));
    },
    isPrivate: () => acl === 'private',
    signedUrl: async (file) => {
      if (!isUrlFromBucket(file.url, bucket, baseUrl)) return file.url;
      const expiresIn = Number(config.params.signedUrlExpires ?? 15 * 60);
      return sdk.presigner.getSignedUrl(client, new sdk.s3.GetObjectCommand({ Bucket: bucket, Key: key(file) }), { expiresIn });
    },
  };
}
