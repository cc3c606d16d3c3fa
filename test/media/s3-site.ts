import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initRepo } from '../git-workflow/helpers.js';
import { s3UploadConfig, type TestS3 } from '../helpers/s3.js';
import { mediaSite } from './helpers.js';

/** A git-tracked copy of the sample site whose uploads go to a new bucket of the local endpoint `s3`. */
export async function s3Site(s3: TestS3, extra: Parameters<typeof s3UploadConfig>[2] = {}) {
  const bucket = await s3.bucket();
  const root = mediaSite({ upload: s3UploadConfig(s3.endpoint, bucket, extra) });
  initRepo(root);
  return { root, bucket, uploadsBefore: readdirSync(join(root, 'public', 'uploads')).sort() };
}

/** `POST /api/upload` on a served site: its status and JSON body. */
export const postUpload = async (base: string, form: FormData, search = '') => {
  const response = await fetch(`${base}/api/upload${search}`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() as any };
};
