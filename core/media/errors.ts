import { PayloadTooLargeError, ValidationError } from '../errors.js';
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

/** Strapi's 400 when a request carries no file and no `id`. */
export const filesAreEmpty = (): ValidationError => new ValidationError('Files are empty');
