import { ApplicationError, PayloadTooLargeError, ValidationError } from '../errors.js';
import { bytesToHumanReadable } from './units.js';

/** Strapi's 413 for a file over `sizeLimit`; `details` is `{}` as for its other error classes. */
export class FileTooLargeError extends PayloadTooLargeError {
  override readonly details = {};
  constructor(name: string, sizeLimit: number) {
    super(`${name} exceeds size limit of ${bytesToHumanReadable(sizeLimit)}.`);
  }
}

/** The body parser's 413 (`ctx.payloadTooLarge('FileTooBig')`) for a multipart request over its limit. */
export class MultipartTooLargeError extends PayloadTooLargeError {
  override readonly details = {};
  constructor() {
    super('FileTooBig');
  }
}

const megapixels = (pixels: number): string => `${Math.round(pixels / 100_000) / 10} Mpx`;

/**
 * An image whose header declares more pixels than `upload.maxPixels`, rejected before anything is
 * decoded (a 30 KB PNG can declare 16000×16000). A 400 ValidationError, as Strapi's other
 * rejected uploads; `details` carry the numbers.
 */
export class ImageTooLargeError extends ValidationError {
  constructor(name: string, width: number, height: number, maxPixels: number) {
    const message = `${name} is ${width}×${height} pixels (${megapixels(width * height)}), over the limit of ${megapixels(maxPixels)}`;
    super(message, { width, height, maxPixels });
  }
}

/** Strapi's 400 when a request carries no file and no `id`. */
export const filesAreEmpty = (): ValidationError => new ValidationError('Files are empty');

/** An image operation (check, re-encode, one format) that outlived its time limit; its worker was killed. */
export class ImageTimeoutError extends ApplicationError {
  constructor(seconds: number) {
    super(`The image took longer than ${seconds} s to process`, { seconds });
  }
}
