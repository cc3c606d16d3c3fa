import type { Document } from 'yaml';
import { yamlLib } from './yaml-lib.js';

/**
 * Levels of a content file written one value per line (the root object is level 1); anything
 * nested deeper is written on one line. Indentation grows with depth, so a file indented all the
 * way down could grow with the square of the nesting: a 139 KB body of nested blocks became a
 * 110 MB file. With this bound a file stays within about 12× its data (a value at the deepest
 * indented level pays 20 spaces per line); real content nests 7 to 9 levels and is unchanged.
 */
export const INDENTED_DEPTH = 10;

/** `JSON.stringify(value, null, 2)` to `INDENTED_DEPTH` levels, compact below. */
function indented(value: unknown, level: number): string {
  const json = (value as { toJSON?: () => unknown } | null)?.toJSON;
  if (typeof json === 'function') return indented(json.call(value), level);
  if (value === null || typeof value !== 'object' || level > INDENTED_DEPTH) return JSON.stringify(value) ?? 'null';
  const inner = '  '.repeat(level);
  const outer = '  '.repeat(level - 1);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => inner + (item === undefined || typeof item === 'function' ? 'null' : indented(item, level + 1)));
    return `[\n${items.join(',\n')}\n${outer}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined && typeof item !== 'function' && typeof item !== 'symbol');
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${indented(item, level + 1)}`).join(',\n')}\n${outer}}`;
}

/**
 * Whether no object or array nests deeper than `INDENTED_DEPTH` levels and none has a `toJSON`:
 * then `JSON.stringify`'s own indentation writes the same text, natively (every write of a content
 * file asks; real content nests 7 to 9 levels).
 */
function withinIndentedDepth(value: unknown, level: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (level > INDENTED_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (!withinIndentedDepth(item, level + 1)) return false;
  return true;
}

/**
 * JSON file text: two-space indentation as `JSON.stringify(value, null, 2)` for the first
 * `INDENTED_DEPTH` levels, deeper values on one line; a final newline.
 *
 * @example
 * stringifyJsonFile({ a: [1] }) // '{\n  "a": [\n    1\n  ]\n}\n'
 */
export function stringifyJsonFile(value: unknown, spaced?: ReadonlySet<object>): string {
  if (spaced?.size) return `${spacedOut(value, 1, spaced)}\n`;
  return `${withinIndentedDepth(value, 1) ? JSON.stringify(value, null, 2) ?? 'null' : indented(value, 1)}\n`;
}

/**
 * As `stringifyJsonFile`, with a blank line between the entries of every object and array in
 * `spaced` (the merge-safe layout: git's line merge takes two edits as one conflict when their
 * lines touch, and never when an unchanged line stands between them).
 */
function spacedOut(value: unknown, level: number, spaced: ReadonlySet<object>): string {
  // A scalar (most fields): its JSON has no line to indent.
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (!spaced.has(value)) {
    if (!withinIndentedDepth(value, level)) return indented(value, level);
    return (JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, `\n${'  '.repeat(level - 1)}`);
  }
  // Appended to one string, entry by entry (every write of a spaced document comes here: no entries, filter and map arrays).
  const inner = '  '.repeat(level);
  const array = Array.isArray(value);
  let text = '';
  if (array) {
    for (const item of value) text += `${text ? ',\n\n' : ''}${inner}${item === undefined ? 'null' : spacedOut(item, level + 1, spaced)}`;
  } else {
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) text += `${text ? ',\n\n' : ''}${inner}${JSON.stringify(key)}: ${spacedOut(item, level + 1, spaced)}`;
    }
  }
  if (!text) return array ? '[]' : '{}';
  const outer = '  '.repeat(level - 1);
  return array ? `[\n${text}\n${outer}]` : `{\n${text}\n${outer}}`;
}

/**
 * Write a YAML document's collections deeper than `INDENTED_DEPTH` in flow style (`[ … ]`,
 * `{ … }` on one line), so block indentation stays bounded. Shallower nodes keep their style.
 *
 * @example
 * const document = new Document(data); flowBeyondIndentedDepth(document); document.toString({ lineWidth: 0 });
 */
export function flowBeyondIndentedDepth(document: Document): Document {
  const { isCollection, visit } = yamlLib();
  visit(document, {
    Collection(_key, node, path) {
      if (path.filter((ancestor) => isCollection(ancestor)).length < INDENTED_DEPTH) return undefined;
      node.flow = true;
      return visit.SKIP;
    },
  });
  return document;
}
