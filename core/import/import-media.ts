import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentIndex } from '../index/content-index.js';
import { writeEntry } from '../media/entry-store.js';
import type { UploadProvider } from '../media/providers/types.js';
import { Scratch, scratchFolder } from '../media/scratch.js';
import { copyRemoteBinaries, withoutSignatures } from './copy-remote-media.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import type { Data } from '../types.js';
import { sourceEntry } from './fetch-entries.js';
import { expectList, expectObject, ImportSourceError, listGuard } from './source-input.js';
import type { KeptSourceIds } from './kept-source-ids.js';
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

/** One binary to fetch: the URL as the source gave it and the plain name it is stored under. */
interface Binary { url: string; name: string }

/**
 * The binary a media URL names under `/uploads/`, checked before anything is written; undefined for a
 * remote provider's URL (it stays as it is). A URL that would leave `public/uploads/` is refused.
 */
function binaryAt(source: string, field: string, url: unknown): Binary | undefined {
  if (typeof url !== 'string' || !url.startsWith('/uploads/')) return undefined;
  const name = SAFE_BINARY_NAME.exec(url)?.[1];
  if (!name) throw new ImportSourceError(source, `${field} ${JSON.stringify(url).slice(0, 80)} is not a file name under /uploads/`);
  return { url, name };
}

/** Every binary of one media entry (the file and its formats), all checked first. */
function binariesOf(source: string, field: string, file: Data): Binary[] {
  const formats = file.formats === null || file.formats === undefined ? {} : expectObject(source, `${field}.formats`, file.formats);
  const urls: [string, unknown][] = [[`${field}.url`, file.url]];
  for (const [key, format] of Object.entries(formats)) {
    urls.push([`${field}.formats.${key}.url`, expectObject(source, `${field}.formats.${key}`, format).url]);
  }
  return urls.map(([where, url]) => binaryAt(source, where, url)).filter((binary): binary is Binary => binary !== undefined);
}

/** A binary under `public/uploads/`, written only when its bytes changed. */
async function saveBinary(root: string, client: StrapiClient, { url, name }: Binary): Promise<boolean> {
  const path = join(root, 'public', 'uploads', name);
  const bytes = await client.download(url);
  const previous = await readFile(path).catch(() => undefined);
  if (previous && Buffer.compare(previous, bytes) === 0) return false;
  await writeFileAtomic(path, bytes);
  return true;
}

/**
 * Media entries into `content/upload/<documentId>.json` (documentIds and ids kept) and their binaries,
 * formats included, into `public/uploads/`. Returns how many entries there were.
 */
export async function importMedia(
  root: string, index: ContentIndex, client: StrapiClient, progress: (message: string) => void, ids: KeptSourceIds,
  copyTo?: UploadProvider,
): Promise<number> {
  const model = index.model(UPLOAD_FILE_UID);
  const files = await listFiles(client);
  // Strapi's file ids kept (`GET /api/upload/files/:id`, media set by numeric id) before any entry is written.
  for (const { url, field, file } of files) ids.keep(model, file.documentId as string, null, 'published', file.id, { url, field });
  ids.apply();
  // Every binary URL checked before the first entry is written: a refused list leaves nothing behind.
  const wanted = files.map(({ url: source, field, file }) => binariesOf(source, field, file));
  let binaries = 0;
  const scratch = copyTo && await Scratch.open(scratchFolder(root));
  try {
    for (const [at, { file }] of files.entries()) {
      const data: Data = {};
      for (const name of model.attributeNames) if (name in file) data[name] = file[name];
      // Objects of a remote provider (an S3 bucket) stay where they are, URLs kept, unless asked to copy them here.
      if (copyTo && scratch) binaries += await copyRemoteBinaries(data, client, copyTo, scratch);
      // A private bucket's URLs come signed (Strapi's signFileUrls): the entry keeps them plain, as Strapi stores them.
      withoutSignatures(data);
      // publishedAt kept too: Strapi stamps it a moment after createdAt, and answers it on every file.
      const publishedAt = typeof file.publishedAt === 'string' ? file.publishedAt : undefined;
      const document = { data, createdAt: file.createdAt as string, updatedAt: file.updatedAt as string, publishedAt };
      await writeEntry(root, index, file.documentId as string, document, { timestampsAsGiven: true });
      for (const binary of wanted[at]) if (await saveBinary(root, client, binary)) binaries++;
    }
  } finally {
    await scratch?.dispose();
  }
  progress(`media: ${files.length} entries, ${binaries} binaries written`);
  return files.length;
}
