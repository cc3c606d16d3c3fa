/** yup's texts, as Strapi's validators print them: paths, values, type errors. */

/** yup's path text (`seo.metaSocial[0].title`); the `path` array of a problem keeps the segments. */
export const yupPath = (path: readonly string[]): string =>
  path.reduce((text, segment) => (/^\d+$/.test(segment) ? `${text}[${segment}]` : text ? `${text}.${segment}` : segment), '');

/** yup's `printValue`: strings quoted, objects as 2-space JSON. */
function printSimple(value: unknown): string | null {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return `"${value}"`;
  return null;
}
export const printValue = (value: unknown): string =>
  printSimple(value)
    ?? JSON.stringify(value, function (this: Record<string, unknown>, key, raw) { return printSimple(this[key]) ?? raw; }, 2);

/** yup's `mixed.notType` message, with the `(cast from …)` part when casting changed the value. */
export const notType = (path: string, type: string, original: unknown, cast: unknown = original): string =>
  `${path} must be a \`${type}\` type, but the final value was: \`${printValue(cast)}\`` +
  (original !== null && original !== undefined && original !== cast ? ` (cast from the value \`${printValue(original)}\`).` : '.');
