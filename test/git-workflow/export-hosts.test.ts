import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import serveHandler from 'serve-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { exportApi } from '../../core/export/export-api.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';
import { editJson } from './helpers.js';

let out: string;
let routes: Record<string, string>;
let live: TestServer;
let host: Server;
let base: string;

beforeAll(async () => {
  const root = copySampleSite();
  editJson(root, 'cms.config.json', (config) => {
    config.api.rest.defaultLimit = 5;
    config.export = { populate: { full: 'populate=*', authors: 'populate[author][fields][0]=name&fields[0]=title' } };
  });
  out = mkdtempSync(join(tmpdir(), 'cms-export-hosts-'));
  routes = (await exportApi(await createCms({ root }), { out })).routes;
  live = await startApp(root);
  // The `serve` package's own handler, configured by the generated serve.json.
  const config = JSON.parse(readFileSync(join(out, 'serve.json'), 'utf8'));
  host = createServer((request, response) => serveHandler(request, response, { ...config, public: out }));
  await new Promise<void>((resolveListen) => host.listen(0, '127.0.0.1', resolveListen));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => new Promise<void>((resolveClose) => host.close(() => resolveClose())));

const liveBody = async (url: string) => {
  const answer = await live.getJson(url);
  expect(answer.status, url).toBe(200);
  return answer.body;
};

describe('cms export on static hosts', () => {
  it('includes /api/i18n/locales and the single types', () => {
    expect(routes['/api/i18n/locales']).toBe('api/i18n/locales.json');
    expect(routes['/api/global']).toBe('api/global/index.json');
    expect(routes['/api/about']).toBe('api/about/index.json');
  });

  it('serve (serve-handler with the generated serve.json) answers every URL without a query with the live body', async () => {
    const plain = Object.keys(routes).filter((url) => !url.includes('?'));
    expect(plain.length).toBeGreaterThan(30);
    for (const url of plain) {
      const response = await fetch(`${base}${url}`);
      expect(response.status, url).toBe(200);
      expect(await response.json(), url).toEqual(await liveBody(url));
    }
  });

  it('every file answers the body of its URL at its own path on any host, no rule needed', async () => {
    for (const [url, file] of Object.entries(routes)) {
      const response = await fetch(`${base}/${file}`);
      expect(response.status, file).toBe(200);
      expect(await response.json(), url).toEqual(await liveBody(url));
    }
  });

  it('Netlify _redirects: the first rule whose path and query parameters match names each URL\'s file', () => {
    const rules = readFileSync(join(out, '_redirects'), 'utf8').split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
      const parts = line.split(' ');
      return { path: parts[0], params: parts.slice(1, -2).map((pair) => pair.split(/=(.*)/s).slice(0, 2)), to: parts.at(-2), status: parts.at(-1) };
    });
    for (const [url, file] of Object.entries(routes)) {
      const parsed = new URL(url, 'http://x');
      const query = [...parsed.searchParams];
      const rule = rules.find((candidate) => candidate.path === parsed.pathname && candidate.params.every(([key, value]) => query.some(([k, v]) => k === key && v === value)));
      expect(rule?.to, url).toBe(`/${file}`);
      expect(rule?.status).toBe('200!');
    }
  });

  it('vercel.json: the first rewrite whose source and `has` conditions match names each URL\'s file', () => {
    const { rewrites } = JSON.parse(readFileSync(join(out, 'vercel.json'), 'utf8')) as { rewrites: { source: string; has?: { key: string; value: string }[]; destination: string }[] };
    for (const [url, file] of Object.entries(routes)) {
      const parsed = new URL(url, 'http://x');
      const rule = rewrites.find((candidate) => candidate.source === parsed.pathname && (candidate.has ?? []).every(({ key, value }) => parsed.searchParams.getAll(key).some((given) => new RegExp(value).test(given))));
      expect(rule?.destination, url).toBe(`/${file}`);
    }
  });

  it('nginx.conf maps each URL, as written and percent-encoded, to its file', () => {
    const conf = readFileSync(join(out, 'nginx.conf'), 'utf8');
    const map = new Map([...conf.matchAll(/^ {4}"((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)";$/gm)].map((match) => [match[1].replace(/\\(.)/g, '$1'), match[2]]));
    for (const [url, file] of Object.entries(routes)) {
      expect(map.get(url), url).toBe(`/${file}`);
      const encoded = url.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
      expect(map.get(encoded), encoded).toBe(`/${file}`);
    }
    expect(conf).toContain('map $request_uri $cms_export_file {');
  });
});
