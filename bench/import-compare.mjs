// Comparing Strapi's answers with ours, and the files an import leaves (bench/import-from-strapi.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { idClasses } from '../test/conformance/lib/normalize.mjs';


const HASH_SUFFIX = /_[0-9a-f]{10}(?=[._/"]|$)/g;

/** Numeric ids become classes per shape (which rows share an id), upload hash suffixes a placeholder. */
export function normalize(body) {
  const idClass = idClasses();
  const walk = (value, shape, key) => {
    if (typeof value === 'string') return value.replace(HASH_SUFFIX, '_<hash>');
    if (typeof value === 'number' && key === 'id') return idClass(shape, value);
    if (Array.isArray(value)) return value.map((item) => walk(item, `${shape}[]`, key));
    if (value && typeof value === 'object') {
      // dynamic-zone items and a file's `related` entries: one id sequence per table, as in the conformance normaliser
      const table = typeof value.__component === 'string' ? value.__component : typeof value.__type === 'string' ? value.__type : undefined;
      const here = table ? `${shape}<${table}>` : shape;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${here}.${k}`, k)]));
    }
    return value;
  };
  return walk(body, '', '');
}

/** The first few paths where two values differ. */
export function differences(a, b, path = '', out = []) {
  if (out.length >= 4 || isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && a.length !== b.length) { out.push({ path: `${path}.length`, strapi: a.length, ours: b.length }); return out; }
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(key in a)) out.push({ path: `${path}.${key}`, strapi: '(absent)', ours: b[key] });
      else if (!(key in b)) out.push({ path: `${path}.${key}`, strapi: a[key], ours: '(absent)' });
      else differences(a[key], b[key], `${path}.${key}`, out);
      if (out.length >= 4) break;
    }
    return out;
  }
  out.push({ path: path || '(body)', strapi: a, ours: b });
  return out;
}

export async function read(response) {
  const type = (response.headers.get('content-type') ?? '').replace(/\s+/g, '').toLowerCase();
  if (/json/.test(type)) {
    const text = await response.text();
    let body = text;
    try { body = text ? JSON.parse(text) : null; } catch { /* kept as text */ }
    return { status: response.status, type, body };
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type,
    body: `${bytes.length} bytes sha256:${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}` };
}

// ---------------------------------------------------------------------------------------------
// Files, for idempotence

export function snapshot(root) {
  const files = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path), { bytes: readFileSync(path), mtime: statSync(path).mtimeMs });
    }
  };
  for (const dir of ['content', 'public', 'schemas']) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files;
}
