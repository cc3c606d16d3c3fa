import type { Caller } from '../access/permissions.js';
import { ApplicationError } from '../errors.js';
import { isStoredName } from './binary-store.js';
import type { Data } from '../types.js';
import { FileTooLargeError, ImageTooLargeError } from './errors.js';
import type { FileInfo } from './file-info.js';
import { generateFormats, uploadUrl, type GeneratedFormat } from './formats.js';
import { inspectImage, type ImageInfo, type WrittenImage } from './image.js';
import { createImageJobs } from './image-jobs.js';
import type { IncomingFile } from './multipart.js';
import type { ProviderFile } from './providers/types.js';
import { nameFile } from './naming.js';
import type { Scratch } from './scratch.js';
import { bytesToKbytes } from './units.js';
import type { UploadConfig } from './upload-config.js';

/** An upload ready to store: the entry's fields and every binary to move into place (the file, then its formats). */
export interface PreparedFile {
  fields: Data;
  /** Stored names, the temp files holding their bytes, and the format each is (none for the file itself). */
  binaries: { name: string; path: string; format?: string }[];
}

/**
 * Image work of the whole process, whatever the number of requests, admitted by the pixels declared (a
 * decode takes memory in proportion) and fairly between callers, in worker processes killed past the time
 * limit (image-jobs.ts).
 */
const imageJobs = createImageJobs();

/** Whose image work it is, for the per-caller share of image jobs: a signed-in user, a token, or anyone anonymous. */
export const imageCaller = (caller: Caller): string =>
  caller.userId !== undefined ? `user:${caller.userId}` : caller.name !== undefined ? `${caller.kind}:${caller.name}` : caller.kind;

/** Refuse an image whose header declares more than `maxPixels`, before anything decodes it. */
function checkPixels(name: string, image: ImageInfo, maxPixels: number): void {
  if (image.width && image.height && image.width * image.height > maxPixels) {
    throw new ImageTooLargeError(name, image.width, image.height, maxPixels);
  }
}

/**
 * Turn an uploaded file into Strapi's file entry, writing only temp files in `scratch`: name and
 * hash, the pixel limit (from the header), image checks and optimisation, the size limit (after
 * optimisation, as Strapi), dimensions and formats. Images are decoded by sharp off the event loop,
 * one at a time. A replacement keeps the old `hash` and `ext`, so its URL does not change.
 */
export async function prepareFile(
  file: IncomingFile, info: FileInfo, options: { config: UploadConfig; scratch: Scratch; caller: string },
  keep?: { hash: string; ext: string },
): Promise<PreparedFile> {
  const { config, scratch } = options;
  const named = nameFile(file.name, file.type, info.name);
  const { hash, ext } = keep ?? named;
  const mime = file.type;
  let stored: { path: string; size: number } = file;
  let image = await inspectImage(file.path);
  const cost = { caller: options.caller, pixels: 0 };
  if (image) {
    const { format } = image;
    checkPixels(named.name, image, config.maxPixels);
    cost.pixels = (image.width ?? 0) * (image.height ?? 0);
    // An SVG is never decoded (image.ts): no faulty-image check and no optimisation, as it gets no formats.
    const faulty = image.raster && await imageJobs.run<boolean>('isFaultyImage', [file.path, config.maxPixels], cost);
    if (faulty) throw new ApplicationError('File is not a valid image');
    const options = { sizeOptimization: config.sizeOptimization, autoOrientation: config.autoOrientation, maxPixels: config.maxPixels };
    const input = { path: file.path, format };
    const optimized = image.raster
      && await imageJobs.run<WrittenImage | undefined>('optimizeImage', [input, options, scratch.file()], cost);
    if (optimized) {
      stored = optimized;
      image = { ...image, width: optimized.width, height: optimized.height };
    }
  }
  if (stored.size > config.sizeLimit) throw new FileTooLargeError(named.name, config.sizeLimit);
  const source = {
    name: named.name, hash, ext, mime, path: stored.path,
    format: image?.format ?? '', width: image?.width ?? null, height: image?.height ?? null,
  };
  const formats: GeneratedFormat[] = image?.resizable
    ? await generateFormats(source, config.responsiveDimensions ? config.breakpoints : undefined, {
      scratch, maxPixels: config.maxPixels, resize: (...args) => imageJobs.run<WrittenImage>('resizeInside', args, cost),
    })
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
    size: bytesToKbytes(stored.size),
    url: uploadUrl(hash, ext),
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
  };
  const formatBinaries = formats.map((format) => ({ name: `${format.entry.hash}${ext}`, path: format.path, format: format.key }));
  return { fields, binaries: [{ name: `${hash}${ext}`, path: stored.path }, ...formatBinaries] };
}

/**
 * Every stored binary of an entry as its provider names it: the file and each format (`<hash><ext>`, with the URL
 * stored); hand-edited names that could leave the folder are skipped.
 */
export function storedFiles(fields: Data): ProviderFile[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const ext = text(fields.ext) ?? '';
  const files: ProviderFile[] = [{ hash: String(fields.hash), ext, mime: String(fields.mime ?? ''), url: text(fields.url) }];
  const formats = fields.formats && typeof fields.formats === 'object' ? Object.values(fields.formats as Record<string, Data>) : [];
  for (const format of formats) {
    if (!format || typeof format.hash !== 'string') continue;
    files.push({ hash: format.hash, ext: text(format.ext) ?? ext, mime: String(format.mime ?? fields.mime ?? ''), url: text(format.url) });
  }
  return files.filter((file) => isStoredName(`${file.hash}${file.ext}`));
}

/** The stored names (`<hash><ext>`) of an entry's binaries. */
export const storedBinaries = (fields: Data): string[] => storedFiles(fields).map((file) => `${file.hash}${file.ext}`);
