import type { Document, Node } from 'yaml';
import { yamlLib } from '../parsers/yaml-lib.js';

/**
 * How a content file lays out its fields. `merge-safe`: a blank line between the fields of the
 * document and of each component, and between the entries of a repeatable component or dynamic
 * zone. Git's line merge (xdiff) takes two changes as one conflict when their lines overlap or
 * touch; with an unchanged line between every two fields, edits of different fields never touch,
 * so a plain `git merge` (a hosting site's merge button) merges them. `compact`: no blank lines.
 */
export type FileLayout = 'merge-safe' | 'compact';

/** Top-level keys: of JSON text as the writer indents them; of YAML text, a key at column 0. */
const JSON_KEY = /^ {2}"/gm;
const YAML_KEY = /^[^\s#\-'"][^:\n]*:(?:[ \t]|$)/gm;
/** Text that ends in a blank line: the next key is spaced out. */
const AFTER_BLANK_LINE = /\n[ \t]*\r?\n$/;

/** Where the next top-level key starts (from the pattern's `lastIndex`), or -1. */
function nextKey(key: RegExp, fields: string, json: boolean): number {
  if (json) return key.test(fields) ? key.lastIndex - 3 : -1;
  return key.exec(fields)?.index ?? -1;
}

/**
 * The layout an existing file is in, or undefined when it cannot tell (fewer than two top-level
 * fields). An edit keeps a file's layout, so a write never reformats a whole file; `cms fmt`
 * moves files to the project's layout.
 *
 * @example
 * fileLayout('{\n  "a": 1,\n\n  "b": 2\n}\n', 'json') // 'merge-safe'
 */
export function fileLayout(text: string, format: string): FileLayout | undefined {
  let fields = text;
  if (format === 'markdown') fields = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n/.exec(text)?.[1] ?? '';
  // Key by key, without a list of every match: a write asks this of the file it replaces, every time.
  const key = format === 'json' ? JSON_KEY : YAML_KEY;
  key.lastIndex = 0;
  let keys = 0;
  let spaced = false;
  // JSON's key match is always its three characters (`  "`): `test` finds it without the match array `exec` makes.
  const json = key === JSON_KEY;
  for (let at = nextKey(key, fields, json); at >= 0; at = nextKey(key, fields, json)) {
    // A blank line before the first key (after a comment, say) says nothing about the layout.
    if (keys++ > 0 && AFTER_BLANK_LINE.test(fields.slice(Math.max(0, at - 8), at))) spaced = true;
    if (spaced) break;
  }
  if (keys < 2) return undefined;
  return spaced ? 'merge-safe' : 'compact';
}

const isObject = (value: unknown): value is object => !!value && typeof value === 'object';

/**
 * Mark a blank line before every entry but the first of each map and sequence whose value is in
 * `spaced` (the yaml package writes `spaceBefore` as one blank line, and leaves it out after a
 * `|+` block scalar, whose trailing blank lines are its value). Walks the nodes beside the plain
 * value they hold, keys by name, so a document edited in place (hand order kept) is marked too.
 */
export function spaceYaml(document: Document, value: unknown, spaced: ReadonlySet<object>): void {
  const { isMap, isPair, isScalar, isSeq } = yamlLib();
  const walk = (node: unknown, data: unknown) => {
    if (!isObject(data)) return;
    const mark = spaced.has(data);
    if (isMap(node) && !Array.isArray(data)) {
      node.items.forEach((pair, at) => {
        if (!isPair(pair)) return;
        const key = isScalar(pair.key) ? pair.key : undefined;
        if (mark && at > 0 && key) key.spaceBefore = true;
        walk(pair.value, (data as Record<string, unknown>)[String(key?.value)]);
      });
    } else if (isSeq(node) && Array.isArray(data)) {
      node.items.forEach((item, at) => {
        if (mark && at > 0 && isObject(item)) (item as Node).spaceBefore = true;
        walk(item, data[at]);
      });
    }
  };
  walk(document.contents, value);
}
