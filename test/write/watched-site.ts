import { createServer, type Server } from 'node:http';
import { vi } from 'vitest';
import { createCms } from '../../core/cms.js';
import type { Cms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { ResponseCache } from '../../core/http/response-cache.js';
import { createNodeHandler } from '../../core/http/serve.js';
import { writableSite } from './helpers.js';

/**
 * The writable sample site behind the real app, with its answer cache watched: `computed` counts answers that were not served
 * from the cache; `get` answers the status, the body's text (and its JSON) and the tag; `put` sends `{ data }` and answers
 * the status.
 */
export async function watchedSite() {
  const cms = await createCms({ root: writableSite() });
  const cache = new ResponseCache();
  const set = vi.spyOn(cache, 'set');
  const app = createApp(cms, { cache, log: () => {} });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.request(path, { headers });
    const text = await response.text();
    const body = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    return { status: response.status, text, body, etag: response.headers.get('etag') };
  };
  const put = async (path: string, data: unknown) => (await app.request(
    path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) },
  )).status;
  return { cms, get, put, computed: () => set.mock.calls.length };
}

/** `cms` served over a socket by the Node handler (its fast paths); the base URL. Pushed on `servers`, for the test file to close. */
export async function listening(cms: Cms, servers: Server[]): Promise<string> {
  const server = createServer(createNodeHandler(cms));
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
