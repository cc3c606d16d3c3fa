import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import serveHandler from 'serve-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { exportApi } from '../../core/export/export-api.js';
import { startNginx, type Nginx } from '../helpers/nginx.js';
import { copySampleSite } from '../helpers/project.js';
import { requires } from '../helpers/requires.js';
import { editJson, writeText } from './helpers.js';

/** The sample site with 5 documents a page and two populate shapes; `extra` more published categories. */
async function exportSite(extra = 0): Promise<{ out: string; routes: Record<string, string> }> {
  const root = copySampleSite();
  editJson(root, 'cms.config.json', (config) => {
    config.api.rest.defaultLimit = 5;
    config.export = { populate: { full: 'populate=*', authors: 'populate[author][fields][0]=name&fields[0]=title' } };
  });
  for (let n = 0; n < extra; n++) {
    const stamp = '2024-01-01T00:00:00.000Z';
    writeText(root, `content/categories/extra${n}.json`,
      `${JSON.stringify({ name: `Extra ${n}`, slug: `extra-${n}`, createdAt: stamp, updatedAt: stamp, publishedAt: stamp })}\n`);
  }
  const out = mkdtempSync(join(tmpdir(), 'cms-export-hosts-'));
  chmodSync(out, 0o755); // nginx's workers run as another user
  return { out, routes: (await exportApi(await createCms({ root }), { out })).routes };
}

let out: string;
let routes: Record<string, string>;
let serve: Server;
let serveBase: string;
let nginx: Nginx;
const needsNginx = requires('nginx');

beforeAll(async () => {
  ({ out, routes } = await exportSite());
  // The `serve` package's own handler, configured by the generated serve.json.
  const config = JSON.parse(readFileSync(join(out, 'serve.json'), 'utf8'));
  serve = createServer((request, response) => serveHandler(request, response, { ...config, public: out }));
  await new Promise<void>((resolveListen) => serve.listen(0, '127.0.0.1', resolveListen));
  serveBase = `http://127.0.0.1:${(serve.address() as AddressInfo).port}`;
  if (!needsNginx.skip) nginx = await startNginx(out, [join(out, 'nginx.conf')], [join(out, 'nginx-location.conf')]);
});

afterAll(async () => {
  await nginx?.stop();
  await new Promise<void>((resolveClose) => serve.close(() => resolveClose()));
});

const fileBody = (file: string) => JSON.parse(readFileSync(join(out, file), 'utf8'));
const bracketsEncoded = (url: string) => url.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
/** How `qs.stringify` sends a query: every reserved character percent-encoded. */
const qsEncoded = (url: string) => {
  const [path, query] = url.split('?');
  return query ? `${path}?${query.split('&').map((pair) => pair.split('=').map(encodeURIComponent).join('=')).join('&')}` : url;
};
/** URLs no file answers: the host must say 404, never serve another variant's body. */
const UNANSWERABLE = [
  '/api/articles?locale=de', '/api/articles?locale=fr&foo=1', '/api/articles?pagination[page]=99', '/api/articles?populate=author',
  '/api/articles?filters[title][$eq]=x', '/api/articles?sort=title', '/api/categories?locale=fr', '/api/nothing', '/api/articles/nosuchid',
  '/api/articles/jfsgk21o4wtsoknlvf65xsrj?locale=de', '/api/global?pagination[page]=2',
];

describe.skipIf(needsNginx.skip)(`cms export on nginx (Debian's, run for real)${needsNginx.note}`, () => {
  it('the generated nginx.conf and nginx-location.conf pass nginx -t and load', () => {
    expect(nginx.version).toMatch(/^nginx version: nginx\/\d+\.\d+/);
  });

  it('answers every exported URL, as written, brackets percent-encoded and as qs encodes it, with its file', async () => {
    const urls = Object.keys(routes);
    expect(urls.length).toBeGreaterThan(100);
    for (const url of urls) {
      for (const spelling of new Set([url, bracketsEncoded(url), qsEncoded(url)])) {
        const response = await fetch(`${nginx.base}${spelling}`);
        expect(response.status, spelling).toBe(200);
        expect(response.headers.get('content-type'), spelling).toMatch(/^application\/json/);
        expect(await response.json(), spelling).toEqual(fileBody(routes[url]));
      }
    }
  });

  it('answers the explicit default locale like no locale, and 404 for anything it has no file for', async () => {
    const explicit = await fetch(`${nginx.base}/api/articles?locale=en&pagination[page]=2`);
    expect(await explicit.json()).toEqual(fileBody(routes['/api/articles?pagination[page]=2']));
    for (const url of UNANSWERABLE) expect((await fetch(`${nginx.base}${url}`)).status, url).toBe(404);
  });

  it('serves every file at its own path', async () => {
    for (const file of Object.values(routes).slice(0, 40)) expect((await fetch(`${nginx.base}/${file}`)).status, file).toBe(200);
  });
});

