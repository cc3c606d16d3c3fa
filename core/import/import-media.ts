import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentIndex } from '../index/content-index.js';
import { writeEntry } from '../media/entry-store.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import type { Data } from '../types.js';
import { sourceEntry } from './fetch-entries.js';
import { expectList, expectObject, ImportSourceError, listGuard } from './source-input.js';
import type { StrapiClient } from './strapi-client.js';

const PAGE = 100;

/** Every media entry the token can list, page by page (`start`/`limit`, as the upload plugin takes them), each checked. */
async function listFiles(client: StrapiClient): Promise<{ url: string; field: string; file: Data }[]> {
  const files: { url: string; field: string; file: Data }[] = [];
  const once = listGuard();
  for (let start = 0; ; start += PAGE) {
    const path = `/api/upload/files?start=${start}&limit=${PAGE}&sort=id:asc`;
    const body = await client.get(path);
    if (body === undefined) break;
    const url = `${client.origin}${path}`;
    const page = expectList(url, 'the answer', body);
    page.forEach((item, at) => {
      const file = sourceEntry(url, `[${at}]`, item);
      once(url, `[${at}].documentId`, file.documentId as string);
      files.push({ url, field: `[${at}]`, file });
    });
    if (page.length < PAGE) break;
  }
  return files;
}

/** A binary's name under `public/uploads/`: the URL's last segment, a plain file name (never `..`, a dot file or a folder). */
const SAFE_BINARY_NAME = /^\/uploads\/([^/\\\0.][^/\\\0]{0,254})$/;

/** A binary under `public/uploads/`, written only when its bytes changed. */
async function saveBinary(root: string, client: StrapiClient, source: string, field: string, url: unknown): Promise<boolean> {
  if (typeof url !== 'string' || !url.startsWith('/uploads/')) return false; // a remote provider's URL stays as it is
  const name = SAFE_BINARY_NAME.exec(url)?.[1];
  if (!name) throw new ImportSourceError(source, `${field} ${JSON.stringify(url).slice(0, 80)} is not a file name under /uploads/`);
  const path = join(root, 'public', 'uploads', name);
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
export async function importMedia(
  root: string, index: ContentIndex, client: StrapiClient, progress: (message: string) => void,
): Promise<number> {
  const model = index.model(UPLOAD_FILE_UID);
  const files = await listFiles(client);
  let binaries = 0;
  for (const { url: source, field, file } of files) {
    const data: Data = {};
    for (const name of model.attributeNames) if (name in file) data[name] = file[name];
    // publishedAt kept too: Strapi stamps it a moment after createdAt, and answers it on every file.
    const publishedAt = typeof file.publishedAt === 'string' ? file.publishedAt : undefined;
    const document = { data, createdAt: file.createdAt as string, updatedAt: file.updatedAt as string, publishedAt };
    await writeEntry(root, index, file.documentId as string, document, { timestampsAsGiven: true });
    if (await saveBinary(root, client, source, `${field}.url`, file.url)) binaries++;
    const formats = file.formats === null || file.formats === undefined ? {} : expectObject(source, `${field}.formats`, file.formats);
    for (const [key, format] of Object.entries(formats)) {
      const url = expectObject(source, `${field}.formats.${key}`, format).url;
      if (await saveBinary(root, client, source, `${field}.formats.${key}.url`, url)) binaries++;
    }
  }
  progress(`media: ${files.length} entries, ${binaries} binaries written`);
  return files.length;
}
