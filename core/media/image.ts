import type { Sharp } from 'sharp';

/** Formats Strapi treats as images (reads dimensions of), resizes, and re-encodes (`image-manipulation.ts`). */
const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'svg', 'gif', 'avif'];
const RESIZABLE_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'gif'];

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
}

/** Pixels of an image (possibly re-encoded) and its dimensions. */
export interface ImageData {
  data: Buffer;
  width: number;
  height: number;
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
 * What sharp makes of a file: undefined for anything that is not one of Strapi's image formats
 * (those get no dimensions and no formats).
 */
export async function inspectImage(data: Buffer): Promise<ImageInfo | undefined> {
  const sharp = await loadSharp();
  try {
    const { format, width, height } = await sharp(data).metadata();
    if (!format || !IMAGE_FORMATS.includes(format)) return undefined;
    return { format, width: width ?? null, height: height ?? null, resizable: RESIZABLE_FORMATS.includes(format) };
  } catch {
    return undefined;
  }
}

/** Does decoding the pixels fail (a truncated or corrupt image)? Strapi then answers 400. */
export async function isFaultyImage(data: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    await sharp(data).stats();
    return false;
  } catch {
    return true;
  }
}

/**
 * Strapi's optimisation: re-encode at quality 80 (size optimisation) and/or rotate by EXIF
 * (auto-orientation); kept only when not larger than the original.
 */
export async function optimizeImage(data: Buffer, format: string, options: { sizeOptimization: boolean; autoOrientation: boolean }): Promise<ImageData | undefined> {
  const encode = ENCODERS[format];
  if (!encode || !(options.sizeOptimization || options.autoOrientation)) return undefined;
  const sharp = await loadSharp();
  let image = encode(sharp(data), options.sizeOptimization ? 80 : 100);
  if (options.autoOrientation) image = image.rotate();
  const { data: output, info } = await image.toBuffer({ resolveWithObject: true });
  if (output.length > data.length) return undefined;
  return { data: output, width: info.width, height: info.height };
}

/** Resize to fit inside `width`×`height`, keeping the aspect ratio and the input's format. */
export async function resizeInside(data: Buffer, width: number, height: number): Promise<ImageData> {
  const sharp = await loadSharp();
  const { data: output, info } = await sharp(data).resize({ width, height, fit: 'inside' }).toBuffer({ resolveWithObject: true });
  return { data: output, width: info.width, height: info.height };
}
