import { open } from 'node:fs/promises';
import type * as ClientS3 from '@aws-sdk/client-s3';

/** S3's smallest part (but the last) and most parts per upload. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

export interface FileUpload {
  s3: typeof ClientS3;
  client: ClientS3.S3Client;
  /** The object's parameters (Bucket, Key, ACL, ContentType, the provider's extras), without a Body. */
  params: Record<string, unknown>;
  path: string;
  size: number;
  /** Bytes per part (at least 5 MB; more when 10,000 parts would not hold the file). */
  partSize?: number;
  /** Parts in flight at once (lib-storage's `queueSize`, 4). */
  queueSize?: number;
  /** Keep the uploaded parts when the upload fails (lib-storage's `leavePartsOnError`); by default they are aborted. */
  leavePartsOnError?: boolean;
}

/** The part size for a file: the one asked (S3's 5 MB at least), or larger when 10,000 parts would not hold it. */
export function partSizeFor(size: number, asked?: number): number {
  return Math.max(asked ?? 0, MIN_PART_SIZE, Math.ceil(size / MAX_PARTS));
}

/**
 * A multipart upload of a file on disk that holds a fixed amount of memory whatever the file's size: each of the
 * `queueSize` workers owns one part-sized buffer, reads its next part into it from the file (by offset) and sends it,
 * then reuses it. lib-storage's `Upload` over a stream instead concatenates each part from the stream's chunks into a
 * new buffer, and those (with the chunks) pile up between collections: +33 MB more server RSS for 190 MB than for 19 MB.
 * A failed upload is aborted (its parts removed) unless `leavePartsOnError`.
 */
export async function uploadFileInParts(upload: FileUpload): Promise<ClientS3.CompleteMultipartUploadCommandOutput> {
  const { s3, client, params, path, size } = upload;
  const partSize = partSizeFor(size, upload.partSize);
  const count = Math.ceil(size / partSize);
  const created = await client.send(new s3.CreateMultipartUploadCommand(params as unknown as ClientS3.CreateMultipartUploadCommandInput));
  const UploadId = created.UploadId!;
  const parts: ClientS3.CompletedPart[] = [];
  const file = await open(path, 'r');
  let next = 0;
  const worker = () => send().catch((error: unknown) => { next = count; throw error; }); // one failure stops the others
  const send = async () => {
    const buffer = Buffer.allocUnsafeSlow(partSize);
    for (let index = next++; index < count; index = next++) {
      const start = index * partSize;
      const length = Math.min(partSize, size - start);
      const { bytesRead } = await file.read(buffer, 0, length, start);
      if (bytesRead !== length) throw new Error(`${path} changed while it was uploaded (${bytesRead} of ${length} bytes at ${start})`);
      const answer = await client.send(new s3.UploadPartCommand({
        ...(params as unknown as ClientS3.UploadPartCommandInput), UploadId, PartNumber: index + 1, Body: buffer.subarray(0, length),
      }));
      const { ETag, ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 } = answer;
      parts.push({ PartNumber: index + 1, ETag, ChecksumCRC32, ChecksumCRC32C, ChecksumCRC64NVME, ChecksumSHA1, ChecksumSHA256 });
    }
  };
  try {
    const workers = Array.from({ length: Math.min(Math.max(1, upload.queueSize ?? 4), count) }, worker);
    const failed = (await Promise.allSettled(workers)).find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
    const done = await client.send(new s3.CompleteMultipartUploadCommand({
      ...(params as unknown as ClientS3.CompleteMultipartUploadCommandInput), UploadId, MultipartUpload: { Parts: parts },
    }));
    if (typeof done.Location === 'string') done.Location = done.Location.replace(/%2F/g, '/');
    return done;
  } catch (error) {
    if (!upload.leavePartsOnError) {
      await client.send(new s3.AbortMultipartUploadCommand({ Bucket: String(params.Bucket), Key: String(params.Key), UploadId }))
        .catch(() => undefined);
    }
    throw error;
  } finally {
    await file.close();
  }
}
