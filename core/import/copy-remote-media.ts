import { writeFile } from 'node:fs/promises';
import { storedFiles } from '../media/prepare-file.js';
import type { UploadProvider } from '../media/providers/types.js';
import type { Scratch } from '../media/scratch.js';
import type { Data } from '../types.js';
import type { StrapiClient } from './strapi-client.js';

const isRemote = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\//.test(url);

/**
 * `cms import --media copy`: the binaries of a media entry a remote provider stores (an http(s) `url`, such as an
 * aws-s3 bucket's, signed or not), the file and every format, downloaded and handed to this site's provider; the
 * entry then names its URLs and `provider`. Entries under `/uploads/` are left to the import's own download. Answers
 * how many binaries were copied.
 */
export async function copyRemoteBinaries(data: Data, client: StrapiClient, provider: UploadProvider, scratch: Scratch): Promise<number> {
  const files = storedFiles(data).filter((file) => isRemote(file.url));
  if (!files.length || !isRemote(data.url)) return 0;
  const formats = (data.formats ?? {}) as Record<string, Data>;
  for (const file of files) {
    const temp = scratch.file();
    await writeFile(temp, await client.download(file.url!));
    const url = await provider.upload({ hash: file.hash, ext: file.ext, mime: file.mime, path: null }, temp);
    const target = file.hash === data.hash ? data : Object.values(formats).find((format) => format.hash === file.hash);
    if (target) target.url = url;
  }
  data.provider = provider.name;
  data.provider_metadata = null;
  return files.length;
}

/** An S3 presigned URL without its signature (the object's URL as the provider stored it); other URLs as they are. */
const unsigned = (url: unknown): unknown => (isRemote(url) && /[?&]X-Amz-Signature=/.test(url) ? url.slice(0, url.indexOf('?')) : url);

/** The entry's URLs and its formats' without S3 signatures (a private bucket's files are answered signed). */
export function withoutSignatures(data: Data): void {
  data.url = unsigned(data.url);
  const formats = data.formats && typeof data.formats === 'object' ? Object.values(data.formats as Record<string, Data>) : [];
  for (const format of formats) if (format && typeof format === 'object') format.url = unsigned(format.url);
}
