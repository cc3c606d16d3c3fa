import { ApplicationError } from '../errors.js';
import { isStoredName } from './binary-store.js';
import type { Data } from '../types.js';
import { FileTooLargeError } from './errors.js';
import type { FileInfo } from './file-info.js';
import { generateFormats, uploadUrl } from './formats.js';
import { inspectImage, isFaultyImage, optimizeImage } from './image.js';
import type { IncomingFile } from './multipart.js';
import { nameFile } from './naming.js';
import { bytesToKbytes } from './units.js';
import type { UploadConfig } from './upload-config.js';

/** An upload ready to store: the entry's fields and every binary to write (the file, then its formats). */
export interface PreparedFile {
  fields: Data;
  binaries: { name: string; data: Buffer }[];
}

/**
 * Turn an uploaded file into Strapi's file entry, without touching the disk: name and hash,
 * image checks and optimisation, the size limit (after optimisation, as Strapi), dimensions and
 * formats. A replacement keeps the old `hash` and `ext`, so its URL does not change.
 */
export async function prepareFile(file: IncomingFile, info: FileInfo, config: UploadConfig, keep?: { hash: string; ext: string }): Promise<PreparedFile> {
  const named = nameFile(file.name, file.type, info.name);
  const { hash, ext } = keep ?? named;
  const mime = file.type;
  let data = file.data;
  let image = await inspectImage(data);
  if (image) {
    if (await isFaultyImage(data)) throw new ApplicationError('File is not a valid image');
    const optimized = await optimizeImage(data, image.format, config);
    if (optimized) {
      data = optimized.data;
      image = { ...image, width: optimized.width, height: optimized.height };
    }
  }
  if (data.length > config.sizeLimit) throw new FileTooLargeError(named.name, config.sizeLimit);
  const formats = image?.resizable
    ? await generateFormats({ name: named.name, hash, ext, mime, data, width: image.width, height: image.height }, config.responsiveDimensions ? config.breakpoints : undefined)
    : [];
  const fields: Data = {
    name: named.name,
    alternativeText: info.alternativeText ?? null,
    caption: info.caption ?? null,
    focalPoint: info.focalPoint ?? null,
    width: image?.width ?? null,
    height: image?.height ?? null,
    formats: formats.length ? Object.fromEntries(formats.map((format) => [format.key, format.entry])) : null,
    hash, ext, mime,
    size: bytesToKbytes(data.length),
    url: uploadUrl(hash, ext),
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
  };
  return { fields, binaries: [{ name: `${hash}${ext}`, data }, ...formats.map((format) => ({ name: `${format.entry.hash}${ext}`, data: format.data }))] };
}

/** Every stored binary of an entry: the file and each format (`<hash><ext>`); hand-edited names that could leave the folder are skipped. */
export function storedBinaries(fields: Data): string[] {
  const names = [`${String(fields.hash)}${String(fields.ext ?? '')}`];
  const formats = fields.formats && typeof fields.formats === 'object' ? Object.values(fields.formats as Record<string, { hash?: unknown; ext?: unknown }>) : [];
  for (const format of formats) if (format && typeof format.hash === 'string') names.push(`${format.hash}${typeof format.ext === 'string' ? format.ext : String(fields.ext ?? '')}`);
  return names.filter(isStoredName);
}
