import type { FormatEnum, Sharp } from 'sharp';

/** Formats Strapi treats as images (reads dimensions of), resizes, and re-encodes (`image-manipulation.ts`). */
const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'svg', 'gif', 'avif'];
const RESIZABLE_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'gif'];
/**
 * Formats whose pixels are never computed here: an SVG's cost to rasterise is not bounded by its
 * size or its pixels (a 300-byte file with a large blur filter takes minutes and gigabytes), and
 * Strapi makes no formats of it anyway. It is stored as sent, with the dimensions its header declares.
 */
const NEVER_RASTERISED = ['svg'];


/** Re-encoders for size optimisation, one per optimisable format. */
const ENCODERS: Record<string, (image: Sharp, quality: number) => Sharp> = {
  jpeg: (image, quality) => image.jpeg({ quality }),
  png: (image, quality) => image.png({ quality }),
  webp: (image, quality) => image.webp({ quality }),
  tiff: (image, quality) => image.tiff({ quality }),
  avif: (image, quality) => image.avif({ quality }),
};

export interface ImageInfo {
  /** sharp's format name: `jpeg`, `png`, `svg`… */
  format: string;
  width: number | null;
  height: number | null;
  resizable: boolean;
  /** Are its pixels ever decoded (checked, optimised, resized)? Not for an SVG. */
  raster: boolean;
}

/** An image sharp wrote to `path`: its dimensions and size in bytes. */
export interface WrittenImage {
  path: string;
  width: number;
  height: number;
  size: number;
}

type SharpFactory = typeof import('sharp')['default'];
let loading: Promise<SharpFactory> | undefined;
/**
 * sharp, loaded on first use (it is most of the CLI's and the server's start-up time otherwise),
 * with Strapi's settings: no cache, one thread per operation (the server does other work too).
 */
function loadSharp(): Promise<SharpFactory> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

/**
 * Every decode refuses more than `maxPixels` (libvips checks the header before decoding), a second guard behind
 * `upload.maxPixels`. The time limit is the worker's (image-jobs.ts): sharp's own `timeout` is checked only
 * between the regions libvips computes, never inside work done in one piece.
 */
const openImage = (sharp: SharpFactory, path: string, maxPixels: number) => sharp(path, { limitInputPixels: maxPixels });

/**
 * What sharp makes of a file from its header alone (nothing is decoded): undefined for anything
 * that is not one of Strapi's image formats (those get no dimensions and no formats).
 */
export async function inspectImage(path: string): Promise<ImageInfo | undefined> {
  const sharp = await loadSharp();
  try {
    const { format, width, height } = await sharp(path).metadata();
    if (!format || !IMAGE_FORMATS.includes(format)) return undefined;
    const resizable = RESIZABLE_FORMATS.includes(format);
    return { format, width: width ?? null, height: height ?? null, resizable, raster: !NEVER_RASTERISED.includes(format) };
  } catch {
    return undefined;
  }
}

/** Does decoding the pixels fail (a truncated or corrupt image)? Strapi then answers 400. */
export async function isFaultyImage(path: string, maxPixels: number): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    await openImage(sharp, path, maxPixels).stats();
    return false;
  } catch {
    return true;
  }
}

/**
 * Strapi's optimisation: re-encode at quality 80 (size optimisation) and/or rotate by EXIF
 * (auto-orientation) into `out`, kept even when larger than the original: Strapi 5.54 compares
 * with the size sharp's metadata gives, which a file read from disk has none of, so an uploaded
 * image is always replaced (a PNG requantised at quality 80 may grow; recorded: upload.post.wide.png).
 */
export async function optimizeImage(
  input: { path: string; format: string },
  options: { sizeOptimization: boolean; autoOrientation: boolean; maxPixels: number },
  out: string,
): Promise<WrittenImage | undefined> {
  const encode = ENCODERS[input.format];
  if (!encode || !(options.sizeOptimization || options.autoOrientation)) return undefined;
  const sharp = await loadSharp();
  let image = encode(openImage(sharp, input.path, options.maxPixels), options.sizeOptimization ? 80 : 100);
  if (options.autoOrientation) image = image.rotate();
  const info = await image.toFile(out);
  return { path: out, width: info.width, height: info.height, size: info.size };
}

/** Resize into `out`, inside `width`×`height`, keeping the aspect ratio and the input's format. */
export async function resizeInside(
  input: { path: string; format: string }, box: { width: number; height: number }, maxPixels: number, out: string,
): Promise<WrittenImage> {
  const sharp = await loadSharp();
  // The temp name has no extension, so the format is named (the input's, as toBuffer keeps it).
  const info = await openImage(sharp, input.path, maxPixels)
    .resize({ ...box, fit: 'inside' })
    .toFormat(input.format as keyof FormatEnum)
    .toFile(out);
  return { path: out, width: info.width, height: info.height, size: info.size };
}
