import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createCms, type Cms, type CreateCmsOptions } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { createServer } from 'node:http';
import { createNodeHandler } from '../../core/http/serve.js';
import { removeAfterFile } from './temp-folders.js';

/** The repository root: the sample site lives here. */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** A throwaway project folder from an inline tree `{ 'schemas/tag.json': {...}, 'content/tags/a.json': '...' }`, removed after the file. */
export function makeProject(tree: Record<string, unknown>): string {
  const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-test-')));
  for (const [path, content] of Object.entries(tree)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return root;
}

/** A private copy of the sample site (schemas, content, public, config), for tests that write; removed after the file. */
export function copySampleSite(): string {
  const root = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-sample-')));
  for (const entry of ['schemas', 'content', 'public', 'cms.config.json']) {
    cpSync(join(REPO_ROOT, entry), join(root, entry), { recursive: true });
  }
  return root;
}

export interface TestServer {
  cms: Cms;
  /** In-process request through the real h3 app (no socket). */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** GET a path and parse the JSON body. */
  getJson: (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;
  /** Send a JSON body. */
  sendJson: (method: string, path: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any }>;
}

export async function startApp(root: string = REPO_ROOT, options: Omit<CreateCmsOptions, 'root'> = {}): Promise<TestServer> {
  const cms = await createCms({ root, ...options });
  const app = createApp(cms, { log: () => {} });
  const request = (path: string, init?: RequestInit) => Promise.resolve(app.request(path, init));
  const parse = async (response: Response) => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    cms,
    request,
    getJson: async (path, init) => parse(await request(path, init)),
    sendJson: async (method, path, body, headers = {}) =>
      parse(await request(path, {
        method, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body),
      })),
  };
}

/** `cms` served over a real socket on a free local port (Node request → web Request), as a client reaches it. */
export async function onRealPort(cms: Cms): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const http = createServer(createNodeHandler(cms));
  await new Promise<void>((resolveListen) => http.listen(0, '127.0.0.1', resolveListen));
  const { port } = http.address() as { port: number };
  const close = () => new Promise<void>((resolveClose) => { http.closeAllConnections(); http.close(() => resolveClose()); });
  return { url: `http://127.0.0.1:${port}`, port, close };
}
