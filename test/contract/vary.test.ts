import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { serve, type RunningServer } from '../../core/http/serve.js';
import { bearer, TEST_ENV, writeConfig } from '../auth/helpers.js';
import { copySampleSite } from '../helpers/project.js';

/**
 * Issue 28, finding 7: answers change with `Strapi-Response-Format` (and with the credential and the
 * Origin), but `Vary` named only `Origin`; with the README's own `public, max-age=60,
 * stale-while-revalidate=600`, one v4 request made a shared cache serve the v4 shape to v5 clients for
 * 11 minutes. Over a real socket, through both the computed answer and the server's own cached one.
 */

const README_CACHE = { '*': 'public, max-age=0, must-revalidate', articles: 'public, max-age=60, stale-while-revalidate=600' };
const PATH = '/api/articles?fields[0]=title&pagination[pageSize]=1';

let server: RunningServer;
let base = '';
let token = '';

beforeAll(async () => {
  const root = copySampleSite();
  writeConfig(root, (config) => { config.server = { ...config.server, cacheControl: README_CACHE }; });
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const cms = await createCms({ root, env: TEST_ENV, watch: false, report: () => {} });
  token = (await cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
  server = await serve(cms, { port, host: '127.0.0.1', showURL: false });
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => server?.close());

const varied = (response: Response) => (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());

describe('Vary on API answers', () => {
  it('names Strapi-Response-Format on the v4 and the v5 answer, computed and cached, and on their 304s', async () => {
    const bodies: string[] = [];
    for (const format of ['v4', undefined, 'v4', undefined]) {
      const headers: Record<string, string> = format ? { 'strapi-response-format': format } : {};
      const answer = await fetch(`${base}${PATH}`, { headers });
      expect([format, answer.status, answer.headers.get('cache-control')]).toEqual([format, 200, README_CACHE.articles]);
      expect(varied(answer)).toEqual(expect.arrayContaining(['strapi-response-format', 'origin', 'authorization']));
      bodies.push(await answer.text());
      const again = await fetch(`${base}${PATH}`, { headers: { ...headers, 'if-none-match': answer.headers.get('etag')! } });
      expect([format, again.status]).toEqual([format, 304]);
      expect(varied(again)).toContain('strapi-response-format');
    }
    // The shapes differ, so a cache that ignored the header would serve the wrong one.
    expect(bodies[0]).toContain('"attributes"');
    expect(bodies[1]).not.toContain('"attributes"');
    expect([bodies[2], bodies[3]]).toEqual([bodies[0], bodies[1]]);
  });

  it('names Authorization, and answers a credential privately even where the README config says public', async () => {
    const answer = await fetch(`${base}${PATH}`, { headers: bearer(token) });
    expect(answer.status).toBe(200);
    expect(varied(answer)).toContain('authorization');
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('names Origin with the CORS headers it answers', async () => {
    const answer = await fetch(`${base}${PATH}`, { headers: { origin: 'https://site.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(varied(answer)).toEqual(expect.arrayContaining(['origin', 'strapi-response-format']));
  });
});
