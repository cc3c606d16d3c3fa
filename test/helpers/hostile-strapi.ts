import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the mock answers one request with: a JSON body (with a status), raw text, or nothing at all
 * (`hang`: the headers never come, as a stalled source).
 */
export type MockAnswer = { status?: number; json?: unknown; text?: string; headers?: Record<string, string> } | { hang: true };

/** Picks an answer for a request; undefined falls through to the honest default. */
export type MockRoute = (path: string, url: URL) => MockAnswer | undefined;

export interface HostileStrapi {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request path (with its query) in arrival order. */
  requests: string[];
  close(): Promise<void>;
}

/** Strapi's list envelope for one page of entries. */
export const page = (
  data: unknown,
  pagination: Record<string, unknown> = { page: 1, pageSize: 100, pageCount: 1, total: Array.isArray(data) ? data.length : 0 },
) =>
  ({ json: { data, meta: { pagination } } });

/**
 * The honest part: an empty media library, the locales given, and 404 for every content type, so a
 * test states only the answers it turns hostile.
 */
function honest(path: string, locales: string[]): MockAnswer {
  if (path === '/api/upload/files') return { json: [] };
  if (path === '/api/i18n/locales') return { json: locales.map((code, at) => ({ id: at + 1, code, name: code, isDefault: at === 0 })) };
  return { status: 404, json: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } };
}

/**
 * A Strapi 5 look-alike on an ephemeral port that answers what a test tells it to: traversal
 * documentIds, a pageCount of 1e12, an object where a list belongs, a body that never comes. Import
 * tests point `cms import --from` at it to prove that everything a source sends is treated as
 * untrusted input.
 *
 * @example
 * const source = await hostileStrapi((path) => path === '/api/tags' ? page([{ documentId: '../../x' }]) : undefined);
 */
export async function hostileStrapi(route: MockRoute, options: { locales?: string[] } = {}): Promise<HostileStrapi> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://mock');
    requests.push(`${url.pathname}${url.search}`);
    const answer = route(url.pathname, url) ?? honest(url.pathname, options.locales ?? ['en']);
    if ('hang' in answer) return; // the socket is destroyed by close()
    const body = answer.text ?? JSON.stringify(answer.json);
    // A declared length unless the test streams the body (chunked), as a lying or endless source would.
    const length = answer.headers?.['transfer-encoding'] ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...length, ...answer.headers });
    response.end(body);
  });
  server.on('connection', (socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    }),
  };
}
