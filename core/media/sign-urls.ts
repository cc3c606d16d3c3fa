import type { Data } from '../types.js';
import type { UploadProvider } from './providers/types.js';

const isRecord = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

async function signOne(provider: UploadProvider, file: Data, fallbackExt: unknown): Promise<void> {
  if (typeof file.url !== 'string') return;
  const ext = String(file.ext ?? fallbackExt ?? '');
  file.url = await provider.signedUrl({ hash: String(file.hash), ext, mime: String(file.mime ?? ''), path: null, url: file.url });
  file.isUrlSigned = true;
}

/**
 * Strapi's `signFileUrls`: `isUrlSigned: false` on every file answered, and for a private provider's own files a copy
 * whose URL and every format's URL are signed (`isUrlSigned: true` on each).
 *
 * @example
 * await signFileUrls(s3Private, entry) // { ..., url: 'https://bucket.s3…?X-Amz-Signature=…', isUrlSigned: true }
 */
export async function signFileUrls(provider: UploadProvider, file: Data): Promise<Data> {
  if (file.provider !== provider.name || !provider.isPrivate()) return { ...file, isUrlSigned: false };
  const signed = structuredClone(file);
  await signOne(provider, signed, signed.ext);
  const formats = isRecord(signed.formats) ? Object.values(signed.formats).filter(isRecord) : [];
  for (const format of formats) await signOne(provider, format, signed.ext);
  return signed;
}