describe('cms export on serve (serve-handler with the generated serve.json)', () => {
  it('serves every file at its own path with its body', async () => {
    for (const file of Object.values(routes)) {
      const response = await fetch(`${serveBase}/${file}`);
      expect(response.status, file).toBe(200);
      expect(await response.json(), file).toEqual(fileBody(file));
    }
  });

  it('answers 404 for the API\'s own URLs, which it cannot tell apart by query: never the English list for ?locale=fr', async () => {
    for (const url of ['/api/articles?locale=fr', '/api/articles', '/api/articles?pagination[page]=2', '/api/global',
      '/api/articles/jfsgk21o4wtsoknlvf65xsrj']) {
      const response = await fetch(`${serveBase}${url}`);
      expect(response.status, url).toBe(404);
    }
  });
});

interface VercelRule { source: string; has?: { key: string; value: string }[]; missing?: { key: string }[]; destination: string }

/** Vercel's documented matching: path-to-regexp source, `has` query values as regexes with named groups, `missing` keys absent. */
function vercelAnswer(rules: VercelRule[], url: string): string | undefined {
  const parsed = new URL(url, 'http://x');
  for (const rule of rules) {
    const source = new RegExp(`^${rule.source.replace(/:(\w+)\(([^)]*)\)/g, '(?<$1>$2)')}$`).exec(parsed.pathname);
    if (!source) continue;
    const groups: Record<string, string> = { ...source.groups };
    const has = (rule.has ?? []).every(({ key, value }) => {
      const match = parsed.searchParams.has(key) ? new RegExp(value).exec(parsed.searchParams.get(key)!) : null;
      Object.assign(groups, match?.groups);
      return match !== null;
    });
    if (!has || (rule.missing ?? []).some(({ key }) => parsed.searchParams.has(key))) continue;
    return rule.destination.replace(/:(\w+)/g, (_, name: string) => groups[name]);
  }
  return undefined;
}

/** Netlify's documented matching: `:placeholder` path segments, `key=:placeholder` or `key=value` query conditions, first match. */
function netlifyAnswer(text: string, url: string): string | undefined {
  const parsed = new URL(url, 'http://x');
  for (const line of text.split('\n').filter((entry) => entry && !entry.startsWith('#'))) {
    const parts = line.split(' ');
    const [path, to] = [parts[0], parts.at(-2)!];
    const source = new RegExp(`^${path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`).exec(parsed.pathname);
    if (!source) continue;
    const groups: Record<string, string> = { ...source.groups };
    const query = parts.slice(1, -2).every((pair) => {
      const [key, value] = pair.split(/=(.*)/s);
      const given = parsed.searchParams.get(key);
      if (given === null) return false;
      if (value.startsWith(':')) groups[value.slice(1)] = given;
      return value.startsWith(':') || given === value;
    });
    if (query) return to.replace(/:(\w+)/g, (_, name: string) => groups[name]);
  }
  return undefined;
}

describe('cms export rules for Vercel and Netlify', () => {
  it('vercel.json and _redirects name each exported URL\'s file, and a missing file (404) for a locale not exported', () => {
    const { rewrites } = JSON.parse(readFileSync(join(out, 'vercel.json'), 'utf8')) as { rewrites: VercelRule[] };
    const redirects = readFileSync(join(out, '_redirects'), 'utf8');
    for (const [url, file] of Object.entries(routes)) {
      expect(vercelAnswer(rewrites, url), url).toBe(`/${file}`);
      expect(netlifyAnswer(redirects, url), url).toBe(`/${file}`);
    }
    for (const answer of [vercelAnswer(rewrites, '/api/articles?locale=de'), netlifyAnswer(redirects, '/api/articles?locale=de')]) {
      expect(existsSync(join(out, answer!))).toBe(false);
    }
    // Vercel can also refuse query keys no file answers.
    expect(vercelAnswer(rewrites, '/api/articles?populate=author')).toBeUndefined();
  });

  it('the number of rules does not grow with the site: the same files for 60 more categories, within Vercel\'s 1,024 routes', async () => {
    const bigger = await exportSite(60);
    expect(Object.keys(bigger.routes).length).toBeGreaterThan(Object.keys(routes).length + 60);
    for (const file of ['vercel.json', '_redirects', 'nginx.conf', 'nginx-location.conf', 'serve.json']) {
      expect(readFileSync(join(bigger.out, file), 'utf8'), file).toBe(readFileSync(join(out, file), 'utf8'));
    }
    const { rewrites } = JSON.parse(readFileSync(join(out, 'vercel.json'), 'utf8')) as { rewrites: VercelRule[] };
    expect(rewrites.length).toBeLessThanOrEqual(40);
  });
});
