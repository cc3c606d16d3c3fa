import type { Document } from 'yaml';
import { flowBeyondIndentedDepth, stringifyJsonFile } from '../parsers/bounded-indent.js';
import { getParser } from '../parsers/index.js';
import { markdownDocument } from '../parsers/markdown.js';
import { yamlLib } from '../parsers/yaml-lib.js';
import { markdownBodyAttribute } from '../index/read-file.js';
import type { Model, Models } from '../schema/types.js';
import type { Data } from '../types.js';
import { spaceYaml, type FileLayout } from './merge-layout.js';

export interface StoredDocument {
  data: Data;
  /** Absent: not written (the file's history or modification time answers it). */
  createdAt?: string;
  updatedAt?: string;
  publishedAt: string | null | undefined;
}

const isRecord = (value: unknown): value is Data => !!value && typeof value === 'object' && !Array.isArray(value);

/** Deep equality of stored values, ignoring key order (a hand-ordered file with the same values is unchanged). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  // Own keys with a value, as Object.keys lists them, walked without its arrays: every write compares its fields so.
  let held = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key) || a[key] === undefined) continue;
    held++;
    if (!sameData(a[key], b[key])) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key) && b[key] !== undefined) held--;
  return held === 0;
}

/**
 * Fields in canonical order: schema attribute order (components likewise, `__component` first).
 * Objects and lists written with a blank line between their entries in the merge-safe layout (the
 * document, each component, each list of components) are added to `spaced`.
 */
function ordered(models: Models, model: Model, data: Data, spaced: Set<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  spaced.add(out);
  if (data.__component !== undefined) out.__component = data.__component;
  for (const name of model.attributeNames) {
    const value = data[name];
    if (value === undefined) continue;
    const attribute = model.attributes[name];
    if (attribute.type === 'component' && value !== null && typeof value === 'object') {
      const component = models.get(attribute.component!)!;
      out[name] = Array.isArray(value)
        ? spacedList(value.map((item) => ordered(models, component, item as Data, spaced)), spaced)
        : ordered(models, component, value as Data, spaced);
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      const item = (entry: unknown) => {
        const component = isRecord(entry) ? models.get(String(entry.__component)) : undefined;
        return component ? ordered(models, component, entry as Data, spaced) : entry;
      };
      out[name] = spacedList(value.map(item), spaced);
    } else {
      out[name] = value;
    }
  }
  return out;
}

const spacedList = (list: unknown[], spaced: Set<object>) => { spaced.add(list); return list; };

/** What a file holds when Git history answers `updatedAt` and `publishedAt` (`git.timestampsFromHistory`). */
export const withoutHistoryTimestamps = (document: StoredDocument): StoredDocument =>
  ({ ...document, updatedAt: undefined, publishedAt: undefined });

/** The canonical object a content file holds: attributes, then createdAt, updatedAt, publishedAt. */
export function canonicalFields(
  models: Models, model: Model, document: StoredDocument, spaced = new Set<object>(),
): Record<string, unknown> {
  const fields = ordered(models, model, document.data, spaced);
  if (document.createdAt !== undefined) fields.createdAt = document.createdAt;
  if (document.updatedAt !== undefined) fields.updatedAt = document.updatedAt;
  if (document.publishedAt !== undefined) fields.publishedAt = document.publishedAt;
  return fields;
}

/**
 * A document as file text in the file's own format. YAML and Markdown front matter are edited in
 * place when the file exists, so comments and hand formatting survive; JSON is canonical.
 * `layout` picks the blank lines (see `FileLayout`); the caller passes the file's own layout for
 * an edit (`fileLayout`), the project's for a new file or `cms fmt`.
 */
export function serializeDocument(
  models: Models, model: Model, file: string, document: StoredDocument, previousText?: string, layout: FileLayout = 'merge-safe',
): string {
  const parser = getParser(file)!;
  const spaced = new Set<object>();
  const fields = canonicalFields(models, model, document, spaced);
  if (layout === 'compact') spaced.clear();
  if (parser.name === 'json') return stringifyJsonFile(fields, spaced);
  let body: string | undefined;
  if (parser.name === 'markdown') {
    const bodyAttribute = markdownBodyAttribute(model);
    if (bodyAttribute && typeof fields[bodyAttribute] === 'string') {
      body = fields[bodyAttribute] as string;
      delete fields[bodyAttribute];
    }
  }
  if (parser.name === 'yaml') return (previousText !== undefined && editYaml(previousText, fields, spaced)) || writeYaml(fields, spaced);
  const match = previousText === undefined ? null : /^---\r?\n([\s\S]*?)\r?\n?---\r?\n/.exec(previousText);
  const frontMatter = (match && editYaml(match[1], fields, spaced)) || (Object.keys(fields).length ? writeYaml(fields, spaced) : '');
  return markdownDocument(frontMatter, body ?? '');
}

/** New YAML text: block style to `INDENTED_DEPTH`, no line folding, blank lines where `spaced` says. */
function writeYaml(fields: Record<string, unknown>, spaced: ReadonlySet<object>): string {
  const document = new (yamlLib().Document)(fields);
  spaceYaml(document, fields, spaced);
  spaceYaml(document, fields, spaced);
  return flowBeyondIndentedDepth(document).toString({ lineWidth: 0 });
}

/**
 * Set changed keys on the existing YAML document, keeping its comments and layout. A key the
 * document lacks is inserted where the canonical order puts it (before the first later key).
 */
function editYaml(previousText: string, fields: Record<string, unknown>, spaced: ReadonlySet<object>): string | undefined {
  // Widened from Document.Parsed: new nodes are added below.
  const { isMap, isScalar, parseDocument } = yamlLib();
  const document: Document = parseDocument(previousText);
  if (document.errors.length) return undefined;
  if (document.contents === null) document.contents = document.createNode({});
  const map = document.contents;
  if (!isMap(map)) return undefined;
  const previous = (document.toJS() ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(previous)) if (!(key in fields)) document.delete(key);
  const order = Object.keys(fields);
  const rank = (key: unknown) => { const at = order.indexOf(String(isScalar(key) ? key.value : key)); return at < 0 ? order.length : at; };
  for (const [key, value] of Object.entries(fields)) {
    if (key in previous) {
      // A list or object as a node, so flowBeyondIndentedDepth sees its collections; a scalar
      // as a value, so the yaml package keeps the node and its comment.
      if (!sameData(previous[key], value)) {
        document.set(key, value !== null && typeof value === 'object' ? document.createNode(value) : value);
      }
      continue;
    }
    const before = map.items.findIndex((item) => rank(item.key) > order.indexOf(key));
    map.items.splice(before < 0 ? map.items.length : before, 0, document.createPair(key, value));
  }
  spaceYaml(document, fields, spaced);
  return flowBeyondIndentedDepth(document).toString({ lineWidth: 0 });
}
