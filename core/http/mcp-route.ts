import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { mayUseMcp } from '../mcp/ability.js';
import { WritesUnderWay } from '../mcp/writes-under-way.js';
import { readBody } from './body.js';
import type { ExtensionRoute } from './route-context.js';
import type { JudgedOn } from '../mcp/kept-calls.js';

/** Strapi's JSON-RPC errors at `/mcp` (core/services/mcp/utils/jsonRpcErrors). */
const ERRORS = {
  INTERNAL_ERROR: { code: -32603, message: 'Internal error', status: 500 },
  AUTHENTICATION_REQUIRED: { code: -32000, message: 'Authentication required', status: 401 },
  METHOD_NOT_ALLOWED: { code: -32601, message: 'Method not allowed', status: 405 },
} as const;

export const MCP_PATH = '/mcp';

/**
 * The OAuth discovery paths MCP clients probe (Strapi's `oauthDiscoveryFallback`): Strapi is no authorization server,
 * so they answer a JSON 404 a client understands rather than the plain one.
 */
const OAUTH_PROBES = new Set(['GET /.well-known/oauth-authorization-server', 'GET /.well-known/openid-configuration', 'POST /register']);
const oauthNotSupported = (method: string, headers: Record<string, string>) => new Response(
  JSON.stringify({ error: 'not_found', error_description: 'OAuth is not supported' }),
  // Strapi's fallback rewrites the router's answer to a 404 and keeps its headers: another verb than GET on a path only
  // the public folder's `GET /(.*)` matches was koa-router's 405 with `Allow: HEAD, GET` (recorded: oauth.register).
  {
    status: 404,
    headers: { ...headers, ...(method === 'GET' ? {} : { allow: 'HEAD, GET' }), 'content-type': 'application/json;charset=utf-8' },
  },
);

function rpcError(key: keyof typeof ERRORS, headers: Record<string, string>, extra: Record<string, string> = {}, said?: string): Response {
  const { code, message: fixed, status } = ERRORS[key];
  const message = said ?? fixed;
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status, headers: { ...headers, ...extra, 'content-type': 'application/json' },
  });
}

/** The site's state as it is now, read in the same step as the caller it judges (`cms.contentApi.callerFor`). */
export const judgedNow = (cms: Cms): JudgedOn => ({ revision: cms.auth.store.revision, config: cms.config, index: cms.index });

/** Strapi's bearer rule: `Bearer <key>`, exactly two parts; anything else is no credential. */
export function bearer(authorization: string | null): string | undefined {
  if (authorization === null) return undefined;
  const parts = authorization.split(/\s+/);
  return parts[0].toLowerCase() === 'bearer' && parts.length === 2 ? parts[1] : undefined;
}

/** A step past its bound, in Strapi's words. */
class TimedOutError extends Error {
  constructor(readonly what: string, ms: number) {
    super(`Operation '${what}' timed out after ${ms}ms`);
  }
}

