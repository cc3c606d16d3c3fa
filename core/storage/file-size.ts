import { CmsError } from '../errors.js';

/**
 * The default `content.maxFileSize`: 5 MiB. Five times the largest JSON body the API accepts (1 MiB,
 * Strapi's `jsonLimit`), so what any accepted body serialises to fits with its indentation, while a
 * value of hundreds of megabytes, which every list request would then carry, is refused.
 */
export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

/**
 * The one size rule for content files: the text's UTF-8 size when it is over `limit`, else
 * undefined. Loading, reindexing, `cms validate` and every write ask it.
 *
 * @example
 * oversize('{"title":"x"}\n', 10) // 15
 */
export function oversize(text: string, limit: number): number | undefined {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most files are decided without counting.
  if (text.length * 3 <= limit) return undefined;
  const bytes = Buffer.byteLength(text);
  return bytes > limit ? bytes : undefined;
}

/** How a file over the limit is reported (a file problem when read, the 413's message when written). */
export const oversizeMessage = (bytes: number, limit: number): string => `${bytes} bytes, over content.maxFileSize (${limit} bytes)`;

/**
 * A write whose content file would be over `content.maxFileSize`: 413 with Strapi's name for a
 * body over its limit (`PayloadTooLargeError`), since what a write stores is the file it makes.
 */
export class ContentFileTooLargeError extends CmsError {
  constructor(bytes: number, limit: number) {
    super(`The content file would be ${oversizeMessage(bytes, limit)}`, 413, { size: bytes, maxFileSize: limit }, 'PayloadTooLargeError');
  }
}
