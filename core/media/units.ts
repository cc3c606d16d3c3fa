/** Strapi's file size units (`@strapi/utils` file.ts): decimal kilobytes, two decimals. */

/** Bytes → KB as Strapi stores `size`: `Math.round(bytes / 1000 * 100) / 100`. */
export const bytesToKbytes = (bytes: number): number => Math.round((bytes / 1000) * 100) / 100;

/**
 * Bytes as Strapi prints them in size-limit messages (powers of 1000, rounded).
 *
 * @example
 * bytesToHumanReadable(1_000_000_000) // '1 GB'
 */
export function bytesToHumanReadable(bytes: number): string {
  const sizes = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  if (bytes === 0) return '0 Bytes';
  const i = Math.floor(Math.log(bytes) / Math.log(1000));
  return `${Math.round(bytes / 1000 ** i)} ${sizes[i]}`;
}