/** Bound a step as Strapi bounds connect and handleRequest: past it the request is an internal error. */
const within = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOutError(what, ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/** A request whose writes were still under way a second bound after its own: they may land yet. */
class WriteMayLandError extends Error {}

/**
 * Past the request's bound (Strapi answers `Internal error` then, its tool going on): no writing call starts any more, and
 * those under way are waited for, up to the bound once more, so the answer says what they did. A read alone past the
 * bound is Strapi's error.
 */
async function outlast<T>(error: unknown, answering: Promise<T>, underWay: WritesUnderWay, ms: number, report: (line: string) => void) {
  if (!(error instanceof TimedOutError)) throw error;
  const reason = error.message;
  const count = underWay.close(reason);
  if (count === 0) throw error;
  report(`[MCP] ${reason}: waiting for the ${count === 1 ? 'write' : `${count} writes`} under way`);
  try {
    return await within(answering, ms, 'a write under way');
  } catch (late) {
    if (!(late instanceof TimedOutError)) throw late;
    throw new WriteMayLandError(`Internal error: a write was still under way ${2 * ms}ms after the request began; `
      + 'it may still land, so read the document before retrying it');
  }
}

/**
 * `POST /mcp`: Strapi 5.54's MCP server through the SDK (stateless streamable HTTP, one server per request). Its own
 * bearer check (an API token, or a signed-in account that may manage content; else `AUTHENTICATION_REQUIRED`); then
 * every tool call goes through core/mcp to the same service, access decision and write path as REST.
 */
export const mcpRoute: ExtensionRoute = async ({ request, url, cms, headers }) => {
  if (!cms.config.mcp.enabled) return undefined;
  if (OAUTH_PROBES.has(`${request.method} ${url.pathname}`)) return oauthNotSupported(request.method, headers);
  // Koa's router is not strict about a trailing slash: `/mcp/` is `/mcp`
  if (url.pathname !== MCP_PATH && url.pathname !== `${MCP_PATH}/`) return undefined;
  if (request.method !== 'POST') {
    if (['GET', 'DELETE', 'PUT', 'PATCH'].includes(request.method)) return rpcError('METHOD_NOT_ALLOWED', headers, { allow: 'POST' });
    return undefined;
  }
  // Strapi's body parser reads the body before the route runs: malformed JSON is its 400, whoever asks
  const parsedBody = await readBody(request);
  const key = bearer(request.headers.get('authorization'));
  let caller: Caller | undefined;
  // What the caller is judged on, read in the same step: an answer computed for it is kept only if none of it moved.
  const judged = judgedNow(cms);
  try {
    caller = key === undefined ? undefined : cms.contentApi.callerFor(`Bearer ${key}`);
  } catch {
    caller = undefined;
  }
  if (!caller || !mayUseMcp(caller, cms.models)) return rpcError('AUTHENTICATION_REQUIRED', headers);
  const { connectTimeoutMs, requestTimeoutMs } = cms.config.mcp;
  // The SDK and the tool schemas load on the first call: a site without MCP (and every CLI run) never pays for them.
  const [{ WebStandardStreamableHTTPServerTransport }, { createMcpServer }, { keptCall }] = await Promise.all([
    import('@modelcontextprotocol/server'), import('../mcp/mcp-server.js'), import('../mcp/kept-calls.js'),
  ]);
  // A read tool's call asked before by this credential, nothing it reads changed since: its answer as kept.
  const kept = keptCall(cms, parsedBody, (name) => request.headers.get(name), key!, judged);
  if (kept?.hit) return new Response(kept.hit.body as unknown as BodyInit, { status: kept.hit.status, headers: kept.hit.headers });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  let server: Awaited<ReturnType<typeof createMcpServer>> | undefined;
  const underWay = new WritesUnderWay();
  try {
    server = await createMcpServer(cms, caller, request, url, underWay, parsedBody);
    await within(server.connect(transport), connectTimeoutMs, 'mcpServer.connect');
    const answer = async () => {
      const response = await transport.handleRequest(request, { parsedBody });
      // Stateless: the whole answer (one JSON-RPC reply, or its SSE events) is read before the server closes.
      return { response, text: response.body ? await response.text() : null };
    };
    const answering = answer();
    const { response, text } = await within(answering, requestTimeoutMs, 'transport.handleRequest')
      .catch((error) => outlast(error, answering, underWay, requestTimeoutMs, (line) => cms.report(line)));
    const out = new Headers(headers);
    response.headers.forEach((value, name) => out.set(name, value));
    // an answer with no body (202 to a notification) as Node's transport writes it: Koa's text/plain
    if (!response.headers.has('content-type')) out.set('content-type', 'text/plain;charset=utf-8');
    kept?.keep({ status: response.status, headers: out, text });
    return new Response(text, { status: response.status, headers: out });
  } catch (error) {
    cms.report(`[MCP] Error handling POST request: ${(error as Error)?.message ?? String(error)}`);
    return error instanceof WriteMayLandError
      ? rpcError('INTERNAL_ERROR', headers, {}, error.message) : rpcError('INTERNAL_ERROR', headers);
  } finally {
    await server?.close();
  }
};
