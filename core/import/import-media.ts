import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ContentIndex } from '../index/content-index.js';
import { writeEntry } from '../media/entry-store.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import type { Data } from '../types.js';
import type { StrapiClient } from './strapi-client.js';

const PAGE = 100;

/** Every media entry the token can list, page by page (`start`/`limit`, as the upload plugin takes them). */
async function listFiles(client: StrapiClient): Promise<Data[]> {
  const files: Data[] = [];
  for (let start = 0; ; start += PAGE) {
    const page = (await client.get(`/api/upload/files?start=${start}&limit=${PAGE}&sort=id:asc`)) as Data[] | undefined;
    if (!Array.isArray(page)) break;
    files.push(...page);
    if (page.length < PAGE) break;
  }
  return files;
}

/** A binary under `public/uploads/`, written only when its bytes changed. */
async function saveBinary(root: string, client: StrapiClient, url: unknown): Promise<boolean> {
  if (typeof url !== 'string' || !url.startsWith('/uploads/')) return false; // a remote provider's URL stays as it is
  const path = join(root, 'public', 'uploads', basename(url));
  const bytes = await client.download(url);
  const previous = await readFile(path).catch(() => undefined);
  if (previous && Buffer.compare(previous, bytes) === 0) return false;
  await writeFileAtomic(path, bytes);
  return true;
}

/**
 * Media entries into `content/upload/<documentId>.json` (documentIds kept) and their binaries,
 * formats included, into `public/uploads/`. Returns how many entries there were.
 */
export async function importMedia(root: string, index: ContentIndex, client: StrapiClient, progress: (message: string) => void): Promise<number> {
  const model = index.model(UPLOAD_FILE_UID);
  const files = await listFiles(client);
  let binaries = 0;
  for (const file of files) {
    if (typeof file.documentId !== 'string') continue;
    const data: Data = {};
    for (const name of model.attributeNames) if (name in file) data[name] = file[name];
    // publishedAt kept too: Strapi stamps it a moment after createdAt, and answers it on every file.
    const publishedAt = typeof file.publishedAt === 'string' ? file.publishedAt : undefined;
    await writeEntry(root, index, file.documentId, { data, createdAt: file.createdAt as string, updatedAt: file.updatedAt as string, publishedAt });
    if (await saveBinary(root, client, file.url)) binaries++;
    for (const format of Object.values((file.formats ?? {}) as Record<string, Data>)) if (await saveBinary(root, client, format?.url)) binaries++;
  }
  progress(`media: ${files.length} entries, ${binaries} binaries written`);
  return files.length;
}
