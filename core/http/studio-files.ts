import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { NotFoundError } from '../errors.js';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * The studio's page and files, each file tagged with what it is now (size and modification time). The page names every module
 * and style by its tagged URL (`./fields.js?v=<tag>`: the import map turns each module's plain import into it), and a tagged URL
 * whose tag is the file's is answered `immutable`: a reload or a second tab takes the studio's ~75 modules from the browser's
 * cache instead of asking for each again (a reload with them cached measured ~1 s of chromium and server CPU less). A changed
 * file has another tag, so the next page load names a new URL; the page itself is never kept (`no-cache`).
 */

const here = dirname(new URL(import.meta.url).pathname);
/** `studio/` beside `core/` (sources under vitest) or beside `dist/` (the built package). */
export const STUDIO_DIR = [resolve(here, '../../studio'), resolve(here, '../../../studio')]
  .find((dir) => existsSync(join(dir, 'index.html')));

const require = createRequire(import.meta.url);
const packageDir = (name: string) => resolve(dirname(require.resolve(name)), '..');
/** The vendored modules: a fixed table, so no other file of `node_modules` is ever reachable. */
export const VENDOR: Record<string, () => string> = {
  'preact.js': () => join(packageDir('preact'), 'dist/preact.module.js'),
  'hooks.js': () => join(packageDir('preact'), 'hooks/dist/hooks.module.js'),
  'htm.js': () => join(packageDir('htm'), 'dist/htm.module.js'),
};

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', html: 'text/html; charset=utf-8',
};
export const HTML_TYPE = TYPES.html;

/** What a file is now: its size and modification time, short. */
const tagOf = (file: { size: number; mtimeMs: number }) => `${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}`;

/** A file name of the page (`./app.js`, `./vendor/preact.js`) as its tagged URL. */
function tagged(name: string): string {
  const vendor = /^\.\/vendor\/([a-z]+\.js)$/.exec(name)?.[1];
  const path = vendor && Object.hasOwn(VENDOR, vendor) ? VENDOR[vendor]() : join(STUDIO_DIR!, name);
  return `${name}?v=${tagOf(statSync(path))}`;
}

/**
 * The page, its import map naming every module by its tagged URL, and a CSP that admits that one inline script by hash and nothing
 * else inline. Made per request (a few dozen stats): a studio file changed since is named by its new tag at the next load.
 */
export function studioPage(prefix: string): { html: string; csp: string } {
  // The prefix is checked when the config loads (letters, digits, `/_-`), so it is safe in an attribute.
  const page = readFileSync(join(STUDIO_DIR!, 'index.html'), 'utf8').replace('%API_PREFIX%', prefix);
  const written = /<script type="importmap">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '{"imports":{}}';
  const imports: Record<string, string> = {};
  for (const [specifier, target] of Object.entries(JSON.parse(written).imports as Record<string, string>)) {
    imports[specifier] = tagged(target);
  }
  for (const name of readdirSync(STUDIO_DIR!)) if (/^[a-z][a-z0-9-]*\.js$/.test(name)) imports[`./${name}`] = tagged(`./${name}`);
  const importMap = JSON.stringify({ imports });
  const html = page.replace(written, () => importMap)
    .replace(/(src|href)="(\.\/[a-z][a-z0-9-]*\.(?:js|css))"/g, (_, attribute: string, name: string) => `${attribute}="${tagged(name)}"`);
  const hash = createHash('sha256').update(importMap).digest('base64');
  const csp = SECURITY_HEADERS['content-security-policy'].replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`);
  return { html, csp };
}

/**
 * One of the studio's files. Asked by the tag it has now (`tag`, the URL's `v`), it is kept by the browser for good; asked plainly
 * or by an older tag (a page loaded before the file changed), it is checked again at each use, as before.
 */
export async function studioFile(path: string, tag: string | null, headers: Record<string, string>): Promise<Response> {
  const handle = await open(path).catch(() => { throw new NotFoundError(); });
  const [file, body] = await Promise.all([handle.stat(), handle.readFile()]).finally(() => handle.close());
  const type = TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  const cacheControl = tag !== null && tag === tagOf(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return new Response(body as unknown as BodyInit, {
    status: 200, headers: { ...headers, 'content-type': type, 'cache-control': cacheControl },
  });
}
