import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { NotFoundError } from '../errors.js';
import { OWN_PACKAGE } from '../package-root.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { BUNDLE, builtBundle, bundleDir, tagOf } from './studio-bundle.js';

/**
 * The studio's page and files, each file tagged with what it holds now (a hash of its bytes). The page names every module
 * and style by its tagged URL (`./fields.js?v=<tag>`: the import map turns each module's plain import into it), and a tagged URL
 * whose tag is the file's is answered `immutable`: a reload or a second tab takes the studio's files from the browser's cache
 * instead of asking for each again (a reload with them cached measured ~1 s of chromium and server CPU less). A changed file has
 * another tag, so the next page load names a new URL; the page itself is never kept (`no-cache`).
 *
 * When the build's bundle of the modules (studio-bundle.ts: rolldown, at `npm run build`) was made from the modules as they are
 * now, the page loads it instead of `app.js`: one request and one parse instead of ~60 modules discovered one import level at a
 * time. Once any module differs from what the bundle holds, the page names the plain modules again.
 */

/** `studio/` at the package root (beside `core/` and `dist/`), when the package has it. */
export const STUDIO_DIR = [join(OWN_PACKAGE.root, 'studio')].find((dir) => existsSync(join(dir, 'index.html')));

// Preact and htm as this package resolves them, from its root: the same copies from the sources, dist/ or the bundle.
const require = createRequire(join(OWN_PACKAGE.root, 'package.json'));
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

/** The tags of the files read so far, by path, with the size and time they had: a file is read again only once it changed. */
const tags = new Map<string, { size: number; mtimeMs: number; tag: string }>();

/** The tag of a file of the page (`./app.js`, `./vendor/preact.js`) as it is now. */
function tagNow(name: string): string {
  const vendor = /^\.\/vendor\/([a-z]+\.js)$/.exec(name)?.[1];
  const path = vendor && Object.hasOwn(VENDOR, vendor) ? VENDOR[vendor]() : join(STUDIO_DIR!, name);
  const { size, mtimeMs } = statSync(path);
  let known = tags.get(path);
  if (known?.size !== size || known.mtimeMs !== mtimeMs) tags.set(path, known = { size, mtimeMs, tag: tagOf(readFileSync(path)) });
  return known.tag;
}

/** A file name of the page as its tagged URL. */
const tagged = (name: string) => `${name}?v=${tagNow(name)}`;

/** The build's bundle, when every module it was made from is on disk with the same bytes (no edit since the build). */
function currentBundle() {
  const bundle = builtBundle(bundleDir(STUDIO_DIR!));
  // Plain names only (the build writes no other), so a manifest never makes the server read outside the folder.
  const current = ([name, tag]: [string, string]) =>
    /^\.\/[a-z][a-z0-9-]*\.js$/.test(name) && existsSync(join(STUDIO_DIR!, name)) && tagNow(name) === tag;
  return bundle && Object.entries(bundle.inputs).every(current) ? bundle : undefined;
}

/**
 * The page, its import map naming the packages and every module by tagged URL (or, with a current bundle, the packages only), and
 * a CSP that admits that one inline script by hash and nothing else inline. Made per request (a few dozen stats; a file changed
 * since is read and hashed again): it names the new tag, or the plain modules, at once.
 */
export function studioPage(prefix: string): { html: string; csp: string } {
  // The prefix is checked when the config loads (letters, digits, `/_-`), so it is safe in an attribute.
  const page = readFileSync(join(STUDIO_DIR!, 'index.html'), 'utf8').replace('%API_PREFIX%', prefix);
  const written = /<script type="importmap">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '{"imports":{}}';
  const imports: Record<string, string> = {};
  for (const [specifier, target] of Object.entries(JSON.parse(written).imports as Record<string, string>)) {
    imports[specifier] = tagged(target);
  }
  const bundle = currentBundle();
  // With the bundle, the packages it imports are asked for beside it, not once it is parsed.
  const entry = bundle && Object.values(imports).map((url) => `<link rel="modulepreload" href="${url}">\n  `).join('')
    + `<script type="module" src="./${BUNDLE}?v=${bundle.tag}">`;
  if (!bundle) {
    for (const name of readdirSync(STUDIO_DIR!)) if (/^[a-z][a-z0-9-]*\.js$/.test(name)) imports[`./${name}`] = tagged(`./${name}`);
  }
  const importMap = JSON.stringify({ imports });
  const html = page.replace(written, () => importMap)
    .replace('<script type="module" src="./app.js">', (script) => entry || script)
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
  const body = await readFile(path).catch(() => { throw new NotFoundError(); });
  const type = TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  return answer(body, type, tag !== null && tag === tagOf(body), headers);
}

/**
 * The build's bundle of the studio's modules (`BUNDLE`), kept as the studio's files are; 404 when the build made none. Served
 * even when a module changed since: only a page made while it was current names it, and its bytes are those of its tag.
 */
export function studioBundleFile(tag: string | null, headers: Record<string, string>): Response {
  const bundle = builtBundle(bundleDir(STUDIO_DIR!));
  if (!bundle) throw new NotFoundError();
  return answer(bundle.bytes, TYPES.js, tag === bundle.tag, headers);
}

/** Bytes of the studio: kept by the browser for good when asked by the tag they have now, else checked again at each use. */
function answer(body: Uint8Array, type: string, kept: boolean, headers: Record<string, string>): Response {
  const cacheControl = kept ? 'public, max-age=31536000, immutable' : 'no-cache';
  return new Response(body as unknown as BodyInit, {
    status: 200, headers: { ...headers, 'content-type': type, 'cache-control': cacheControl },
  });
}
