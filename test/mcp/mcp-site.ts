import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { vi } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { createServer } from 'node:http';
import { createNodeHandler } from '../../core/http/serve.js';
import { makeProject } from '../helpers/project.js';

export const ARTICLE = {
  kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: true },
  attributes: {
    title: { type: 'string', required: true, maxLength: 80 }, views: { type: 'integer', min: 0 },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
  },
};
export const CATEGORY = {
  kind: 'collectionType', info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
  options: { draftAndPublish: false }, attributes: { name: { type: 'string' } },
};
export const GLOBAL = {
  kind: 'singleType', info: { singularName: 'global', pluralName: 'globals', displayName: 'Global' },
  options: { draftAndPublish: false }, attributes: { siteName: { type: 'string' } },
};

export const git = (root: string, ...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** A committed site with `mcp.enabled` (`extra`: more files, `config`: more settings), and a GitHub-looking origin that is a local bare repository. */
export function mcpProject(mcp: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}): string {
  const root = makeProject({
    'schemas/article.json': ARTICLE, 'schemas/category.json': CATEGORY, 'schemas/global.json': GLOBAL,
    'cms.config.json': { mcp: { enabled: true, ...mcp }, ...config }, ...extra,
  });
  git(root, 'init', '--quiet', '--initial-branch=main');
  git(root, 'config', 'user.name', 'Site Owner');
  git(root, 'config', 'user.email', 'owner@example.com');
  git(root, 'add', '-A');
  git(root, 'commit', '--quiet', '-m', 'Site');
  const bare = mkdtempSync(join(tmpdir(), 'cms-mcp-origin-'));
  git(bare, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(root, 'remote', 'add', 'origin', 'https://github.com/acme/site.git');
  git(root, 'config', `url.${bare}.insteadOf`, 'https://github.com/acme/site.git');
  git(root, 'push', '--quiet', 'origin', 'main');
  return root;
}

export interface McpSite { cms: Cms; url: string; close: () => Promise<void> }

export const TEST_ENV = { CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef' };

export async function serve(root: string): Promise<McpSite> {
  return onPort(await createCms({ root, report: () => {}, env: TEST_ENV }));
}

/** `cms` on a real local port; idle connections are kept long enough that a busy test machine never reuses a closed one. */
export async function onPort(cms: Cms): Promise<McpSite> {
  const http = createServer(createNodeHandler(cms));
  http.keepAliveTimeout = 120_000;
  await new Promise<void>((resolveListen) => http.listen(0, '127.0.0.1', resolveListen));
  const { port } = http.address() as { port: number };
  const close = async () => {
    await new Promise<void>((resolveClose) => { http.closeAllConnections(); http.close(() => resolveClose()); });
    await cms.close();
  };
  return { cms, url: `http://127.0.0.1:${port}`, close };
}

/** The SDK's own client over streamable HTTP, with a bearer credential. */
export async function connect(site: McpSite, key?: string): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  const headers: Record<string, string> = key === undefined ? {} : { authorization: `Bearer ${key}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`), { requestInit: { headers } }));
  return client;
}

export const token = async (cms: Cms, name: string, type: 'full-access' | 'read-only' | 'custom', permissions?: string[]) =>
  (await cms.auth.tokens.create({ name, type, ...(permissions ? { permissions } : {}) })).accessKey;

/** A JSON-RPC reply from an answer's text: the SSE event's data, or the JSON itself. */
export const replyOf = (text: string) => {
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  return JSON.parse(data ? data.slice(6) : text);
};

/** One JSON-RPC request at /mcp of an in-process app (`createApp`): status, content type, the answer's text and reply. */
export async function appRpc(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, key: string, method: string, params: Record<string, unknown> = {},
) {
  const response = await app.request('/mcp', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text, reply: replyOf(text) };
}

/** `ask`'s answer, and whether an MCP server was connected to make it (`computed`), not a kept answer written. */
export async function computedOr<T extends object>(ask: () => Promise<T>): Promise<T & { computed: boolean }> {
  let computed = false;
  const connect = McpServer.prototype.connect;
  vi.spyOn(McpServer.prototype, 'connect').mockImplementation(function (this: McpServer, ...args: unknown[]) {
    computed = true;
    return (connect as (...a: unknown[]) => Promise<void>).apply(this, args);
  } as never);
  try {
    return { ...(await ask()), computed };
  } finally {
    vi.restoreAllMocks();
  }
}
