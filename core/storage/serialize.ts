import { isMap, isScalar, parseDocument, type Document } from 'yaml';
import { flowBeyondIndentedDepth } from '../parsers/bounded-indent.js';
import { getParser } from '../parsers/index.js';
import { markdownDocument } from '../parsers/markdown.js';
import { markdownBodyAttribute } from '../index/read-file.js';
import type { Model, Models } from '../schema/types.js';
import type { Data } from '../types.js';

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
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length && keys.every((key) => sameData(a[key], b[key]));
}

/** Fields in canonical order: schema attribute order (components likewise, `__component` first). */
function ordered(models: Models, model: Model, data: Data): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (data.__component !== undefined) out.__component = data.__component;
  for (const name of model.attributeNames) {
    const value = data[name];
    if (value === undefined) continue;
    const attribute = model.attributes[name];
    if (attribute.type === 'component' && value !== null && typeof value === 'object') {
      const component = models.get(attribute.component!)!;
      out[name] = Array.isArray(value) ? value.map((item) => ordered(models, component, item as Data)) : ordered(models, component, value as Data);
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      out[name] = value.map((item) => (isRecord(item) && models.get(String(item.__component)) ? ordered(models, models.get(String(item.__component))!, item) : item));
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** What a file holds when Git history answers `updatedAt` and `publishedAt` (`git.timestampsFromHistory`). */
export const withoutHistoryTimestamps = (document: StoredDocument): StoredDocument => ({ ...document, updatedAt: undefined, publishedAt: undefined });

/** The canonical object a content file holds: attributes, then createdAt, updatedAt, publishedAt. */
export function canonicalFields(models: Models, model: Model, document: StoredDocument): Record<string, unknown> {
  const fields = ordered(models, model, document.data);
  if (document.createdAt !== undefined) fields.createdAt = document.createdAt;
  if (document.updatedAt !== undefined) fields.updatedAt = document.updatedAt;
  if (document.publishedAt !== undefined) fields.publishedAt = document.publishedAt;
  return fields;
}

/**
 * A document as file text in the file's own format. YAML and Markdown front matter are edited in
 * place when the file exists, so comments and hand formatting survive; JSON is canonical.
 */
export function serializeDocument(models: Models, model: Model, file: string, document: StoredDocument, previousText?: string): string {
  const parser = getParser(file)!;
  const fields = canonicalFields(models, model, document);
  if (parser.name === 'json') return parser.stringify(fields);
  let body: string | undefined;
  if (parser.name === 'markdown') {
    const bodyAttribute = markdownBodyAttribute(model);
    if (bodyAttribute && typeof fields[bodyAttribute] === 'string') {
      body = fields[bodyAttribute] as string;
      delete fields[bodyAttribute];
    }
  }
  if (parser.name === 'yaml' && previousText !== undefined) return editYaml(previousText, fields) ?? parser.stringify(fields);
  if (parser.name === 'markdown' && previousText !== undefined) {
    const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n/.exec(previousText);
    const frontMatter = match ? editYaml(match[1], fields) : undefined;
    if (frontMatter !== undefined) return markdownDocument(frontMatter, body ?? '');
  }
  return parser.stringify(fields, body);
}

/**
 * Set changed keys on the existing YAML document, keeping its comments and layout. A key the
 * document lacks is inserted where the canonical order puts it (before the first later key).
 */
function editYaml(previousText: string, fields: Record<string, unknown>): string | undefined {
  // Widened from Document.Parsed: new nodes are added below.
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
      if (!sameData(previous[key], value)) document.set(key, value !== null && typeof value === 'object' ? document.createNode(value) : value);
      continue;
    }
    const before = map.items.findIndex((item) => rank(item.key) > order.indexOf(key));
    map.items.splice(before < 0 ? map.items.length : before, 0, document.createPair(key, value));
  }
  return flowBeyondIndentedDepth(document).toString({ lineWidth: 0 });
}
