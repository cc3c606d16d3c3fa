import type { resizeInside, WrittenImage } from './image.js';
import type { Scratch } from './scratch.js';
import { bytesToKbytes } from './units.js';

/** One entry of a file's `formats`, in the key order Strapi stores. */
export interface FormatEntry {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: null;
  width: number;
  height: number;
  size: number;
  sizeInBytes: number;
  url: string;
}

/** A generated format: its entry and the temp file to store at `/uploads/<hash><ext>`. */
export interface GeneratedFormat {
  key: string;
  entry: FormatEntry;
  path: string;
}

export interface FormatSource {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  /** The image on disk and sharp's name of its format (formats keep it). */
  path: string;
  format: string;
  width: number | null;
  height: number | null;
}

/** Where formats are written (temp files, moved into place later) and the decoding limit. */
export interface FormatOutput {
  scratch: Scratch;
  maxPixels: number;
  /** image.ts's `resizeInside`, or the same run in the image worker (image-jobs.ts). */
  resize: (...args: Parameters<typeof resizeInside>) => Promise<WrittenImage>;
}

/** Strapi's thumbnail box. */
export const THUMBNAIL = { width: 245, height: 156 };

/** The public URL of a stored upload (the local provider's rule). */
export const uploadUrl = (hash: string, ext: string): string => `/uploads/${hash}${ext}`;

async function makeFormat(
  key: string, source: FormatSource, width: number, height: number, output: FormatOutput,
): Promise<GeneratedFormat> {
  const resized = await output.resize(source, { width, height }, output.maxPixels, output.scratch.file());
  const hash = `${key}_${source.hash}`;
  const entry: FormatEntry = {
    name: `${key}_${source.name}`, hash, ext: source.ext, mime: source.mime, path: null,
    width: resized.width, height: resized.height,
    size: bytesToKbytes(resized.size), sizeInBytes: resized.size, url: uploadUrl(hash, source.ext),
  };
  return { key, entry, path: resized.path };
}

/**
 * Strapi's formats of a resizable image: `thumbnail` (inside 245×156) when the image is larger in
 * either side, then one per breakpoint (inside N×N) smaller than the image's larger side. Each is
 * written by sharp off the event loop into a temp file of `output.scratch`.
 *
 * @example
 * (await generateFormats(photo1200x800, { large: 1000, medium: 750, small: 500 }, { scratch, maxPixels })).map((f) => f.key)
 * // ['thumbnail', 'large', 'medium', 'small']
 */
export async function generateFormats(
  source: FormatSource, breakpoints: Record<string, number> | undefined, output: FormatOutput,
): Promise<GeneratedFormat[]> {
  const { width, height } = source;
  if (!width || !height) return [];
  const formats: GeneratedFormat[] = [];
  if (width > THUMBNAIL.width || height > THUMBNAIL.height) {
    formats.push(await makeFormat('thumbnail', source, THUMBNAIL.width, THUMBNAIL.height, output));
  }
  for (const [key, size] of Object.entries(breakpoints ?? {})) {
    if (size < width || size < height) formats.push(await makeFormat(key, source, size, size, output));
  }
  return formats;
}
